// POST /api/clans/create: a new clan with the player as admin (level rule in contract/levels.ts). A clan change: the machine's `perform` (performAction.ts) runs it; after a
// success every clan list refreshes (keys.ts refreshClanLists, the machine's `refreshLists`).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

/** The form's colour is one of the contract's (checked by the form and again by the server). */
type ClanColorValue = (typeof c.CLAN_COLORS)[number];

export const createClan = ({ clanName, clanTag, clanColor }: { clanName: string; clanTag: string; clanColor: string }) => call(c.createClan, { body: { clanName, clanTag, clanColor: clanColor as ClanColorValue } });
