// POST /api/clans/invites/{inviteId}/accept: joins the inviting clan. A clan change: the machine's `perform` (performAction.ts) runs it; after a
// success every clan list refreshes (keys.ts refreshClanLists, the machine's `refreshLists`).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

export const acceptInvite = (inviteId: string) => call(c.acceptInvite, { params: { inviteId } });
