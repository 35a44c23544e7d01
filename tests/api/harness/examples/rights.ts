// Valid calls of a player's rights over their data. A deletion is for good, and the harness's
// actors live on through the whole run: its call here is the refused one (a password account
// confirming by name, 403 before any password work), and the console's names no existing player
// (404). The deletion itself is tested in tests/api/account-rights.test.ts.
import { randomUUID } from 'node:crypto';
import type { Example } from '../examples';

export const RIGHTS_EXAMPLES: Record<string, Example> = {
  // A few downloads an hour: repeated calls (bench, workload) meet the limit.
  'GET /api/account/export': { call: () => ({}), ok: [200, 429] },
  'POST /api/account/delete': { call: (ctx) => ({ body: { confirmUsername: (ctx.caller ?? ctx.owner).username } }), ok: [403] },
  'POST /api/admin/players/:uuid/delete': { call: () => ({ params: { uuid: randomUUID() }, body: { reason: 'harness: no such player' } }), ok: [404] },
};
