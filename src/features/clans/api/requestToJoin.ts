// POST /api/clans/{clanId}/request: asks to join a clan. A clan change: the machine's `perform` (performAction.ts) runs it; after a
// success every clan list refreshes (keys.ts refreshClanLists, the machine's `refreshLists`).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

export const requestToJoin = (clanId: string) => call(c.requestToJoin, { params: { clanId } });
