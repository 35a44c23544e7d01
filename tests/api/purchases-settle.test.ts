// One purchase, however many ways it arrives, grants once: Discord's webhook three times, the
// reconcile poll and the player's own sync all at once; a consume that fails three times is
// retried by the job without granting again; an entitlement of another user grants nothing;
// Xsolla's confirm and webhook; the web checkout's webhook, return poll and refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../server/db/createDb';
import { consumeDue } from '../../server/jobs/purchaseConsume';
import { discordReconciler } from '../../server/jobs/purchaseReconcile';
import { buildStartedApp, registerPlayer, testConfig, testDatabases } from './helpers';
import { startPurchaseFakes, type PurchaseFakes } from './harness/purchaseFakes';
import { purchaseRows } from './harness/purchaseRows';

const SKU_1200 = '1300000000000001200';
let nextDiscordId = 100_000_000_000_000_900n;

for (const database of testDatabases()) {
  describe(`purchases granted once (${database.name})`, () => {
    let fakes: PurchaseFakes;
    let handle: DbHandle & { drop(): Promise<void> };
    let app: FastifyInstance;
    let ledger: ReturnType<typeof purchaseRows>;

    beforeAll(async () => {
      fakes = await startPurchaseFakes();
      handle = await database.open();
      // The ledger's own service (the app's default): the grants below are the database's.
      app = await buildStartedApp(testConfig(fakes.config), { database: handle, logger: false });
      ledger = purchaseRows(app.db);
      fakes.target(app);
    }, 60_000);
    afterAll(async () => { await app?.close(); await handle?.close(); await handle?.drop(); await fakes?.close(); });

    async function linkedPlayer() {
      const player = await registerPlayer(app);
      const discordId = String(nextDiscordId++);
      await app.db.updateTable('users').set({ discord_id: discordId, crazygames_id: `cg-${discordId}` }).where('id', '=', player.uuid).execute();
      return { ...player, discordId, portalId: `cg-${discordId}` };
    }
    const grantsOf = (userId: string) => ledger.of(userId);

    it('Discord: webhook x3, the reconcile poll and the player sync at once grant once, and it is consumed', async () => {
      const player = await linkedPlayer();
      fakes.discord.switches.webhookNever = true;
      const e = await fakes.discord.purchase(player.discordId, SKU_1200);
      fakes.discord.switches.webhookNever = false;
      const webhook = { version: 1, application_id: fakes.discord.applicationId, type: 1, event: { type: 'ENTITLEMENT_CREATE', timestamp: new Date().toISOString(), data: e } };
      const send = () => { const d = fakes.discord.signed(webhook); return app.inject({ method: 'POST', url: '/api/webhooks/discord', headers: d.headers, payload: d.body }); };
      const [w1, w2, w3, , sync] = await Promise.all([send(), send(), send(), discordReconciler(app).round(), player.client.post('/api/purchases/discord/sync', {})]);
      expect([w1.statusCode, w2.statusCode, w3.statusCode]).toEqual([204, 204, 204]);
      expect(sync.statusCode).toBe(200);
      expect(await grantsOf(player.uuid)).toHaveLength(1);
      expect(await ledger.balance(player.uuid)).toBe(1200);
      expect(fakes.discord.entitlements.get(e.id)!.consumed).toBe(true);
      // And again later: nothing more.
      await player.client.post('/api/purchases/discord/sync', {});
      await discordReconciler(app).round();
      expect(await ledger.balance(player.uuid)).toBe(1200);
    });

    it('Discord: the webhook sent twice grants once', async () => {
      const player = await linkedPlayer();
      fakes.discord.switches.webhookTwice = true;
      const e = await fakes.discord.purchase(player.discordId, SKU_1200);
      fakes.discord.switches.webhookTwice = false;
      expect((await grantsOf(player.uuid)).map((r) => `${r.host}:${r.providerPurchaseId}`)).toEqual([`discord:${e.id}`]);
      expect(await ledger.balance(player.uuid)).toBe(1200);
    });

    it('Discord: a consume failing three times then succeeding grants once and ends consumed', async () => {
      const player = await linkedPlayer();
      fakes.discord.switches.consumeFailsTimes = 3;
      fakes.discord.switches.webhookNever = true;
      const e = await fakes.discord.purchase(player.discordId, SKU_1200);
      fakes.discord.switches.webhookNever = false;
      const sync = await player.client.post('/api/purchases/discord/sync', {});
      expect(sync.json()).toMatchObject({ granted: [{ productId: 'tc-1200', tripcoins: 1200, host: 'discord' }], balance: 1200 });
      const row = () => ledger.row('discord', e.id);
      expect(await row()).toMatchObject({ consumed: false });
      await consumeDue(app);
      await consumeDue(app);
      expect(await row()).toMatchObject({ consumed: false, attempts: 3 });
      await consumeDue(app);
      expect(await row()).toMatchObject({ consumed: true });
      expect(fakes.discord.entitlements.get(e.id)!.consumed).toBe(true);
      expect(await grantsOf(player.uuid)).toHaveLength(1);
      expect(await ledger.balance(player.uuid)).toBe(1200);
      await consumeDue(app);
      expect(await ledger.balance(player.uuid)).toBe(1200);
    });

    it("Discord: another user's entitlement grants nothing, and a test-mode one grants only where configured", async () => {
      const player = await linkedPlayer();
      const other = await linkedPlayer();
      fakes.discord.switches.webhookNever = true;
      const theirs = await fakes.discord.purchase(other.discordId, SKU_1200);
      const unlinked = await fakes.discord.purchase('100000000000000555', SKU_1200);
      const test = await fakes.discord.purchase(player.discordId, SKU_1200, 4);
      fakes.discord.switches.webhookNever = false;
      const sync = await player.client.post('/api/purchases/discord/sync', {});
      expect(sync.json().granted).toEqual([]);
      expect(await grantsOf(player.uuid)).toHaveLength(0);
      expect(await ledger.row('discord', test.id)).toBeUndefined();
      await discordReconciler(app).round();
      expect(await ledger.row('discord', unlinked.id)).toBeUndefined();
      expect((await ledger.row('discord', theirs.id))?.userId).toBe(other.uuid);
    });

    it('Discord: a refund (entitlement deleted) reverses the grant once', async () => {
      const player = await linkedPlayer();
      const e = await fakes.discord.purchase(player.discordId, SKU_1200);
      expect(await ledger.balance(player.uuid)).toBe(1200);
      fakes.discord.switches.webhookTwice = true;
      await fakes.discord.refund(e.id);
      fakes.discord.switches.webhookTwice = false;
      expect(await ledger.balance(player.uuid)).toBe(0);
      expect(await ledger.row('discord', e.id)).toMatchObject({ reversed: true });
    });

    it('CrazyGames: the confirm and the webhook grant once and consume the item', async () => {
      const player = await linkedPlayer();
      fakes.xsolla.switches.webhookNever = true;
      const order = await fakes.xsolla.buy(player.portalId, 'tc_1200');
      fakes.xsolla.switches.webhookNever = false;
      const confirm = await player.client.post('/api/purchases/crazygames/confirm', { productId: 'tc-1200', orderId: String(order.order_id) });
      expect(confirm.json()).toMatchObject({ granted: [{ productId: 'tc-1200', host: 'crazygames' }], balance: 1200 });
      const d = fakes.xsolla.signed({ notification_type: 'order_paid', settings: { project_id: Number(fakes.xsolla.projectId) }, order: { id: order.order_id }, user: { id: player.portalId }, items: order.content.items });
      expect((await app.inject({ method: 'POST', url: '/api/webhooks/xsolla', headers: d.headers, payload: d.body })).statusCode).toBe(204);
      expect(await grantsOf(player.uuid)).toHaveLength(1);
      expect(fakes.xsolla.inventory.get(player.portalId)!.get('tc_1200')).toBe(0);
      const guest = await registerPlayer(app);
      expect((await guest.client.post('/api/purchases/crazygames/confirm', { productId: 'tc-1200', orderId: String(order.order_id) })).json().code).toBe('SIGN_IN_REQUIRED');
    });

    it('web: checkout, pay (webhook twice), the return poll: one grant; a refund reverses it', async () => {
      const player = await linkedPlayer();
      const started = (await player.client.post('/api/purchases/web/checkout', { productId: 'tc-1200' })).json() as { url: string; sessionId: string };
      expect(started.url).toContain(`/pay/${started.sessionId}`);
      expect((await player.client.get(`/api/purchases/web/session/${started.sessionId}`)).json()).toEqual({ status: 'open' });
      fakes.checkout.switches.webhookTwice = true;
      await fakes.checkout.pay(started.sessionId);
      fakes.checkout.switches.webhookTwice = false;
      const polled = await player.client.get(`/api/purchases/web/session/${started.sessionId}`);
      expect(polled.json()).toMatchObject({ status: 'paid', grant: { productId: 'tc-1200', tripcoins: 1200, host: 'web' }, balance: 1200 });
      expect(await grantsOf(player.uuid)).toHaveLength(1);
      const stranger = await linkedPlayer();
      expect((await stranger.client.get(`/api/purchases/web/session/${started.sessionId}`)).statusCode).toBe(404);
      await fakes.checkout.refund(started.sessionId);
      expect(await ledger.balance(player.uuid)).toBe(0);
    });

    it('products per host; bad input is a 400 with a code', async () => {
      const player = await linkedPlayer();
      const web = (await player.client.get('/api/purchases/products?host=web')).json();
      expect(web).toMatchObject({ status: 'available', host: 'web', products: [{ id: 'tc-500', hostProductId: 'price_tc_500', price: { amountMinor: 499, currency: 'USD' } }, { id: 'tc-1200' }, { id: 'tc-2600' }] });
      expect((await player.client.get('/api/purchases/products?host=poki')).json()).toEqual({ status: 'unavailable', reason: 'hostHasNoPurchases' });
      expect((await app.inject({ method: 'GET', url: '/api/purchases/products?host=crazygames' })).json()).toEqual({ status: 'unavailable', reason: 'signInRequired' });
      const unknown = await player.client.post('/api/purchases/web/checkout', { productId: 'tc-999' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('PRODUCT_UNKNOWN');
      expect((await player.client.post('/api/purchases/web/checkout', { productId: 'Not A Pack!' })).statusCode).toBe(400);
    });
  });
}
