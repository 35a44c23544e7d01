// DELETE /api/clans/{clanId}: the admin disbands the clan. A clan change: the machine's `perform` (performAction.ts) runs it; after a
// success every clan list refreshes (keys.ts refreshClanLists, the machine's `refreshLists`).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

export const disbandClan = (clanId: string) => call(c.disbandClan, { params: { clanId } });
