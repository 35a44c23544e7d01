// The console's purchases, on PGlite and PostgreSQL: players and anonymous callers refused on
// every purchases endpoint, purchases, refunds and debts per player and per host and sold per
// day, a purchase reversed by hand and a debt forgiven only after the admin's password was typed
// again, each with its audit row, the purchase metrics, and conservation exact after them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPurchaseEndpoints } from '../../contract/adminPurchases';
import { buildPath, type EndpointDef } from '../../contract/http';
import { setAdmin } from '../../server/jobs/adminRole';
import { inTransaction } from '../../server/db/tx';
import { conservationViolations, moveCoins, playerAccount } from '../../server/services/economy/ledger';
import { grantPurchase } from '../../server/services/purchases/ledger';
import { reauthenticate, registerPlayer, registerPlayerWith, startApp, testDatabases, type TestApp } from './helpers';

type Player = Awaited<ReturnType<typeof registerPlayerWith>>;
const key = () => ({ 'idempotency-key': `adm-${randomUUID()}` });

describe.each(testDatabases())('console purchases on $name', (database) => {
  let t: TestApp;
  let admin: Player;
  beforeAll(async () => {
    t = await startApp(database, { METRICS_TOKEN: 'purchases-metrics-token-0123' });
    admin = await registerPlayer(t.app);
    expect(await setAdmin(t.handle.db, admin.username, true)).toMatch(/is now an admin/);
    t.app.sessions.clear();
  });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  const audits = (action: string) => t.handle.db.selectFrom('admin_audit').selectAll().where('action', '=', action).execute();

  it('refuses anonymous callers and players on every purchases endpoint', async () => {
    const someone = await registerPlayerWith(t.app);
    for (const e of Object.values(adminPurchaseEndpoints) as EndpointDef[]) {
      const url = buildPath(e.path, { uuid: randomUUID(), id: randomUUID() });
      const payload = e.method === 'GET' ? undefined : { reason: 'trying my luck' };
      const anonymous = await t.app.inject({ method: e.method, url, payload, headers: { origin: 'http://localhost', host: 'localhost' } });
      expect([e.path, anonymous.statusCode]).toEqual([e.path, 401]);
      const asPlayer = await someone.client.request({ method: e.method, url, ...(payload ? { payload } : {}) });
      expect([e.path, asPlayer.statusCode]).toEqual([e.path, 403]);
    }
  });

  it('shows purchases, refunds and debts; reverses by hand and forgives a debt with the password typed again, audited', async () => {
    const buyer = await registerPlayerWith(t.app);
    const friend = await registerPlayerWith(t.app);
    const granted = await inTransaction(t.handle.db, (trx) => grantPurchase(trx, t.app.products, { host: 'discord', providerPurchaseId: `ent-${randomUUID()}`, userId: buyer.uuid, productId: 'tc-500', needsConsume: true }));
    await inTransaction(t.handle.db, (trx) => moveCoins(trx, { from: playerAccount(buyer.uuid), to: playerAccount(friend.uuid), amount: 30_000n, reason: 'test spend' }));

    const mine = (await admin.client.get(`/api/admin/players/${buyer.uuid}/purchases`)).json();
    expect(mine).toMatchObject({ debt: 0, purchases: [{ id: granted.grant.purchaseId, host: 'discord', productId: 'tc-500', tripcoins: 500, status: 'granted', needsConsume: true, consumedAt: null }] });
    const byHost = (await admin.client.get('/api/admin/purchases?host=discord')).json();
    expect(byHost.purchases.map((p: { id: string }) => p.id)).toContain(granted.grant.purchaseId);
    expect((await admin.client.get('/api/admin/purchases?host=web')).json().purchases.map((p: { id: string }) => p.id)).not.toContain(granted.grant.purchaseId);
    expect((await admin.client.get('/api/admin/purchases?host=paypal')).statusCode).toBe(400);

    // A write before the password was typed again is refused, and changes nothing.
    const early = await admin.client.post(`/api/admin/purchases/${granted.grant.purchaseId}/reverse`, { reason: 'chargeback by mail' }, key());
    expect(early.statusCode, early.body).toBe(403);
    expect(early.json().code).toBe('REAUTH_REQUIRED');
    await reauthenticate(admin);
    expect((await admin.client.post(`/api/admin/purchases/${granted.grant.purchaseId}/reverse`, { reason: 'no' }, key())).statusCode).toBe(400);

    const reversed = await admin.client.post(`/api/admin/purchases/${granted.grant.purchaseId}/reverse`, { reason: 'chargeback by mail' }, key());
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json()).toMatchObject({ ok: true, debt: 300 });
    expect((await admin.client.post(`/api/admin/purchases/${granted.grant.purchaseId}/reverse`, { reason: 'chargeback by mail' }, key())).json().code).toBe('ALREADY_REVERSED');
    expect(await audits('purchase.reverse')).toEqual([expect.objectContaining({ target_user_id: buyer.uuid, reason: 'chargeback by mail' })]);

    const overview = (await admin.client.get('/api/admin/purchases/overview')).json();
    expect(overview.hosts).toEqual(expect.arrayContaining([expect.objectContaining({ host: 'discord', granted: 1, reversed: 1, netTripcoins: 0 })]));
    expect(overview.debts).toEqual([{ uuid: buyer.uuid, username: buyer.username, debt: 300 }]);
    expect(overview.days).toEqual([expect.objectContaining({ host: 'discord', purchases: 1, tripcoins: 500, reversals: 1, reversedTripcoins: 500 })]);
    expect((await admin.client.get(`/api/admin/players/${buyer.uuid}/purchases`)).json()).toMatchObject({ debt: 300, purchases: [{ status: 'reversed', reversalReason: 'manual', reversalDebt: 300 }] });

    const forgiven = await admin.client.post(`/api/admin/players/${buyer.uuid}/forgive-debt`, { reason: 'goodwill after review' }, key());
    expect(forgiven.statusCode, forgiven.body).toBe(200);
    expect(forgiven.json()).toMatchObject({ ok: true, forgiven: 300 });
    expect((await admin.client.get(`/api/admin/players/${buyer.uuid}/purchases`)).json().debt).toBe(0);
    expect((await admin.client.post(`/api/admin/players/${buyer.uuid}/forgive-debt`, { reason: 'goodwill after review' }, key())).json().code).toBe('NO_DEBT');
    expect(await audits('debt.forgive')).toEqual([expect.objectContaining({ target_user_id: buyer.uuid, reason: 'goodwill after review' })]);

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer purchases-metrics-token-0123' } })).body;
    expect(metrics).toMatch(/tripshell_purchases_granted_total\{host="discord",outcome="granted"\} [1-9]/);
    expect(metrics).toMatch(/tripshell_purchases_reversed_total\{host="discord"\} [1-9]/);

    // The grant's posting itself cannot be reversed as a plain posting: the purchase is reversed instead.
    const plan = (await admin.client.get(`/api/admin/postings/${(await t.handle.db.selectFrom('purchases').select('tx_id').where('id', '=', granted.grant.purchaseId).executeTakeFirstOrThrow()).tx_id}`)).json();
    expect(plan.fullRefusal).toMatch(/real-money purchase/);
  });
});
