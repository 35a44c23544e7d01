// One purchase, however many ways it arrives, grants once: Discord's webhook three times, the
// reconcile poll and the player's own sync all at once; a consume that fails three times is
// retried by the job without granting again; an entitlement of another user grants nothing;
// Xsolla's order_paid and the portal's confirm; the web checkout's webhook, return poll and refund.
import { describe, expect, it } from 'vitest';
import { consumeDue } from '../../server/services/purchases/consume';
import { discordReconciler } from '../../server/services/purchases/reconcile';
import { jobTransactions } from '../../server/jobs/purchaseJobs';
import { registerPlayer, testDatabases } from './helpers';
import { usePurchaseApp } from './harness/purchaseApp';

const SKU_1200 = '1300000000000001200';
let nextDiscordId = 100_000_000_000_000_900n;

for (const database of testDatabases()) {
  describe(`purchases granted once (${database.name})`, () => {
    const t = usePurchaseApp(database);

    async function linkedPlayer() {
      const player = await registerPlayer(t.app);
      const discordId = String(nextDiscordId++);
      await t.app.db.updateTable('users').set({ discord_id: discordId, crazygames_id: `cg-${discordId}` }).where('id', '=', player.uuid).execute();
      return { ...player, discordId, portalId: `cg-${discordId}` };
    }
    const grantsOf = (userId: string) => t.ledger.of(userId);

    it('Discord: webhook x3, the reconcile poll and the player sync at once grant once, and it is consumed', async () => {
      const player = await linkedPlayer();
      t.fakes.discord.switches.webhookNever = true;
      const e = await t.fakes.discord.purchase(player.discordId, SKU_1200);
      t.fakes.discord.switches.webhookNever = false;
      const webhook = { version: 1, application_id: t.fakes.discord.applicationId, type: 1, event: { type: 'ENTITLEMENT_CREATE', timestamp: new Date().toISOString(), data: e } };
      const send = () => { const d = t.fakes.discord.signed(webhook); return t.app.inject({ method: 'POST', url: '/api/webhooks/discord', headers: d.headers, payload: d.body }); };
      const [w1, w2, w3, , sync] = await Promise.all([send(), send(), send(), discordReconciler(t.app, jobTransactions(t.app)).round(), player.client.post('/api/purchases/discord/sync', {})]);
      expect([w1.statusCode, w2.statusCode, w3.statusCode]).toEqual([204, 204, 204]);
      expect(sync.statusCode).toBe(200);
      expect(await grantsOf(player.uuid)).toHaveLength(1);
      expect(await t.ledger.balance(player.uuid)).toBe(1200);
      expect(t.fakes.discord.entitlements.get(e.id)!.consumed).toBe(true);
      // And again later: nothing more.
      await player.client.post('/api/purchases/discord/sync', {});
      await discordReconciler(t.app, jobTransactions(t.app)).round();
      expect(await t.ledger.balance(player.uuid)).toBe(1200);
    });

    it('Discord: the webhook sent twice grants once', async () => {
      const player = await linkedPlayer();
      t.fakes.discord.switches.webhookTwice = true;
      const e = await t.fakes.discord.purchase(player.discordId, SKU_1200);
      t.fakes.discord.switches.webhookTwice = false;
      expect((await grantsOf(player.uuid)).map((r) => `${r.host}:${r.providerPurchaseId}`)).toEqual([`discord:${e.id}`]);
      expect(await t.ledger.balance(player.uuid)).toBe(1200);
    });

    it('Discord: a consume failing three times then succeeding grants once and ends consumed', async () => {
      const player = await linkedPlayer();
      t.fakes.discord.switches.consumeFailsTimes = 3;
      t.fakes.discord.switches.webhookNever = true;
      const e = await t.fakes.discord.purchase(player.discordId, SKU_1200);
      t.fakes.discord.switches.webhookNever = false;
      const sync = await player.client.post('/api/purchases/discord/sync', {});
      expect(sync.json()).toMatchObject({ granted: [{ productId: 'tc-1200', tripcoins: 1200, host: 'discord' }], balance: 1200 });
      const row = () => t.ledger.row('discord', e.id);
      expect(await row()).toMatchObject({ consumed: false });
      await consumeDue(t.app, jobTransactions(t.app));
      await consumeDue(t.app, jobTransactions(t.app));
      expect(await row()).toMatchObject({ consumed: false, attempts: 3 });
      await consumeDue(t.app, jobTransactions(t.app));
      expect(await row()).toMatchObject({ consumed: true });
      expect(t.fakes.discord.entitlements.get(e.id)!.consumed).toBe(true);
      expect(await grantsOf(player.uuid)).toHaveLength(1);
      expect(await t.ledger.balance(player.uuid)).toBe(1200);
      await consumeDue(t.app, jobTransactions(t.app));
      expect(await t.ledger.balance(player.uuid)).toBe(1200);
    });

    it("Discord: another user's entitlement grants nothing, and a test-mode one grants only where configured", async () => {
      const player = await linkedPlayer();
      const other = await linkedPlayer();
      t.fakes.discord.switches.webhookNever = true;
      const theirs = await t.fakes.discord.purchase(other.discordId, SKU_1200);
      const unlinked = await t.fakes.discord.purchase('100000000000000555', SKU_1200);
      const test = await t.fakes.discord.purchase(player.discordId, SKU_1200, 4);
      t.fakes.discord.switches.webhookNever = false;
      const sync = await player.client.post('/api/purchases/discord/sync', {});
      expect(sync.json().granted).toEqual([]);
      expect(await grantsOf(player.uuid)).toHaveLength(0);
      expect(await t.ledger.row('discord', test.id)).toBeUndefined();
      await discordReconciler(t.app, jobTransactions(t.app)).round();
      expect(await t.ledger.row('discord', unlinked.id)).toBeUndefined();
      expect((await t.ledger.row('discord', theirs.id))?.userId).toBe(other.uuid);
    });

    it('Discord: a refund (entitlement deleted) reverses the grant once', async () => {
      const player = await linkedPlayer();
      const e = await t.fakes.discord.purchase(player.discordId, SKU_1200);
      expect(await t.ledger.balance(player.uuid)).toBe(1200);
      t.fakes.discord.switches.webhookTwice = true;
      await t.fakes.discord.refund(e.id);
      t.fakes.discord.switches.webhookTwice = false;
      expect(await t.ledger.balance(player.uuid)).toBe(0);
      expect(await t.ledger.row('discord', e.id)).toMatchObject({ reversed: true });
    });

    it('CrazyGames: order_paid twice and the confirm grant once; nothing is asked of Xsolla', async () => {
      const player = await linkedPlayer();
      t.fakes.xsolla.switches.webhookTwice = true;
      const order = await t.fakes.xsolla.buy(player.portalId, 'tc_1200');
      t.fakes.xsolla.switches.webhookTwice = false;
      const confirm = await player.client.post('/api/purchases/crazygames/confirm', { productId: 'tc-1200' });
      expect(confirm.json()).toMatchObject({ granted: [{ productId: 'tc-1200', host: 'crazygames', tripcoins: 1200 }], balance: 1200 });
      expect(await grantsOf(player.uuid)).toHaveLength(1);
      expect(await t.ledger.row('crazygames', `${order.order_id}:tc_1200`)).toMatchObject({ consumed: false });
      expect(t.fakes.xsolla.undocumented).toEqual([]);
      const guest = await registerPlayer(t.app);
      expect((await guest.client.post('/api/purchases/crazygames/confirm', { productId: 'tc-1200' })).json().code).toBe('SIGN_IN_REQUIRED');
    });

    it('web: checkout, pay (webhook twice), the return poll: one grant; a refund reverses it', async () => {
      const player = await linkedPlayer();
      const started = (await player.client.post('/api/purchases/web/checkout', { productId: 'tc-1200' })).json() as { url: string; sessionId: string };
      expect(started.url).toContain(`/pay/${started.sessionId}`);
      expect((await player.client.get(`/api/purchases/web/session/${started.sessionId}`)).json()).toEqual({ status: 'open' });
      t.fakes.checkout.switches.webhookTwice = true;
      await t.fakes.checkout.pay(started.sessionId);
      t.fakes.checkout.switches.webhookTwice = false;
      const polled = await player.client.get(`/api/purchases/web/session/${started.sessionId}`);
      expect(polled.json()).toMatchObject({ status: 'paid', grant: { productId: 'tc-1200', tripcoins: 1200, host: 'web' }, balance: 1200 });
      expect(await grantsOf(player.uuid)).toHaveLength(1);
      const stranger = await linkedPlayer();
      expect((await stranger.client.get(`/api/purchases/web/session/${started.sessionId}`)).statusCode).toBe(404);
      await t.fakes.checkout.refund(started.sessionId);
      expect(await t.ledger.balance(player.uuid)).toBe(0);
    });

    it('products per host; bad input is a 400 with a code', async () => {
      const player = await linkedPlayer();
      const web = (await player.client.get('/api/purchases/products?host=web')).json();
      expect(web).toMatchObject({ status: 'available', host: 'web', products: [{ id: 'tc-500', hostProductId: 'price_tc_500', price: { amountMinor: 499, currency: 'USD' } }, { id: 'tc-1200' }, { id: 'tc-2600' }] });
      expect((await player.client.get('/api/purchases/products?host=poki')).json()).toEqual({ status: 'unavailable', reason: 'hostHasNoPurchases' });
      expect((await t.app.inject({ method: 'GET', url: '/api/purchases/products?host=crazygames' })).json()).toEqual({ status: 'unavailable', reason: 'signInRequired' });
      const unknown = await player.client.post('/api/purchases/web/checkout', { productId: 'tc-999' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('PRODUCT_UNKNOWN');
      expect((await player.client.post('/api/purchases/web/checkout', { productId: 'Not A Pack!' })).statusCode).toBe(400);
    });
  });
}
