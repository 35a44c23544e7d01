// DELETE /api/clans/{clanId}/members/{uuid}: the admin removes a member. A clan change: the machine's `perform` (performAction.ts) runs it; after a
// success every clan list refreshes (keys.ts refreshClanLists, the machine's `refreshLists`).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

export const removeMember = (clanId: string, uuid: string) => call(c.removeMember, { params: { clanId, uuid } });
