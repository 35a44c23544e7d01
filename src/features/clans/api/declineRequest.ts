// POST /api/clans/requests/{requestId}/decline. A clan change: the machine's `perform` (performAction.ts) runs it; after a
// success every clan list refreshes (keys.ts refreshClanLists, the machine's `refreshLists`).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

export const declineRequest = (requestId: string) => call(c.declineRequest, { params: { requestId } });
