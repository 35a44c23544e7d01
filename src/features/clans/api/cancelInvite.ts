// DELETE /api/clans/{clanId}/invites/{inviteId}: the admin revokes an invite. A clan change: the machine's `perform` (performAction.ts) runs it; after a
// success every clan list refreshes (keys.ts refreshClanLists, the machine's `refreshLists`).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

export const cancelInvite = (clanId: string, inviteId: string) => call(c.cancelInvite, { params: { clanId, inviteId } });
