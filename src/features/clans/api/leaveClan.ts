// DELETE /api/clans/{clanId}/leave: a member leaves the player's clan. A clan change: the machine's `perform` (performAction.ts) runs it; after a
// success every clan list refreshes (keys.ts refreshClanLists, the machine's `refreshLists`).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

export const leaveClan = (clanId: string) => call(c.leaveClan, { params: { clanId } });
