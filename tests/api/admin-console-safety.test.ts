// What the console refuses so that one admin session, stolen or careless, cannot make value or
// lock the studio out: writes without the password typed lately, grants over their caps, bans of
// admins, and reversals of what left the ledger through the bridge (a ticket given back while its
// token is on chain, or given back twice). On PGlite and PostgreSQL; the races on PostgreSQL from
// two processes (two apps, two pools, one database).
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../../contract/admin';
import { ITEM_IDS } from '../../contract/items';
import type { Config } from '../../server/config';
import { createDb, type DbHandle } from '../../server/db/createDb';
import { inTransaction } from '../../server/db/tx';
import { setAdmin } from '../../server/jobs/adminRole';
import { ChainUnavailable, type ChainSender } from '../../server/providers/chain';
import { Bridge } from '../../server/services/economy/bridge';
import { conservationViolations, itemHoldings, MINT, moveItems, playerAccount } from '../../server/services/economy/ledger';
import { createSession, SESSION_COOKIE } from '../../server/services/accounts/sessions';
import { createUser } from '../../server/services/accounts/users';
import { changeMark, changesSince, installChangeLog } from './harness/snapshot';
import { buildStartedApp, Client, reauthenticate, registerPlayer, startApp, testConfig, testDatabases, uniqueName, type TestApp } from './helpers';

const key = () => ({ 'idempotency-key': `adm-${randomUUID()}` });
const CAPS: Partial<Config> = { ADMIN_GRANT_MAX_TC: 100, ADMIN_GRANT_DAILY_TC: 250, ADMIN_GRANT_MAX_ITEMS: 5, ADMIN_GRANT_DAILY_ITEMS: 8, ADMIN_REAUTH_MINUTES: 5 };
type Admin = Awaited<ReturnType<typeof registerPlayer>>;

/** A chain as the bridge meets it: signs with increasing nonces and answers a broadcast as told
 * (accepted; rejected and never mined; or unreachable before signing). */
function fakeChain(behaviour: 'accepts' | 'rejects' | 'unreachable'): ChainSender {
  let nonce = 0;
  return {
    async sign() {
      if (behaviour === 'unreachable') throw new ChainUnavailable('connect ECONNREFUSED 127.0.0.1:8545');
      return { raw: `0x02${randomBytes(90).toString('hex')}` as Hex, hash: `0x${randomBytes(32).toString('hex')}` as Hex, nonce: nonce++ };
    },
    async broadcast() { return behaviour === 'accepts' ? 'accepted' : 'rejected'; },
    async receipt() { return null; },
    async confirmedNonce() { return nonce; },
  };
}

async function makeAdmin(t: TestApp): Promise<Admin> {
  const admin = await registerPlayer(t.app);
  await setAdmin(t.handle.db, admin.username, true);
  t.app.sessions.clear();
  return admin;
}

describe.each(testDatabases())('console safety on $name', (database) => {
  let t: TestApp;
  let admin: Admin;
  beforeAll(async () => {
    t = await startApp(database, CAPS);
    await installChangeLog(t.handle.db);
    admin = await makeAdmin(t);
    await reauthenticate(admin);
  });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  const grant = (who: Admin, uuid: string, amount: string, asset = 'TC', direction = 'grant') =>
    who.client.post(`/api/admin/players/${uuid}/grant`, { reason: 'support ticket', direction, asset, amount }, key());
  const coins = async (uuid: string) => (await admin.client.get(`/api/admin/players/${uuid}`)).json().coins as number;
  const tickets = async (uuid: string) => (await itemHoldings(t.handle.db, playerAccount(uuid))).get(ITEM_IDS.mythicalTicket) ?? 0n;
  const bridgeWith = (behaviour: 'accepts' | 'rejects' | 'unreachable') => new Bridge(t.handle.db, t.handle.kind, fakeChain(behaviour), (fn) => inTransaction(t.handle.db, fn));
  async function burnOne() {
    const p = await registerPlayer(t.app);
    await inTransaction(t.handle.db, (trx) => moveItems(trx, ITEM_IDS.mythicalTicket, { from: MINT, to: playerAccount(p.uuid), amount: 1n, reason: 'test' }));
    const bridge = bridgeWith('accepts');
    const { id } = await inTransaction(t.handle.db, (trx) => bridge.burn(trx, p.uuid, `0x${randomBytes(20).toString('hex')}`, null));
    return { p, id };
  }
  const reverse = (txId: string) => admin.client.post(`/api/admin/postings/${txId}/reverse`, { reason: 'player asked' }, key());
  const plan = async (txId: string) => (await admin.client.get(`/api/admin/postings/${txId}`)).json();

  it('refuses a console write until the admin types their password, then lets writes through for the window only', async () => {
    const fresh = await makeAdmin(t);
    const p = await registerPlayer(t.app);
    const mark = await changeMark(t.handle.db);
    const refused = await grant(fresh, p.uuid, '5');
    expect([refused.statusCode, refused.json().code, refused.json().error]).toEqual([403, 'REAUTH_REQUIRED', ADMIN_TEXT.reauthRequired(5)]);
    const ban = await fresh.client.post(`/api/admin/players/${p.uuid}/ban`, { reason: 'spam' }, key());
    expect([ban.statusCode, ban.json().code]).toEqual([403, 'REAUTH_REQUIRED']);
    expect(await changesSince(t.handle.db, mark)).toEqual([]);
    // Reads stay open: the console shows what it shows without the password.
    expect((await fresh.client.get(`/api/admin/players/${p.uuid}`)).statusCode).toBe(200);

    const wrong = await fresh.client.post('/api/admin/reauth', { password: 'not-my-password' });
    expect([wrong.statusCode, wrong.json().code, wrong.json().error]).toEqual([403, 'WRONG_PASSWORD', ADMIN_TEXT.reauthWrong]);
    expect((await grant(fresh, p.uuid, '5')).statusCode).toBe(403);

    const ok = await fresh.client.post('/api/admin/reauth', { password: fresh.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Date.parse(ok.json().until) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect((await grant(fresh, p.uuid, '5')).statusCode).toBe(200);

    // The same admin signed in elsewhere: that session has not typed the password.
    const login = new Client(t.app);
    login.cookies.set(SESSION_COOKIE, await createSession(t.handle.db, fresh.uuid, 1, {}));
    expect((await grant({ ...fresh, client: login }, p.uuid, '5')).json().code).toBe('REAUTH_REQUIRED');

    // Past the window the password is asked again.
    await t.handle.db.updateTable('admin_reauth').set({ at: new Date(Date.now() - 6 * 60_000) }).execute();
    expect((await grant(fresh, p.uuid, '5')).json().code).toBe('REAUTH_REQUIRED');
    expect(await coins(p.uuid)).toBe(5);
    await reauthenticate(admin);
  });

  it('refuses console writes to an admin without a password: they must set one first', async () => {
    const username = uniqueName('nopw');
    const uuid = await inTransaction(t.handle.db, (trx) => createUser(trx, { username, passwordHash: null }));
    await setAdmin(t.handle.db, username, true);
    const client = new Client(t.app);
    client.cookies.set(SESSION_COOKIE, await createSession(t.handle.db, uuid, 1, {}));
    const p = await registerPlayer(t.app);
    const write = await client.post(`/api/admin/players/${p.uuid}/grant`, { reason: 'support ticket', direction: 'grant', asset: 'TC', amount: '5' }, key());
    expect([write.statusCode, write.json().code, write.json().error]).toEqual([403, 'PASSWORD_REQUIRED', ADMIN_TEXT.reauthNoPassword]);
    const reauth = await client.post('/api/admin/reauth', { password: 'anything' });
    expect([reauth.statusCode, reauth.json().code]).toEqual([403, 'PASSWORD_REQUIRED']);
    expect((await client.get(`/api/admin/players/${p.uuid}`)).statusCode).toBe(200);
    expect(await coins(p.uuid)).toBe(0);
  });

  it('refuses to ban an admin from the console, naming the operator command; players are still banned', async () => {
    const other = await makeAdmin(t);
    const mark = await changeMark(t.handle.db);
    for (const target of [other.uuid, admin.uuid]) {
      const r = await admin.client.post(`/api/admin/players/${target}/ban`, { reason: 'rogue admin' }, key());
      expect([r.statusCode, r.json().code, r.json().error]).toEqual([403, 'ADMIN_PROTECTED', ADMIN_TEXT.adminNotBannable]);
    }
    expect(await changesSince(t.handle.db, mark)).toEqual([]);
    expect((await other.client.get('/api/admin/audit')).statusCode).toBe(200);
    const p = await registerPlayer(t.app);
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/ban`, { reason: 'spam' }, key())).statusCode).toBe(200);
  });

  it('caps one grant and one admin\'s grants per day, in coins and in items, with the amount left; removals are not capped', async () => {
    const granting = await makeAdmin(t);
    await reauthenticate(granting);
    const p = await registerPlayer(t.app);
    const tooBig = await grant(granting, p.uuid, '100.01');
    expect([tooBig.statusCode, tooBig.json().code, tooBig.json().error]).toEqual([400, 'GRANT_TOO_LARGE', 'One grant may give at most 100.00 TC']);
    for (const amount of ['100', '100']) expect((await grant(granting, p.uuid, amount)).statusCode).toBe(200);
    const mark = await changeMark(t.handle.db);
    const over = await grant(granting, p.uuid, '60');
    expect([over.statusCode, over.json().code, over.json().error]).toEqual([409, 'GRANT_DAILY_CAP', 'You may grant at most 250.00 TC a day (UTC); 50.00 left today']);
    expect(await changesSince(t.handle.db, mark)).toEqual([]);
    expect((await grant(granting, p.uuid, '50')).statusCode).toBe(200);
    expect((await grant(granting, p.uuid, '0.01')).json().code).toBe('GRANT_DAILY_CAP');
    expect((await grant(granting, p.uuid, '20', 'TC', 'remove')).statusCode).toBe(200);
    expect(await coins(p.uuid)).toBe(230);

    const crate = ITEM_IDS.baseSetCrate;
    expect((await grant(granting, p.uuid, '6', crate)).json()).toMatchObject({ code: 'GRANT_TOO_LARGE', error: 'One grant may give at most 5 items' });
    expect((await grant(granting, p.uuid, '5', crate)).statusCode).toBe(200);
    expect((await grant(granting, p.uuid, '4', crate)).json()).toMatchObject({ code: 'GRANT_DAILY_CAP', error: 'You may grant at most 8 items a day (UTC); 3 left today' });
    expect((await grant(granting, p.uuid, '3', crate)).statusCode).toBe(200);
    // Another admin's day is their own.
    expect((await grant(admin, p.uuid, '100')).statusCode).toBe(200);
  });

  it('refuses to reverse a bridge burn whose token went out, saying why, and gives nothing back', async () => {
    const { p, id } = await burnOne();
    expect((await bridgeWith('accepts').process(id)).status).toBe('sent');
    expect((await plan(id)).fullRefusal).toBe(ADMIN_TEXT.bridgePosting);
    const mark = await changeMark(t.handle.db);
    const r = await reverse(id);
    expect([r.statusCode, r.json().code, r.json().error]).toEqual([409, 'NOT_REVERSIBLE', `Cannot reverse: ${ADMIN_TEXT.bridgePosting}`]);
    expect(await changesSince(t.handle.db, mark)).toEqual([]);
    expect(await tickets(p.uuid)).toBe(0n);
  });

  it('refuses to reverse a transfer still on its way; when it then fails, the ticket comes back once, by the refund', async () => {
    const { p, id } = await burnOne();
    expect((await plan(id)).fullRefusal).toBe(ADMIN_TEXT.bridgePending);
    expect((await reverse(id)).statusCode).toBe(409);
    await expect(bridgeWith('unreachable').process(id)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await tickets(p.uuid)).toBe(1n);
    expect((await plan(id)).fullRefusal).toBe(ADMIN_TEXT.bridgeRefunded);
    expect((await reverse(id)).statusCode).toBe(409);
    expect(await tickets(p.uuid)).toBe(1n);
    // The refund itself touches the bridge: it is not reversed either.
    const refund = await t.handle.db.selectFrom('ledger').select('tx_id').where('reason', '=', 'bridge:refund').where('ref', '=', id).executeTakeFirstOrThrow();
    expect((await plan(refund.tx_id)).fullRefusal).toBe(ADMIN_TEXT.bridgeReturn);
  });

  it('reverses the burn of a transfer closed as failed without a refund, once; the outbox cannot refund it after', async () => {
    const { p, id } = await burnOne();
    await t.handle.db.updateTable('bridge_transfers').set({ status: 'failed', error: 'closed by the operator' }).where('id', '=', id).execute();
    expect((await plan(id)).fullRefusal).toBeNull();
    const r = await reverse(id);
    expect(r.statusCode, r.body).toBe(200);
    expect(await tickets(p.uuid)).toBe(1n);
    expect((await reverse(id)).statusCode).toBe(409);
    // Were the row ever reopened, the outbox's refund finds the return claimed and gives nothing.
    await t.handle.db.updateTable('bridge_transfers').set({ status: 'pending' }).where('id', '=', id).execute();
    await expect(bridgeWith('unreachable').process(id)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await tickets(p.uuid)).toBe(1n);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)(`console races from two processes on PostgreSQL${url ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`, () => {
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  const handles: DbHandle[] = [];
  const apps: TestApp['app'][] = [];
  beforeAll(async () => {
    const root = new pg.Client({ connectionString: url });
    await root.connect();
    await root.query(`CREATE DATABASE ${dbName} TEMPLATE template0`);
    await root.end();
    const target = new URL(url!);
    target.pathname = `/${dbName}`;
    for (let i = 0; i < 2; i++) {
      const handle = await createDb({ databaseUrl: target.toString(), poolSize: 10 });
      handles.push(handle);
      apps.push(await buildStartedApp(testConfig(CAPS), { database: handle, logger: false }));
    }
  });
  afterAll(async () => {
    expect(await conservationViolations(handles[0]!.db)).toEqual([]);
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    const root = new pg.Client({ connectionString: url });
    await root.connect();
    await root.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await root.end();
  });

  /** The admin's session in both processes (one cookie, two apps). */
  async function adminInBoth(): Promise<Client[]> {
    const admin = await registerPlayer(apps[0]!);
    await setAdmin(handles[0]!.db, admin.username, true);
    await reauthenticate(admin);
    const second = new Client(apps[1]!);
    second.cookies = new Map(admin.client.cookies);
    return [admin.client, second];
  }

  it('holds the daily grant cap when grants race from two processes', async () => {
    const clients = await adminInBoth();
    const p = await registerPlayer(apps[0]!);
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => clients[i % 2]!.post(`/api/admin/players/${p.uuid}/grant`, { reason: 'event prize', direction: 'grant', asset: 'TC', amount: '50' }, key())));
    const codes = replies.map((r) => (r.statusCode === 200 ? 'ok' : `${r.statusCode} ${r.json().code}`));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(5);
    expect(codes.filter((c) => c !== 'ok')).toEqual(Array.from({ length: 7 }, () => '409 GRANT_DAILY_CAP'));
    const balance = await handles[0]!.db.selectFrom('coin_balances').select('balance').where('account_id', '=', playerAccount(p.uuid)).executeTakeFirstOrThrow();
    expect(Number(balance.balance)).toBe(25_000);
  });

  it('gives a failed transfer\'s ticket back once when the refund and a reversal race from two processes', async () => {
    const [one] = await adminInBoth();
    for (let round = 0; round < 4; round++) {
      const p = await registerPlayer(apps[0]!);
      const db = handles[1]!.db;
      await inTransaction(db, (trx) => moveItems(trx, ITEM_IDS.mythicalTicket, { from: MINT, to: playerAccount(p.uuid), amount: 1n, reason: 'test' }));
      const bridge = new Bridge(db, 'postgres', fakeChain('rejects'), (fn) => inTransaction(db, fn));
      const { id } = await inTransaction(db, (trx) => bridge.burn(trx, p.uuid, `0x${randomBytes(20).toString('hex')}`, null));
      await bridge.process(id, { stopAfterSigning: true });
      const [reversal] = await Promise.all([
        one!.post(`/api/admin/postings/${id}/reverse`, { reason: 'player asked' }, key()),
        bridge.process(id).catch((error: { status?: number }) => error.status),
      ]);
      expect(reversal.statusCode).toBe(409);
      expect((await itemHoldings(db, playerAccount(p.uuid))).get(ITEM_IDS.mythicalTicket)).toBe(1n);
    }
  });
});
