// POST /api/clans/{clanId}/invite: the admin invites a player by username. A clan change: the machine's `perform` (performAction.ts) runs it; after a
// success every clan list refreshes (keys.ts refreshClanLists, the machine's `refreshLists`).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

export const invitePlayer = (clanId: string, username: string) => call(c.invitePlayer, { params: { clanId }, body: { username } });
