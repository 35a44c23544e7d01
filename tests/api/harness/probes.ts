// Synthetic endpoints, registered on a test app through the real `route()` (validation, access
// rules, error handler), that give the harness something to bite on before the features that
// need it exist, and prove it bites:
//  - GOOD_PROBES behave like a careful feature would (owner-only read by uuid, a game-server
//    award that moves coins through the ledger): the harness must find nothing;
//  - BROKEN_PROBES each carry one classic defect (an authz leak, a 500 on bad input, a write
//    before a refusal): the harness must report every one of them.
// They are not in ALL_ENDPOINTS, so nothing else in the product sees them.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineEndpoint, type EndpointDef } from '../../../contract/http';
import { hundredthsToNumber, parseTripcoins, TripcoinAmount } from '../../../contract/money';
import { badRequest, notFound } from '../../../server/errors';
import { route } from '../../../server/route';
import { coinBalance, MINT, moveCoins, playerAccount } from '../../../server/services/economy/ledger';
import type { Example } from './examples';

const Stash = z.object({ uuid: z.string(), username: z.string() });
const UuidParams = z.object({ uuid: z.string().max(64) });

export const stashProbe = defineEndpoint({
  method: 'GET', path: '/api/__harness/stash/:uuid', access: 'user', summary: 'probe: owner-only read',
  params: UuidParams, response: Stash,
});
export const awardProbe = defineEndpoint({
  method: 'POST', path: '/api/__harness/award', access: 'gameServer', summary: 'probe: game server awards coins',
  body: z.object({ uuid: z.uuid(), amount: TripcoinAmount }), response: z.object({ balance: z.number() }), movesValue: true,
});
export const leakyProbe = defineEndpoint({
  method: 'GET', path: '/api/__harness/leaky/:uuid', access: 'user', summary: 'probe: reads anyone\'s stash (authz defect)',
  params: UuidParams, response: Stash,
});
export const fragileProbe = defineEndpoint({
  method: 'POST', path: '/api/__harness/fragile', access: 'public', summary: 'probe: 500 on a negative number (defect)',
  body: z.object({ n: z.number() }), response: z.object({ ok: z.boolean() }),
});
export const halfwayProbe = defineEndpoint({
  method: 'POST', path: '/api/__harness/halfway', access: 'public', summary: 'probe: writes, then refuses (defect)',
  body: z.object({ note: z.string().max(100) }), response: z.object({ ok: z.boolean() }),
});

export const GOOD_PROBES: EndpointDef[] = [stashProbe, awardProbe];
export const BROKEN_PROBES = { leaky: leakyProbe, fragile: fragileProbe, halfway: halfwayProbe };

export function registerProbes(app: FastifyInstance): void {
  const stashOf = async (uuid: string) => {
    const row = await app.db.selectFrom('users').select(['id', 'username']).where('id', '=', z.uuid().safeParse(uuid).success ? uuid : '00000000-0000-0000-0000-000000000000').executeTakeFirst();
    if (!row) throw notFound('No such stash');
    return { uuid: row.id, username: row.username };
  };
  route(app, stashProbe, async ({ params, user }) => {
    // Someone else's stash answers exactly like a missing one: no existence oracle.
    if (params.uuid !== user.id) throw notFound('No such stash');
    return stashOf(params.uuid);
  });
  route(app, awardProbe, async ({ body, trx }) => {
    const amount = parseTripcoins(body.amount);
    if (amount === null) throw badRequest('Amount must be a positive number with at most 2 decimals');
    const exists = await trx.selectFrom('users').select('id').where('id', '=', body.uuid).executeTakeFirst();
    if (!exists) throw notFound('Unknown player');
    await moveCoins(trx, { from: MINT, to: playerAccount(body.uuid), amount, reason: 'harness-award' });
    return { balance: hundredthsToNumber(await coinBalance(trx, playerAccount(body.uuid))) };
  });
  route(app, leakyProbe, async ({ params }) => stashOf(params.uuid));
  route(app, fragileProbe, async ({ body }) => {
    if (body.n < 0) throw new Error('negative numbers were never considered');
    return { ok: true };
  });
  // Broken on purpose: it writes outside any transaction ('steps' without ctx.transaction), then refuses.
  route(app, halfwayProbe, async ({ body }) => {
    await app.db.insertInto('server_secrets').values({ name: `halfway-${Date.now()}-${Math.random()}`, value: body.note }).execute();
    if (body.note.length > 3) throw badRequest('Note too long (checked after writing it)');
    return { ok: true };
  }, { transaction: 'steps' });
}

/** What a valid call of each probe looks like, for the authz table (see examples.ts). */
export const PROBE_EXAMPLES: Record<string, Example> = {
  'GET /api/__harness/stash/:uuid': { call: () => ({}), ownership: 'owner-only' },
  'GET /api/__harness/leaky/:uuid': { call: () => ({}), ownership: 'owner-only' },
};
