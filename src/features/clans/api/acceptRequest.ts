// POST /api/clans/requests/{requestId}/accept: the admin lets a player in. A clan change: the machine's `perform` (performAction.ts) runs it; after a
// success every clan list refreshes (keys.ts refreshClanLists, the machine's `refreshLists`).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

export const acceptRequest = (requestId: string) => call(c.acceptRequest, { params: { requestId } });
