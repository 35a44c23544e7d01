// Tables that only grew: expired bot-check tokens, old rate-limit windows,
// idempotency keys past their 24 hours, used-up wallet nonces and Discord sign-up tokens are
// pruned on a schedule; what is still live stays. Several processes pruning at once is safe.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { inTransaction } from '../../server/db/tx';
import { pruneExpired, schedulePruning } from '../../server/jobs/pruning';
import { createUser } from '../../server/services/accounts/users';
import { WALLET_NONCES_PER_PLAYER } from '../../server/services/accounts/wallets';
import { registerPlayer, startApp, testDatabases, uniqueName, type TestApp } from './helpers';

describe.each(testDatabases())('pruning on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => { await t.close(); });

  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  async function fill(tag: string): Promise<void> {
    const user = await inTransaction(t.handle.db, (trx) => createUser(trx, { username: uniqueName('prune'), passwordHash: null }));
    const db = t.handle.db;
    for (const [state, minutes] of [['old', 120], ['live', -5]] as const) {
      await db.insertInto('bot_check_tokens').values({ token_hash: `${tag}-${state}`, expires_at: ago(minutes) }).execute();
      await db.insertInto('wallet_nonces').values({ nonce: `${tag}-${state}`, user_id: user, address: '0x0', message: 'm', expires_at: ago(minutes) }).execute();
      await db.insertInto('pending_identities').values({ token_hash: `${tag}-${state}`, provider: 'discord', external_id: '1', external_username: 'x', expires_at: ago(minutes) }).execute();
    }
    await db.insertInto('rate_limit_hits').values([{ key: `${tag}-old`, window_start: ago(30), hits: 1 }, { key: `${tag}-live`, window_start: ago(1), hits: 1 }]).execute();
    await db.insertInto('idempotency_keys').values([
      { user_id: user, key: `${tag}-old`, endpoint: 'POST /x', status: 200, response: '{}', created_at: ago(25 * 60) },
      { user_id: user, key: `${tag}-live`, endpoint: 'POST /x', status: 200, response: '{}', created_at: ago(23 * 60) },
    ]).execute();
  }
  async function left(tag: string): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const [table, column] of [['bot_check_tokens', 'token_hash'], ['wallet_nonces', 'nonce'], ['pending_identities', 'token_hash'], ['rate_limit_hits', 'key'], ['idempotency_keys', 'key']] as const) {
      const rows = await sql<{ k: string }>`SELECT ${sql.ref(column)} AS k FROM ${sql.table(table)} WHERE ${sql.ref(column)} LIKE ${`${tag}-%`} ORDER BY 1`.execute(t.handle.db);
      out[table] = rows.rows.map((r) => r.k.slice(tag.length + 1));
    }
    return out;
  }
  const onlyLive = { bot_check_tokens: ['live'], wallet_nonces: ['live'], pending_identities: ['live'], rate_limit_hits: ['live'], idempotency_keys: ['live'] };

  it('removes what has expired and keeps what is live, however many processes prune at once', async () => {
    const tag = randomUUID().slice(0, 8);
    await fill(tag);
    expect((await left(tag)).bot_check_tokens).toEqual(['live', 'old']);
    const runs = await Promise.all([pruneExpired(t.handle.db), pruneExpired(t.handle.db), pruneExpired(t.handle.db)]);
    expect(runs.filter((r) => !r.skipped).length).toBeGreaterThanOrEqual(1);
    expect(await left(tag)).toEqual(onlyLive);
    expect((await pruneExpired(t.handle.db)).skipped).toBe(false);
  });

  it('runs on a schedule', async () => {
    const pruning = schedulePruning(t.handle.db, { warn: () => undefined }, 100);
    await pruning.first;
    const tag = randomUUID().slice(0, 8);
    await fill(tag);
    await expect.poll(() => left(tag), { timeout: 5_000, interval: 100 }).toEqual(onlyLive);
    await pruning.stop();
  });

  it('keeps up with any backlog: one run prunes far more than one batch, and a run out of time says there is more', async () => {
    const tag = randomUUID().slice(0, 8);
    const insertExpired = (count: number) => sql`INSERT INTO rate_limit_hits (key, window_start, hits)
      SELECT ${tag} || '-old-' || g, now() - interval '30 minutes', 1 FROM generate_series(1, ${count}) AS g`.execute(t.handle.db);
    const expiredLeft = async () => Number((await sql<{ n: number | string }>`SELECT count(*) AS n FROM rate_limit_hits WHERE key LIKE ${`${tag}-old-%`}`.execute(t.handle.db)).rows[0]?.n);
    await insertExpired(12_000);
    const run = await pruneExpired(t.handle.db);
    expect(run.skipped).toBe(false);
    expect(run.deleted.rate_limit_hits).toBeGreaterThanOrEqual(12_000);
    expect(run.more).toBe(false);
    expect(await expiredLeft()).toBe(0);
    // With no time left a run still does one batch of every table, and says what is left.
    await insertExpired(300);
    const short = await pruneExpired(t.handle.db, { batch: 100, budgetMs: 0 });
    expect(short.deleted.rate_limit_hits).toBe(100);
    expect(short.more).toBe(true);
    expect(await expiredLeft()).toBe(200);
    await pruneExpired(t.handle.db);
    expect(await expiredLeft()).toBe(0);
  }, 60_000);

  it('keeps at most a few wallet nonces per player: issuing more drops the oldest, the newest still links', async () => {
    const p = await registerPlayer(t.app);
    const account = privateKeyToAccount(generatePrivateKey());
    const nonces: Array<{ message: string }> = [];
    for (let i = 0; i < WALLET_NONCES_PER_PLAYER + 4; i++) nonces.push((await p.client.post('/api/wallet/nonce', { address: account.address })).json());
    const kept = await t.handle.db.selectFrom('wallet_nonces').select('nonce').where('user_id', '=', p.uuid).execute();
    expect(kept).toHaveLength(WALLET_NONCES_PER_PLAYER);
    const oldest = nonces[0]!;
    const refused = await p.client.post('/api/wallet/link', { message: oldest.message, signature: await account.signMessage({ message: oldest.message }) });
    expect(refused.statusCode).toBe(400);
    const newest = nonces.at(-1)!;
    const linked = await p.client.post('/api/wallet/link', { message: newest.message, signature: await account.signMessage({ message: newest.message }) });
    expect(linked.statusCode, linked.body).toBe(200);
  });
});
