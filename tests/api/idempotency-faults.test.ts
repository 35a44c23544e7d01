// Idempotency-Key under faults, on PostgreSQL only: two real API processes
// (`server/main.ts`) on one scratch database, and faults injected in that database by triggers
// on idempotency_keys that fire only for marked keys, and only once (a sequence counts them: a
// sequence is not rolled back, so the retry is not hit again).
//  (a) storing the answer fails: the request answers an error, nothing moved, no claim left;
//      a retry with the same key on the other process runs afresh, once.
//  (b) the process is killed (kill -9) while its answer is being stored, i.e. after the posting
//      and before the commit: nothing moved, and a retry on the other process runs at once (no
//      wait for a claim nobody is running, no 409 IDEMPOTENCY_KEY_IN_PROGRESS), once.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project api tests/api/idempotency-faults.test.ts
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/http';
import { ITEM_IDS } from '../../contract/items';
import { createDb, type DbHandle } from '../../server/db/createDb';
import { inTransaction } from '../../server/db/tx';
import { coinBalance, conservationViolations, MINT, moveCoins, playerAccount } from '../../server/services/economy/ledger';
import { heldQuantity } from '../../server/services/economy/inventory';
import { createSession } from '../../server/services/accounts/sessions';
import { createUser } from '../../server/services/accounts/users';
import { createScratchDatabase, startServerProcess, type ScratchDatabase, type ServerProcess } from './harness/servers';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const FUNDS = 1_000_000n;

const FAULTS = `
CREATE SEQUENCE fault_fail_seq;
CREATE SEQUENCE fault_sleep_seq;
CREATE FUNCTION inject_store_fault() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.response IS NOT NULL THEN
    IF NEW.key LIKE 'fault-fail-%' THEN
      IF nextval('fault_fail_seq') = 1 THEN RAISE EXCEPTION 'injected fault: the answer cannot be stored'; END IF;
    ELSIF NEW.key LIKE 'fault-sleep-%' THEN
      IF nextval('fault_sleep_seq') = 1 THEN PERFORM pg_sleep(30); END IF;
    END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER inject_store_fault BEFORE INSERT OR UPDATE ON idempotency_keys
  FOR EACH ROW EXECUTE FUNCTION inject_store_fault();`;

describe.skipIf(!ADMIN_URL)(`Idempotency-Key under faults, two API processes${ADMIN_URL ? '' : ' (skipped: TEST_DATABASE_URL is not set; CI sets it)'}`, () => {
  let database: ScratchDatabase;
  let handle: DbHandle;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase(ADMIN_URL ?? '', 'faults');
    // A backend notices at once that its client died, even in the middle of a statement
    // (production should set it too: a killed process's transaction then ends in ~0.1 s).
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${new URL(database.url).pathname.slice(1)} SET client_connection_check_interval = '100ms'`);
    } finally {
      await admin.end();
    }
    servers = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: database.url, CRATE_V1_SUPPLY: '1000' })));
    handle = await createDb({ databaseUrl: database.url, poolSize: 2 });
    await sql.raw(FAULTS).execute(handle.db);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await handle?.close();
    await database?.drop();
  });

  async function buyer(): Promise<{ uuid: string; sid: string }> {
    const uuid = await inTransaction(handle.db, (trx) => createUser(trx, { username: `f_${randomUUID().slice(0, 8)}`, passwordHash: null }));
    await inTransaction(handle.db, (trx) => moveCoins(trx, { from: MINT, to: playerAccount(uuid), amount: FUNDS, reason: 'test' }));
    return { uuid, sid: await createSession(handle.db, uuid, 1, {}) };
  }

  const buy = (server: ServerProcess, sid: string, key: string) => fetch(`${server.url}/api/crates/buy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sid=${sid}`, [IDEMPOTENCY_HEADER]: key },
    body: JSON.stringify({ quantity: 1 }),
  });

  const holdings = async (uuid: string) => ({
    coins: await coinBalance(handle.db, playerAccount(uuid)),
    crates: await heldQuantity(handle.db, uuid, ITEM_IDS.baseSetCrate),
    purchases: Number((await sql<{ n: string }>`SELECT count(DISTINCT tx_id) AS n FROM ledger WHERE reason = 'crate purchase' AND to_account = ${playerAccount(uuid)}`.execute(handle.db)).rows[0]?.n ?? 0),
  });
  const claimOf = (uuid: string, key: string) => handle.db.selectFrom('idempotency_keys').select(['status']).where('user_id', '=', uuid).where('key', '=', key).execute();

  it('an answer that cannot be stored moves nothing, and the retry on another process runs afresh once', async () => {
    const { uuid, sid } = await buyer();
    const key = `fault-fail-${randomUUID()}`;
    const failed = await buy(servers[0]!, sid, key);
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(await holdings(uuid)).toEqual({ coins: FUNDS, crates: 0n, purchases: 0 });
    expect(await claimOf(uuid, key)).toEqual([]);

    const started = Date.now();
    const retry = await buy(servers[1]!, sid, key);
    expect(retry.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const answer = await retry.json() as { crateBalance: number };
    expect(answer.crateBalance).toBe(1);
    const after = await holdings(uuid);
    expect(after.crates).toBe(1n);
    expect(after.purchases).toBe(1);
    expect(after.coins).toBeLessThan(FUNDS);

    const again = await buy(servers[0]!, sid, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(answer);
    expect(await holdings(uuid)).toEqual(after);
    expect(await conservationViolations(handle.db)).toEqual([]);
  }, 60_000);

  it('a process killed between the posting and the commit moves nothing, and the retry on another process runs at once, once', async () => {
    const { uuid, sid } = await buyer();
    const key = `fault-sleep-${randomUUID()}`;
    const doomed = servers[0]!;
    const inFlight = buy(doomed, sid, key).then((r) => r.status, () => 'dropped' as const);
    // Wait until its answer is being stored (the trigger sleeps), then kill the process.
    for (let i = 0; ; i++) {
      const sleeping = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()`.execute(handle.db);
      if (Number(sleeping.rows[0]?.n ?? 0) > 0) break;
      if (i > 200) throw new Error('the request never reached storing its answer');
      await new Promise((r) => setTimeout(r, 50));
    }
    doomed.child.kill('SIGKILL');
    expect(await inFlight).toBe('dropped');

    const started = Date.now();
    const retry = await buy(servers[1]!, sid, key);
    const waited = Date.now() - started;
    const body = await retry.json() as { code?: string; crateBalance?: number };
    expect({ status: retry.status, code: body.code }).toEqual({ status: 200, code: undefined });
    expect(waited).toBeLessThan(5_000);
    expect(body.crateBalance).toBe(1);
    const after = await holdings(uuid);
    expect(after.crates).toBe(1n);
    expect(after.purchases).toBe(1);
    expect(after.coins).toBeLessThan(FUNDS);
    expect(await conservationViolations(handle.db)).toEqual([]);
  }, 90_000);
});
