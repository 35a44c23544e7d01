// The contract fuzzing suite (tests/api/fuzz.test.ts on PGlite, tests/api/fuzz-postgres.test.ts on
// PostgreSQL): every endpoint in ALL_ENDPOINTS, anonymously and as a logged-in player
// (with the game-server key for gameServer endpoints, as an admin for admin endpoints), gets a real valid call, the hostile
// catalogue (harness/hostile.ts) and random fast-check draws from its zod schemas. Every answer
// must be 2xx matching the response schema or 4xx with the error shape, never 5xx, and every
// refused request must leave the database unchanged. New endpoints are picked up from the
// contract; see harness/examples.ts when one needs a hand-written valid call.
//
// One file per database, so the run's two workers fuzz both side by side (in one file the
// second database waited for the first: the longest API file by far).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../../contract/endpoints';
import { setAdmin } from '../../../server/jobs/adminRole';
import type { EndpointDef } from '../../../contract/http';
import { endpointKey } from './contract';
import { GAME_SERVER_AUTH, reauthenticateActor, registerActor, type Actor } from './actors';
import { fuzzEndpoint, type FuzzTarget } from './fuzz';
import { BROKEN_PROBES, GOOD_PROBES, registerProbes } from './probes';
import { installChangeLog } from './snapshot';
import { injectTransport, solveBotCheckVia, type Transport } from './transport';
import { startApp, type TestApp, type TestDatabase } from '../helpers';

const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

type Caller = 'anonymous' | 'player' | 'gameServer' | 'admin';

/**
 * Who fuzzes an endpoint how deeply: the caller it is meant for gets the full catalogue, the
 * callers it must refuse get a sample of every kind of case (see hostileCatalogue).
 */
function callersOf(endpoint: EndpointDef): Array<[Caller, 'full' | 'essential']> {
  if (endpoint.access === 'gameServer') return [['gameServer', 'full'], ['anonymous', 'essential'], ['player', 'essential']];
  if (endpoint.access === 'user') return [['player', 'full'], ['anonymous', 'essential']];
  if (endpoint.access === 'admin') return [['admin', 'full'], ['anonymous', 'essential'], ['player', 'essential']];
  return [['anonymous', 'full'], ['player', 'essential']];
}

/**
 * The suite on one database (skipped when it is not configured). `randomRuns`: fast-check's
 * random draws per endpoint for its main caller; the valid call and the hostile catalogue are
 * sent in full whatever it is.
 */
export function fuzzSuite(database: TestDatabase | undefined, randomRuns: number): void {
  describe.skipIf(!database)(`contract fuzzing on ${database?.name ?? 'a database not configured'}`, () => {
    let t: TestApp;
    let send: Transport;
    let player: Actor;
    let other: Actor;
    let admin: Actor;

    beforeAll(async () => {
      t = await startApp(database!);
      registerProbes(t.app);
      send = injectTransport(t.app);
      player = await registerActor(send);
      other = await registerActor(send);
      admin = await registerActor(send);
      await setAdmin(t.handle.db, admin.username, true);
      t.app.sessions.clear();
      await reauthenticateActor(send, admin);
      await installChangeLog(t.handle.db);
    });
    afterAll(async () => { await t.close(); });

    const target = (caller: Caller | null): FuzzTarget => ({
      send, db: t.handle.db, other, botToken: () => solveBotCheckVia(send),
      caller: caller === 'player' ? player : caller === 'admin' ? admin : null,
      ...(caller === 'gameServer' ? { headers: GAME_SERVER_AUTH } : {}),
    });

    const endpoints = [...ALL_ENDPOINTS, ...GOOD_PROBES];
    it.for(endpoints.map((e) => [endpointKey(e), e] as const))('%s: 2xx per schema or 4xx error shape, refusals change nothing', async ([, endpoint], context) => {
      if (!t.app.hasRoute({ method: endpoint.method, url: endpoint.path })) context.skip(`${endpointKey(endpoint)} is in the contract but not served yet`);
      for (const [caller, depth] of callersOf(endpoint)) {
        const report = await fuzzEndpoint(endpoint, target(caller), { randomRuns: depth === 'full' ? randomRuns : 0, depth, ...(SEED === undefined ? {} : { seed: SEED }) });
        expect(report.problems, `${caller}:\n${report.problems.join('\n')}`).toEqual([]);
        // Guard against a vacuous run: the catalogue must actually have been sent.
        expect(report.cases).toBeGreaterThanOrEqual(depth === 'full' ? 5 : 2);
      }
    });

    // The harness itself: each deliberately broken probe must be caught, or the checks above
    // would prove nothing.
    it('catches a 500 on bad input', async () => {
      const report = await fuzzEndpoint(BROKEN_PROBES.fragile, target(null), { randomRuns: 0 });
      expect(report.problems.join('\n')).toMatch(/answered 500/);
    });

    it('catches a refused request that changed the database', async () => {
      const report = await fuzzEndpoint(BROKEN_PROBES.halfway, target(null), { randomRuns: 0 });
      expect(report.problems.join('\n')).toMatch(/refused with 400 but changed the database[\s\S]*server_secrets: INSERT/);
    });
  });
}
