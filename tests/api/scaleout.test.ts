// Scale-out, on PostgreSQL only: two real API processes (`node --import tsx server/main.ts`)
// started at the same moment against one fresh database, so they also race each other through
// the migrations and the seed. Sessions, bot-check secrets and registrations are shared through
// the database; value moved concurrently through both processes (their money endpoints) and
// straight through the ledger service from this process is conserved and never overdrawn.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../contract/endpoints';
import { createDb, type DbHandle } from '../../server/db/createDb';
import { inTransaction } from '../../server/db/tx';
import { coinBalance, conservationViolations, InsufficientFunds, MINT, moveCoins, playerAccount } from '../../server/services/economy/ledger';
import { registerActor, type Actor } from './harness/actors';
import { valueEndpointOperations } from './harness/operations/endpoints';
import { useProcessPair } from './harness/processPair';
import { sessionCookieOf, solveBotCheckVia, whoIs, type Transport } from './harness/transport';
import { seededRandom, type WorkloadWorld } from './harness/workload';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!ADMIN_URL)(`scale-out: two API processes on one PostgreSQL${ADMIN_URL ? '' : ' (skipped: TEST_DATABASE_URL is not set; CI sets it)'}`, () => {
  // Both at once: the migration advisory lock and the idempotent seed are what make this work.
  const pair = useProcessPair(ADMIN_URL ?? '', 'scale', {}, 10);

  const register = async (send: Transport, username: string, token: string) => send({
    label: 'register', method: 'POST', url: '/api/register', headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password: 'scale-out-pass', turnstile_token: token }),
  });

  it('both processes came up on one fresh database, each migration applied once', async () => {
    const { one, two, handle } = pair;
    const applied = await handle.db.selectFrom('schema_migrations').select('name').execute();
    expect(new Set(applied.map((r) => r.name)).size).toBe(applied.length);
    expect(applied.length).toBeGreaterThan(0);
    for (const send of [one, two]) {
      const health = await send({ label: 'health', method: 'GET', url: '/api/health', headers: {} });
      expect(JSON.parse(health.body)).toEqual({ status: 'ok', database: 'postgres' });
    }
  });

  it('a session made on one process works on the other, and a logout on the other ends it', async () => {
    const { one, two } = pair;
    const player = await registerActor(one);
    expect(await whoIs(two, player.sid)).toBe(player.uuid);
    await two({ label: 'logout', method: 'POST', url: '/api/logout', headers: { 'content-type': 'application/json', cookie: `sid=${player.sid}` }, payload: '{}' });
    expect(await whoIs(one, player.sid)).toBe('anonymous');
  });

  it('a bot-check token from one process is accepted once by the other, and its replay refused by either', async () => {
    const { one, two } = pair;
    const token = await solveBotCheckVia(one);
    const first = await register(two, `xproc_${Date.now().toString(36)}`, token);
    expect(first.status).toBe(200);
    expect(sessionCookieOf(first)).toBeTruthy();
    for (const send of [one, two]) expect((await register(send, `replay_${Math.random().toString(36).slice(2, 10)}`, token)).status).toBe(400);
  });

  it('one name registered concurrently through both processes gives exactly one account', async () => {
    const { one, two, handle } = pair;
    const name = `split_${Date.now().toString(36)}`;
    const tokens = await Promise.all(Array.from({ length: 12 }, (_, i) => solveBotCheckVia(i % 2 ? one : two)));
    const replies = await Promise.all(tokens.map((token, i) => register(i % 2 ? one : two, i % 3 ? name : name.toUpperCase(), token)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array.from({ length: 11 }, () => 409)]);
    expect(await handle.db.selectFrom('users').select('id').where('username_lower', '=', name).execute()).toHaveLength(1);
  });

  it('concurrent spending split across both processes and this one never overdraws and conserves value', async () => {
    const { one, two, handle } = pair;
    const players: Actor[] = [];
    for (let i = 0; i < 4; i++) players.push(await registerActor(i % 2 ? one : two));
    const [spender, payee, ...traders] = players as [Actor, Actor, Actor, Actor];
    // The spender can afford exactly 10 of 30 concurrent 1 TC transfers, raced from two pools
    // (as two processes would) while both servers run every money endpoint's valid call.
    await inTransaction(handle.db, (trx) => moveCoins(trx, { from: MINT, to: playerAccount(spender.uuid), amount: 1_000n, reason: 'scale-out' }));
    const second = await createDb({ databaseUrl: pair.databaseUrl, poolSize: 10 });
    const spend = async (db: DbHandle['db']) => {
      try {
        await inTransaction(db, (trx) => moveCoins(trx, { from: playerAccount(spender.uuid), to: playerAccount(payee.uuid), amount: 100n, reason: 'scale-out' }));
        return true;
      } catch (error) {
        if (error instanceof InsufficientFunds) return false;
        throw error;
      }
    };
    const endpointOps = valueEndpointOperations(ALL_ENDPOINTS);
    const worlds: WorkloadWorld[] = [one, two].map((send, i) => ({
      // The endpoint calls fund their own players: keep them away from the spender.
      send, db: handle.db, players: traders, botToken: () => solveBotCheckVia(send), tally: new Map(), random: seededRandom(7 + i),
    }));
    const problems: string[] = [];
    // Each money endpoint's valid call (the operations check every answer against the
    // contract), through both processes at once.
    const viaServers = endpointOps.flatMap((op) => worlds.map((world) => op.run(world).catch((error: Error) => { problems.push(`${op.name}: ${error.message}`); return 'refused' as const; })));
    try {
      const outcomes = await Promise.all([...Array.from({ length: 30 }, (_, i) => spend(i % 2 ? handle.db : second.db)), ...viaServers]);
      expect(outcomes.slice(0, 30).filter(Boolean)).toHaveLength(10);
    } finally {
      await second.close();
    }
    expect(problems).toEqual([]);
    expect(await coinBalance(handle.db, playerAccount(spender.uuid))).toBe(0n);
    expect(await conservationViolations(handle.db)).toEqual([]);
    const negative = await sql<{ n: string }>`SELECT count(*) AS n FROM coin_balances WHERE balance < 0 AND account_id <> ${MINT}`.execute(handle.db);
    expect(Number(negative.rows[0]?.n)).toBe(0);
  });
});
