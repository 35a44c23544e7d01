// The studio's console API, on PGlite and PostgreSQL: who may call it
// (401 anonymous, 403 players), bad bodies refused with nothing changed, every write with its
// audit row in the same transaction, Idempotency-Key replays, and the conservation check exact
// after grants, removals, reversals and bans.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEndpoints } from '../../contract/admin';
import { buildPath, type EndpointDef } from '../../contract/http';
import { ITEM_IDS } from '../../contract/items';
import { setAdmin } from '../../server/jobs/adminRole';
import { sentNotices } from '../../server/services/admin/adminNotices';
import { conservationViolations } from '../../server/services/economy/ledger';
import { changeMark, changesSince, installChangeLog } from './harness/snapshot';
import { reauthenticate, registerPlayer, registerPlayerWith, solveBotCheck, startApp, testDatabases, type TestApp } from './helpers';

type Player = Awaited<ReturnType<typeof registerPlayerWith>>;
const key = () => ({ 'idempotency-key': `adm-${randomUUID()}` });
const SAMPLE_PARAMS = { uuid: randomUUID(), txId: randomUUID(), id: randomUUID(), version: '0' };

describe.each(testDatabases())('admin console API on $name', (database) => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => {
    t = await startApp(database);
    await installChangeLog(t.handle.db);
    admin = await registerPlayer(t.app);
    // The operator's command (npm run admin -- grant-admin) is this job.
    expect(await setAdmin(t.handle.db, admin.username, true)).toMatch(/is now an admin/);
    t.app.sessions.clear();
    await reauthenticate(admin);
  });
  afterAll(async () => { await t.close(); });

  const player = (kit: { tripcoins?: number; items?: Record<string, number> } = {}): Promise<Player> => registerPlayerWith(t.app, kit);
  const detail = async (uuid: string) => (await admin.client.get(`/api/admin/players/${uuid}`)).json();
  const auditCount = async () => Number((await t.handle.db.selectFrom('admin_audit').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const conserved = async () => expect(await conservationViolations(t.handle.db)).toEqual([]);

  it('answers 401 to anonymous callers and 403 to players on every admin endpoint, changing nothing', async () => {
    const someone = await player();
    const mark = await changeMark(t.handle.db);
    const endpoints: EndpointDef[] = Object.values(adminEndpoints);
    for (const e of endpoints) {
      const url = buildPath(e.path, SAMPLE_PARAMS) + (e.path === '/api/admin/players' ? '?q=a' : '');
      const payload = e.method === 'GET' ? undefined : { reason: 'trying my luck', direction: 'grant', asset: 'TC', amount: '5', supply: 1, drops: [] };
      const anonymous = await t.app.inject({ method: e.method, url, payload, headers: { origin: 'http://localhost', host: 'localhost' } });
      expect([e.path, anonymous.statusCode]).toEqual([e.path, 401]);
      const asPlayer = await someone.client.request({ method: e.method, url, ...(payload ? { payload } : {}) });
      expect([e.path, asPlayer.statusCode, asPlayer.json().code]).toEqual([e.path, 403, 'ADMINS_ONLY']);
    }
    expect(await changesSince(t.handle.db, mark)).toEqual([]);
  });

  it('finds players by name prefix, uuid and Discord id; the detail shows balances, items, listings, wagers and sessions', async () => {
    const p = await player({ tripcoins: 50, items: { [ITEM_IDS.baseSetCrate]: 2 } });
    await t.handle.db.updateTable('users').set({ discord_id: `d${p.uuid.slice(0, 8)}` }).where('id', '=', p.uuid).execute();
    for (const q of [p.username.slice(0, 12).toUpperCase(), p.uuid, `d${p.uuid.slice(0, 8)}`]) {
      const found = (await admin.client.get(`/api/admin/players?q=${encodeURIComponent(q)}`)).json();
      expect(found.players.map((x: { uuid: string }) => x.uuid)).toContain(p.uuid);
    }
    expect((await admin.client.get('/api/admin/players?q=')).statusCode).toBe(400);
    await p.client.post('/api/coinflip/create', { wager_amount: 10, choice: 0 }, key());
    const d = await detail(p.uuid);
    expect(d.coins).toBe(40);
    expect(d.items).toEqual([{ itemUuid: ITEM_IDS.baseSetCrate, name: expect.any(String), quantity: 2 }]);
    expect(d.wagers).toHaveLength(1);
    expect(d.sessions.length).toBeGreaterThan(0);
    expect((await admin.client.get(`/api/admin/players/${randomUUID()}`)).statusCode).toBe(404);
    const ledger = (await admin.client.get(`/api/admin/players/${p.uuid}/ledger?limit=1&page=2`)).json();
    expect(ledger.total).toBe(3);
    expect(ledger.rows).toHaveLength(1);
    const all = (await admin.client.get(`/api/admin/players/${p.uuid}/ledger`)).json().rows;
    expect(all.map((r: { amount: number; asset: string; counterparty: string }) => [r.asset === 'TC' ? 'TC' : 'item', r.amount, r.counterparty.split(':')[0]]))
      .toEqual([['TC', -10, 'escrow'], ...(all[1].asset === 'TC' ? [['TC', 50, 'mint'], ['item', 2, 'mint']] : [['item', 2, 'mint'], ['TC', 50, 'mint']])]);
    expect(all[0].reason).toBe('coinflip stake');
  });

  it('refuses bad bodies (no reason, blank reason, bad amounts) with 400 and changes nothing, no audit row', async () => {
    const p = await player({ tripcoins: 10 });
    const mark = await changeMark(t.handle.db);
    const audits = await auditCount();
    const url = `/api/admin/players/${p.uuid}/grant`;
    for (const body of [
      { direction: 'grant', asset: 'TC', amount: '5' },
      { reason: '   ', direction: 'grant', asset: 'TC', amount: '5' },
      { reason: 'compensation', direction: 'grant', asset: 'TC', amount: '-5' },
      { reason: 'compensation', direction: 'grant', asset: 'TC', amount: '1.234' },
      { reason: 'compensation', direction: 'give', asset: 'TC', amount: '5' },
      { reason: 'compensation', direction: 'grant', asset: 'gold', amount: '5' },
    ]) {
      const r = await admin.client.post(url, body, key());
      expect([JSON.stringify(body), r.statusCode]).toEqual([JSON.stringify(body), 400]);
    }
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/ban`, {}, key())).statusCode).toBe(400);
    expect((await admin.client.put('/api/admin/crates/0/drops', { reason: 'tuning', drops: [{ itemUuid: ITEM_IDS.baseSetCrate, percent: 99.99 }] }, key())).statusCode).toBe(400);
    expect(await changesSince(t.handle.db, mark)).toEqual([]);
    expect(await auditCount()).toBe(audits);
  });

  it('grants and removes coins and items through the mint, with an audit row, replayed once per key', async () => {
    const p = await player();
    const k = key();
    const grant = { reason: 'compensation for ticket 42', direction: 'grant', asset: 'TC', amount: '12.50' };
    const first = await admin.client.post(`/api/admin/players/${p.uuid}/grant`, grant, k);
    expect(first.statusCode, first.body).toBe(200);
    const mark = await changeMark(t.handle.db);
    const again = await admin.client.post(`/api/admin/players/${p.uuid}/grant`, grant, k);
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([200, first.body, 'true']);
    expect(await changesSince(t.handle.db, mark)).toEqual([]);
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/grant`, { ...grant, amount: '1' }, k)).statusCode).toBe(409);
    expect((await detail(p.uuid)).coins).toBe(12.5);
    const row = await t.handle.db.selectFrom('admin_audit').selectAll().where('id', '=', first.json().auditId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_id: admin.uuid, action: 'value.grant', target_user_id: p.uuid, reason: 'compensation for ticket 42' });
    expect(row.request_id).toBeTruthy();
    expect(sentNotices.at(-1)).toMatchObject({ userUuid: p.uuid, event: { type: 'admin.grant' } });

    const item = { reason: 'event prize', direction: 'grant', asset: ITEM_IDS.baseSetCrate, amount: '3' };
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/grant`, item, key())).statusCode).toBe(200);
    const audits = await auditCount();
    const before = await changeMark(t.handle.db);
    const tooMuch = await admin.client.post(`/api/admin/players/${p.uuid}/grant`, { ...item, direction: 'remove', amount: '4' }, key());
    expect([tooMuch.statusCode, tooMuch.json().error]).toEqual([409, expect.stringMatching(new RegExp(`^${p.username} holds only 3 `))]);
    expect(await changesSince(t.handle.db, before)).toEqual([]);
    expect(await auditCount()).toBe(audits);
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/grant`, { ...item, direction: 'remove', amount: '2' }, key())).statusCode).toBe(200);
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/grant`, { ...grant, direction: 'remove', amount: '2.50' }, key())).statusCode).toBe(200);
    const d = await detail(p.uuid);
    expect([d.coins, d.items[0]?.quantity]).toEqual([10, 1]);
    await conserved();
  });

  it('keeps the change and its audit row in one transaction: an audit row that cannot be written undoes the grant and the ban', async () => {
    // A trigger in this throwaway database refuses one reason: the change before it must go too.
    await sql`CREATE FUNCTION refuse_audit() RETURNS trigger AS $$ BEGIN IF NEW.reason = 'audit refused here' THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END; $$ LANGUAGE plpgsql`.execute(t.handle.db);
    await sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON admin_audit FOR EACH ROW EXECUTE FUNCTION refuse_audit()`.execute(t.handle.db);
    try {
      const p = await player({ tripcoins: 10 });
      const mark = await changeMark(t.handle.db);
      const grant = await admin.client.post(`/api/admin/players/${p.uuid}/grant`, { reason: 'audit refused here', direction: 'grant', asset: 'TC', amount: '5' }, key());
      const ban = await admin.client.post(`/api/admin/players/${p.uuid}/ban`, { reason: 'audit refused here' }, key());
      expect([grant.statusCode, ban.statusCode]).toEqual([500, 500]);
      expect(await changesSince(t.handle.db, mark)).toEqual([]);
      const d = await detail(p.uuid);
      expect([d.coins, d.player.bannedAt]).toEqual([10, null]);
      expect((await p.client.get('/api/getBaseInventory')).statusCode).toBe(200);
    } finally {
      await sql`DROP TRIGGER refuse_audit ON admin_audit`.execute(t.handle.db);
      await sql`DROP FUNCTION refuse_audit()`.execute(t.handle.db);
    }
  });

  it('reverses a crate purchase in full: coins and crates back, linked, never twice; refuses a reversal of the reversal', async () => {
    const p = await player({ tripcoins: 1000 });
    const bought = await p.client.post('/api/crates/buy', { quantity: 2 }, key());
    expect(bought.statusCode, bought.body).toBe(200);
    const ledger = (await admin.client.get(`/api/admin/players/${p.uuid}/ledger`)).json();
    const purchase = ledger.rows.find((r: { reason: string }) => r.reason === 'crate purchase');
    const plan = (await admin.client.get(`/api/admin/postings/${purchase.txId}`)).json();
    expect([plan.fullRefusal, plan.partial, plan.legs.length]).toEqual([null, null, 2]);
    const r = await admin.client.post(`/api/admin/postings/${purchase.txId}/reverse`, { reason: 'bought the wrong crate' }, key());
    expect(r.statusCode, r.body).toBe(200);
    const d = await detail(p.uuid);
    expect([d.coins, d.items]).toEqual([1000, []]);
    const link = await t.handle.db.selectFrom('ledger_reversals').selectAll().where('original_tx_id', '=', purchase.txId).executeTakeFirstOrThrow();
    expect([link.reversal_tx_id, Number(link.audit_id)]).toEqual([r.json().reversalTxId, r.json().auditId]);
    const twice = await admin.client.post(`/api/admin/postings/${purchase.txId}/reverse`, { reason: 'again' }, key());
    expect([twice.statusCode, twice.json().error]).toEqual([409, 'This posting was already reversed']);
    const back = await admin.client.post(`/api/admin/postings/${r.json().reversalTxId}/reverse`, { reason: 'undo the undo' }, key());
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toMatch(/cannot itself be reversed/);
    await conserved();
  });

  it('refuses a full reversal of crates already opened, with the reason, and offers and makes the partial one', async () => {
    const p = await player({ tripcoins: 1000 });
    expect((await p.client.post('/api/crates/buy', { quantity: 5 }, key())).statusCode).toBe(200);
    const price = 1000 - (await detail(p.uuid)).coins;
    for (let i = 0; i < 2; i++) expect((await p.client.post('/api/crates/open', { crateVersionId: 0 }, key())).statusCode).toBe(200);
    const purchase = (await admin.client.get(`/api/admin/players/${p.uuid}/ledger?limit=100`)).json().rows.find((r: { reason: string }) => r.reason === 'crate purchase');
    const plan = (await admin.client.get(`/api/admin/postings/${purchase.txId}`)).json();
    expect(plan.fullRefusal).toMatch(new RegExp(`${p.username} holds 3 .* but the reversal would take back 5 \\(already spent\\)`));
    expect(plan.partial).toMatchObject({ units: 3, of: 5 });
    const audits = await auditCount();
    const mark = await changeMark(t.handle.db);
    const full = await admin.client.post(`/api/admin/postings/${purchase.txId}/reverse`, { reason: 'refund' }, key());
    expect([full.statusCode, full.json().code]).toEqual([409, 'NOT_REVERSIBLE']);
    expect(await changesSince(t.handle.db, mark)).toEqual([]);
    expect(await auditCount()).toBe(audits);
    const part = await admin.client.post(`/api/admin/postings/${purchase.txId}/reverse`, { reason: 'refund the unopened', partial: true }, key());
    expect(part.statusCode, part.body).toBe(200);
    const d = await detail(p.uuid);
    expect(d.coins).toBeCloseTo(1000 - price + (price / 5) * 3, 2);
    expect(d.items.find((i: { itemUuid: string }) => i.itemUuid === ITEM_IDS.baseSetCrate)).toBeUndefined();
    await conserved();
  });

  it('bans: sessions end, sign-in refused (the internal reason kept from the player), listings and wagers cancelled with value back; unban lets them in', async () => {
    const p = await player({ tripcoins: 100, items: { [ITEM_IDS.baseSetCrate]: 2 } });
    expect((await p.client.post('/api/seaport/create-listing', { itemUuid: ITEM_IDS.baseSetCrate, priceInTripCoins: 10, quantity: 2, durationDays: 30 }, key())).statusCode).toBe(200);
    expect((await p.client.post('/api/coinflip/create', { wager_amount: 25, choice: 1 }, key())).statusCode).toBe(200);
    expect((await detail(p.uuid)).coins).toBe(75);
    const k = key();
    const r = await admin.client.post(`/api/admin/players/${p.uuid}/ban`, { reason: 'aimbot' }, k);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ listingsCancelled: 1, wagersCancelled: 1 });
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/ban`, { reason: 'aimbot' }, k)).headers['idempotent-replayed']).toBe('true');
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/ban`, { reason: 'aimbot' }, key())).statusCode).toBe(409);
    // The player's open page: its next request is anonymous.
    expect((await p.client.get('/api/getBaseInventory')).statusCode).toBe(401);
    const login = await p.client.post('/api/login', { username: p.username, password: p.password, turnstile_token: await solveBotCheck(t.app, { username: p.username }) });
    expect([login.statusCode, login.json().error]).toEqual([403, 'This account is banned']);
    // The shell words it from the code, not from the English.
    expect(login.json()).toMatchObject({ code: 'BANNED', text: 'AUTH_BANNED_WITHOUT_MESSAGE' });
    const d = await detail(p.uuid);
    expect([d.coins, d.items[0]?.quantity, d.listings, d.wagers, d.player.banReason]).toEqual([100, 2, [], [], 'aimbot']);
    expect(d.sessions.every((s: { revokedAt: string | null }) => s.revokedAt !== null)).toBe(true);
    await conserved();
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/unban`, { reason: 'appeal accepted' }, key())).statusCode).toBe(200);
    const again = await p.client.post('/api/login', { username: p.username, password: p.password, turnstile_token: await solveBotCheck(t.app, { username: p.username }) });
    expect(again.statusCode, again.body).toBe(200);
    const actions = (await admin.client.get(`/api/admin/audit?target=${p.uuid}`)).json().rows.map((x: { action: string }) => x.action);
    expect(actions).toEqual(['player.unban', 'player.ban']);
  });

  it('revokes one session or all of them', async () => {
    const p = await player();
    const [session] = (await detail(p.uuid)).sessions;
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/sessions/revoke`, { reason: 'stolen cookie', sessionId: session.id }, key())).statusCode).toBe(200);
    expect((await p.client.get('/api/getBaseInventory')).statusCode).toBe(401);
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/sessions/revoke`, { reason: 'x', sessionId: randomUUID() }, key())).statusCode).toBe(400);
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/sessions/revoke`, { reason: 'not theirs', sessionId: randomUUID() }, key())).statusCode).toBe(404);
  });

  it('sets a drop table that adds to 100%: the published odds and the next open follow at once', async () => {
    const only = (await t.app.inject({ method: 'GET', url: '/api/crates/odds?crateVersionId=0' })).json().odds.at(-1).itemUuid as string;
    const r = await admin.client.put('/api/admin/crates/0/drops', { reason: 'weekend event', drops: [{ itemUuid: only, percent: 100 }] }, key());
    expect(r.statusCode, r.body).toBe(200);
    const odds = await t.app.inject({ method: 'GET', url: '/api/crates/odds?crateVersionId=0' });
    expect(odds.json().odds).toEqual([expect.objectContaining({ itemUuid: only, percent: 100 })]);
    expect(odds.headers['cache-control']).toBe('no-cache');
    const p = await player({ items: { [ITEM_IDS.baseSetCrate]: 3 } });
    for (let i = 0; i < 3; i++) expect((await p.client.post('/api/crates/open', { crateVersionId: 0 }, key())).json().wonItemUuid).toBe(only);
    const shops = (await admin.client.get('/api/admin/crates')).json().shops;
    expect(shops[0]).toMatchObject({ dropsFrom: 'console', drops: [{ itemUuid: only, percent: 100 }] });
    expect(shops[1].dropsFrom).toBe('file');
  });

  it('sets a supply through the console (the admin command\'s job), refusing one below what was sold', async () => {
    const before = (await admin.client.get('/api/admin/crates')).json().shops[1];
    const up = await admin.client.post('/api/admin/crates/1/supply', { reason: 'restock', supply: before.totalSupply + 10 }, key());
    expect(up.statusCode, up.body).toBe(200);
    const p = await player({ tripcoins: 10_000 });
    expect((await p.client.post('/api/crates/buy/v2', { quantity: 1 }, key())).statusCode).toBe(200);
    const audits = await auditCount();
    const down = await admin.client.post('/api/admin/crates/1/supply', { reason: 'cut', supply: 0 }, key());
    expect([down.statusCode, down.json().code]).toEqual([409, 'SUPPLY_REFUSED']);
    expect(await auditCount()).toBe(audits);
    await conserved();
  });

  it('cancels a listing with a reason: the items go back to the seller, who is told', async () => {
    const p = await player({ items: { [ITEM_IDS.baseSetCrate]: 1 } });
    const id = (await p.client.post('/api/seaport/create-listing', { itemUuid: ITEM_IDS.baseSetCrate, priceInTripCoins: 5, quantity: 1, durationDays: 30 }, key())).json().listing.order_id as string;
    expect((await admin.client.get(`/api/admin/listings?seller=${p.uuid}`)).json().listings.map((l: { id: string }) => l.id)).toEqual([id]);
    const r = await admin.client.post(`/api/admin/listings/${id}/cancel`, { reason: 'offensive listing' }, key());
    expect(r.statusCode, r.body).toBe(200);
    expect(sentNotices.at(-1)).toMatchObject({ userUuid: p.uuid, event: { type: 'admin.listingCancelled' } });
    expect((await detail(p.uuid)).items[0]?.quantity).toBe(1);
    expect((await admin.client.post(`/api/admin/listings/${id}/cancel`, { reason: 'again' }, key())).statusCode).toBe(404);
  });

  it('answers the economy overview and the conservation check; the audit log refuses UPDATE and DELETE', async () => {
    const o = (await admin.client.get('/api/admin/economy')).json();
    expect(o.circulation).toBeGreaterThan(0);
    expect(o.days[0].minted).toBeGreaterThan(0);
    expect(o.topHolders.length).toBeGreaterThan(0);
    const check = (await admin.client.get('/api/admin/economy/conservation')).json();
    expect([check.ok, check.violations]).toEqual([true, []]);
    await expect(t.handle.db.updateTable('admin_audit').set({ reason: 'rewritten' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.handle.db.deleteFrom('admin_audit').execute()).rejects.toThrow(/append-only/);
    await conserved();
  });
});
