// GET /api/clans/search?q=: clans by name or tag (the Request to Join search).
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';

export const searchClans = (q: string, signal?: AbortSignal) => call(c.searchClans, { query: { q }, signal });
