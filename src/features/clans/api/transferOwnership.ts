// POST /api/clans/{clanId}/transfer: the admin hands the clan to a member. A clan change: the machine's `perform` (performAction.ts) runs it; after a
// success every clan list refreshes (keys.ts refreshClanLists, the machine's `refreshLists`).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

export const transferOwnership = (clanId: string, newAdminUuid: string) => call(c.transferOwnership, { params: { clanId }, body: { newAdminUuid } });
