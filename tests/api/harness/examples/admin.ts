// Valid calls of the console's endpoints that the generator cannot make on its own (a grant's
// amount is a refinement). They act on the example's owner; the caller must be an admin.
import { randomUUID } from 'node:crypto';
import type { Example } from '../examples';

export const ADMIN_EXAMPLES: Record<string, Example> = {
  // The caller's own password: the console asks the admin to type it again before writes.
  'POST /api/admin/reauth': { call: (ctx) => ({ body: { password: (ctx.caller ?? ctx.owner).password } }) },
  // A credential hold of the owner's to release (a password change would start one; here directly).
  'POST /api/admin/players/:uuid/holds/:holdId/release': {
    async call(ctx) {
      const holdId = randomUUID();
      await ctx.db.insertInto('trade_holds').values({ id: holdId, user_id: ctx.owner.uuid, reason: 'passwordChanged', ends_at: new Date(Date.now() + 3_600_000) }).execute();
      return { params: { uuid: ctx.owner.uuid, holdId }, body: { reason: 'harness release' } };
    },
  },
  'POST /api/admin/players/:uuid/grant': { call: (ctx) => ({ params: { uuid: ctx.owner.uuid }, body: { reason: 'harness grant', direction: 'grant', asset: 'TC', amount: '1.25' } }) },
};
