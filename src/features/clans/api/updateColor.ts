// PUT /api/clans/{clanId}/color: the admin changes the clan colour. A clan change: the machine's `perform` (performAction.ts) runs it; after a
// success every clan list refreshes (keys.ts refreshClanLists, the machine's `refreshLists`).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

/** The form's colour is one of the contract's (checked by the form and again by the server). */
type ClanColorValue = (typeof c.CLAN_COLORS)[number];

export const updateColor = (clanId: string, clanColor: string) => call(c.updateColor, { params: { clanId }, body: { clanColor: clanColor as ClanColorValue } });
