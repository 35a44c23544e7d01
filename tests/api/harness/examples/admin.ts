// Valid calls of the console's endpoints that the generator cannot make on its own (a grant's
// amount is a refinement). They act on the example's owner; the caller must be an admin.
import type { Example } from '../examples';

export const ADMIN_EXAMPLES: Record<string, Example> = {
  // The caller's own password: the console asks the admin to type it again before writes.
  'POST /api/admin/reauth': { call: (ctx) => ({ body: { password: (ctx.caller ?? ctx.owner).password } }) },
  'POST /api/admin/players/:uuid/grant': { call: (ctx) => ({ params: { uuid: ctx.owner.uuid }, body: { reason: 'harness grant', direction: 'grant', asset: 'TC', amount: '1.25' } }) },
};
