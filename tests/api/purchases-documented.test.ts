// Discord's and Stripe's purchases against fakes written from their documents (nothing else is
// answered; every test ends with no undocumented request): Discord's every page of entitlements,
// gifts granted and consumed, the webhook's 204 before its grant and a sighting the reconcile
// settles, a lost ENTITLEMENT_DELETE found again, 429 and Retry-After on purchases and sign-in;
// Stripe's partial refunds, disputes won and lost, other integrations' sessions, a lost
// checkout.session.completed found by the reconcile, the poll that tells a refund; the
// per-player limit on purchase calls.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { setAdmin } from '../../server/jobs/adminRole';
import { discordReconciler, webReconciler } from '../../server/services/purchases/reconcile';
import { jobTransactions } from '../../server/jobs/purchaseJobs';
import { DiscordApi, DiscordRateLimited } from '../../server/providers/discord';
import { webhookWorkDone } from '../../server/routes/webhooks';
import { startFakeDiscord } from '../fakes/discord';
import { lateDeliveries } from '../fakes/purchaseKit';
import { registerPlayer, testDatabases } from './helpers';
import { usePurchaseApp } from './harness/purchaseApp';

const SKU_500 = '1300000000000000500';
const SKU_1200 = '1300000000000001200';
const NOT_OURS = '1300000000000009999';
let nextDiscordId = 100_000_000_000_001_300n;
const LIMIT = 6;

for (const database of testDatabases()) {
  describe(`purchases as the providers document them (${database.name})`, () => {
    const t = usePurchaseApp(database, { PURCHASE_CALLS_PER_MINUTE: LIMIT });

    afterEach(async () => {
      await webhookWorkDone();
      expect(t.fakes.discord.undocumented).toEqual([]);
      expect(t.fakes.checkout.undocumented).toEqual([]);
      t.fakes.discord.switches.webhookNever = false;
      t.fakes.checkout.switches.webhookNever = false;
      t.fakes.discord.switches.rateLimitTimes = 0;
      t.fakes.checkout.switches.rateLimitTimes = 0;
    });

    async function linkedPlayer() {
      const player = await registerPlayer(t.app);
      const discordId = String(nextDiscordId++);
      await t.app.db.updateTable('users').set({ discord_id: discordId }).where('id', '=', player.uuid).execute();
      return { ...player, discordId };
    }
    const sync = (player: Awaited<ReturnType<typeof linkedPlayer>>) => player.client.post('/api/purchases/discord/sync', {});
    const post = (host: string, delivery: { headers: Record<string, string>; body: string }) =>
      t.app.inject({ method: 'POST', url: `/api/webhooks/${host}`, headers: delivery.headers, payload: delivery.body });

    it('Discord: the sync reads every page of entitlements (the new one on the second page)', async () => {
      const player = await linkedPlayer();
      t.fakes.discord.switches.webhookNever = true;
      for (let i = 0; i < 100; i++) await t.fakes.discord.purchase(player.discordId, NOT_OURS);
      const e = await t.fakes.discord.purchase(player.discordId, SKU_1200);
      const answer = await sync(player);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().granted).toHaveLength(1);
      expect(await t.ledger.balance(player.uuid)).toBe(1200);
      expect(t.fakes.discord.entitlements.get(e.id)?.consumed).toBe(true);
    });

    it('Discord: a gift from a player (USER_GIFT 6) and from us (DEVELOPER_GIFT 3) grant the recipient and are consumed; test mode only with its flag', async () => {
      const player = await linkedPlayer();
      const fromFriend = await t.fakes.discord.gift(player.discordId, SKU_500, 6);
      const fromUs = await t.fakes.discord.gift(player.discordId, SKU_1200, 3);
      const test = await t.fakes.discord.purchase(player.discordId, SKU_500, 4);
      await sync(player);
      expect(await t.ledger.balance(player.uuid)).toBe(1700);
      expect(t.fakes.discord.entitlements.get(fromFriend.id)?.consumed).toBe(true);
      expect(t.fakes.discord.entitlements.get(fromUs.id)?.consumed).toBe(true);
      expect(await t.ledger.row('discord', test.id)).toBeUndefined();
    });

    it('Discord: the webhook answers 204 within Discord\'s 3 seconds while Discord is slow, and grants after its answer', async () => {
      const player = await linkedPlayer();
      t.fakes.discord.switches.webhookNever = true;
      const e = await t.fakes.discord.purchase(player.discordId, SKU_1200);
      t.fakes.discord.switches.webhookNever = false;
      // Discord answers the consume only after 3.5 s (a slow moment; Retry-After would be longer).
      t.fakes.discord.switches.slowMs = 3500;
      const started = Date.now();
      const answer = await post('discord', t.fakes.discord.signed({ version: 1, application_id: t.fakes.discord.applicationId, type: 1, event: { type: 'ENTITLEMENT_CREATE', timestamp: new Date().toISOString(), data: e } }));
      const took = Date.now() - started;
      expect(answer.statusCode).toBe(204);
      expect(took).toBeLessThan(3000);
      await webhookWorkDone();
      t.fakes.discord.switches.slowMs = 0;
      expect(await t.ledger.balance(player.uuid)).toBe(1200);
      expect(t.fakes.discord.entitlements.get(e.id)?.consumed).toBe(true);
    });

    it('Discord: an event kept but never granted (no player linked yet) is stuck in the console, and the reconcile grants it once the player links', async () => {
      const player = await registerPlayer(t.app);
      const discordId = String(nextDiscordId++);
      const e = await t.fakes.discord.purchase(discordId, SKU_1200);
      expect(await t.ledger.row('discord', e.id)).toBeUndefined();
      await sql`UPDATE purchase_sightings SET seen_at = now() - interval '10 minutes' WHERE provider_purchase_id = ${e.id}`.execute(t.app.db);
      const admin = await registerPlayer(t.app);
      await setAdmin(t.app.db, admin.username, true);
      const overview = await admin.client.get('/api/admin/purchases/overview');
      expect(overview.json().stuck.map((s: { providerPurchaseId: string }) => s.providerPurchaseId)).toContain(e.id);
      await t.app.db.updateTable('users').set({ discord_id: discordId }).where('id', '=', player.uuid).execute();
      const reconciler = discordReconciler(t.app, jobTransactions(t.app));
      await reconciler.round();
      expect(await t.ledger.balance(player.uuid)).toBe(1200);
      const after = await admin.client.get('/api/admin/purchases/overview');
      expect(after.json().stuck.map((s: { providerPurchaseId: string }) => s.providerPurchaseId)).not.toContain(e.id);
    });

    it('Discord: a refund whose ENTITLEMENT_DELETE is lost is found by the reconcile and reversed once', async () => {
      const player = await linkedPlayer();
      const reconciler = discordReconciler(t.app, jobTransactions(t.app));
      const e = await t.fakes.discord.purchase(player.discordId, SKU_1200);
      await reconciler.round(); // its cursor is past this entitlement now
      expect(await t.ledger.balance(player.uuid)).toBe(1200);
      t.fakes.discord.switches.webhookNever = true;
      await t.fakes.discord.refund(e.id);
      const found = await reconciler.round();
      expect(found.reversed).toBe(1);
      expect((await t.ledger.row('discord', e.id))?.reversed).toBe(true);
      expect(await t.ledger.balance(player.uuid)).toBe(0);
      await reconciler.round();
      expect(await t.ledger.balance(player.uuid)).toBe(0);
      const metrics = await t.app.metrics.registry.getSingleMetricAsString('tripshell_purchases_reconcile_found_total');
      expect(metrics).toMatch(/host="discord",kind="reversed"} [1-9]/);
    });

    it('Discord: a 429 is waited out (Retry-After) and the call made again; one that keeps coming is a 503 with Retry-After', async () => {
      const player = await linkedPlayer();
      t.fakes.discord.switches.webhookNever = true;
      await t.fakes.discord.purchase(player.discordId, SKU_500);
      t.fakes.discord.switches.rateLimitTimes = 1;
      const waited = await sync(player);
      expect(waited.statusCode).toBe(200);
      expect(await t.ledger.balance(player.uuid)).toBe(500);
      t.fakes.discord.switches.rateLimitTimes = 20;
      const refused = await sync(player);
      expect(refused.statusCode).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });

    it('Discord sign-in: a 429 on the token exchange is waited out; a lasting one is DiscordRateLimited with its wait', async () => {
      const fake = await startFakeDiscord({ clientId: 'client-1', clientSecret: 'secret-1' });
      try {
        const api = new DiscordApi('client-1', 'secret-1', fake.apiBase);
        fake.rateLimit(1);
        const signedIn = await api.identify(fake.codeFor({ id: '100000000000000321', username: 'waiter' }), null);
        expect(signedIn.user.id).toBe('100000000000000321');
        fake.rateLimit(10);
        await expect(api.identify(fake.codeFor({ id: '100000000000000322', username: 'refused' }), null)).rejects.toBeInstanceOf(DiscordRateLimited);
        expect(fake.undocumented).toEqual([]);
      } finally { await fake.close(); }
    });

    async function paidSession(player: Awaited<ReturnType<typeof linkedPlayer>>, productId = 'tc-500') {
      const started = await player.client.post('/api/purchases/web/checkout', { productId });
      expect(started.statusCode).toBe(200);
      const { sessionId } = started.json() as { sessionId: string };
      await t.fakes.checkout.pay(sessionId);
      return sessionId;
    }

    it('Stripe: a partial refund takes back its part only (rounded in the player\'s favour); the rest refunded reverses it; the poll then says refunded', async () => {
      const player = await linkedPlayer();
      t.fakes.checkout.prices.set('price_tc_500', 499);
      const sessionId = await paidSession(player);
      expect(await t.ledger.balance(player.uuid)).toBe(500);
      await t.fakes.checkout.refund(sessionId, 100); // 100 of 499: 100.2004 TC, 100.20 taken back
      expect(await t.ledger.balance(player.uuid)).toBe(399.8);
      expect((await t.ledger.row('web', sessionId))?.reversed).toBe(false);
      const stillPaid = await player.client.get(`/api/purchases/web/session/${sessionId}`);
      expect(stillPaid.json().status).toBe('paid');
      await t.fakes.checkout.refund(sessionId);
      expect(await t.ledger.balance(player.uuid)).toBe(0);
      expect((await t.ledger.row('web', sessionId))?.reversed).toBe(true);
      const poll = await player.client.get(`/api/purchases/web/session/${sessionId}`);
      expect(poll.statusCode).toBe(200);
      expect(poll.json().status).toBe('refunded');
    });

    it('Stripe: a dispute holds the pack as a debt; closed as won it is given back once; a lost one stays taken', async () => {
      const player = await linkedPlayer();
      const sessionId = await paidSession(player);
      await t.fakes.checkout.dispute(sessionId);
      expect(await t.ledger.balance(player.uuid)).toBe(0);
      t.fakes.checkout.switches.webhookTwice = true;
      await t.fakes.checkout.closeDispute(sessionId, 'won');
      t.fakes.checkout.switches.webhookTwice = false;
      expect(await t.ledger.balance(player.uuid)).toBe(500);
      expect((await t.ledger.row('web', sessionId))?.reversed).toBe(false);

      const loser = await linkedPlayer();
      const lost = await paidSession(loser);
      await t.fakes.checkout.dispute(lost);
      await t.fakes.checkout.closeDispute(lost, 'lost');
      expect(await t.ledger.balance(loser.uuid)).toBe(0);
    });

    it('Stripe: a session of another integration is answered 2xx and ignored', async () => {
      const session = { id: 'cs_test_other', object: 'checkout.session', status: 'complete', payment_status: 'paid', client_reference_id: null, payment_intent: 'pi_other', metadata: {} };
      const answer = await post('web', t.fakes.checkout.signed({ id: 'evt_other', object: 'event', type: 'checkout.session.completed', data: { object: session } }));
      expect(answer.statusCode).toBe(204);
      expect(await t.ledger.row('web', 'cs_test_other')).toBeUndefined();
      const refund = await post('web', t.fakes.checkout.signed({ id: 'evt_other_refund', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_other', object: 'charge', amount: 1000, amount_refunded: 1000, payment_intent: 'pi_other' } } }));
      expect(refund.statusCode).toBe(204);
    });

    it('Stripe: a lost checkout.session.completed is granted by the reconcile (sessions created in the last hours), once', async () => {
      const player = await linkedPlayer();
      t.fakes.checkout.switches.webhookNever = true;
      const sessionId = await paidSession(player, 'tc-1200');
      expect(await t.ledger.row('web', sessionId)).toBeUndefined();
      const reconciler = webReconciler(t.app, jobTransactions(t.app));
      const first = await reconciler.round();
      expect(first.granted).toBe(1);
      expect(await t.ledger.balance(player.uuid)).toBe(1200);
      expect((await reconciler.round()).granted).toBe(0);
    });

    it('Stripe: events out of order (the refund before the payment) grant nothing; a 429 on the create is waited out', async () => {
      const player = await linkedPlayer();
      t.fakes.checkout.switches.rateLimitTimes = 1;
      const started = await player.client.post('/api/purchases/web/checkout', { productId: 'tc-500' });
      expect(started.statusCode).toBe(200);
      const { sessionId } = started.json() as { sessionId: string };
      expect(t.fakes.checkout.sessions.size).toBeGreaterThan(0);
      t.fakes.checkout.switches.webhookOutOfOrder = true;
      await t.fakes.checkout.pay(sessionId); // held back
      t.fakes.checkout.switches.webhookOutOfOrder = false;
      await t.fakes.checkout.refund(sessionId); // sent first, then the held payment
      expect(await t.ledger.row('web', sessionId)).toBeUndefined();
      expect(await t.ledger.balance(player.uuid)).toBe(0);
      const poll = await player.client.get(`/api/purchases/web/session/${sessionId}`);
      expect(poll.json().status).toBe('refunded');
    });

    it('Discord: a late webhook after the player\'s own sync grants nothing more', async () => {
      const player = await linkedPlayer();
      t.fakes.discord.switches.webhookDelayMs = 300;
      const e = await t.fakes.discord.purchase(player.discordId, SKU_500);
      t.fakes.discord.switches.webhookDelayMs = 0;
      expect((await sync(player)).json().granted).toHaveLength(1);
      await Promise.all([...lateDeliveries]);
      expect(await t.ledger.of(player.uuid)).toHaveLength(1);
      expect(await t.ledger.balance(player.uuid)).toBe(500);
      expect(t.fakes.discord.entitlements.get(e.id)?.consumed).toBe(true);
    });

    it(`a player's purchase calls are limited (${LIMIT} a minute): past it 429 with Retry-After, and nothing is asked of the provider`, async () => {
      const player = await linkedPlayer();
      const answers = [];
      for (let i = 0; i < LIMIT + 1; i++) answers.push(await sync(player));
      expect(answers.slice(0, LIMIT).map((a) => a.statusCode)).toEqual(new Array(LIMIT).fill(200));
      const refused = answers[LIMIT]!;
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const poll = await player.client.get('/api/purchases/web/session/cs_test_whatever');
      expect(poll.statusCode).toBe(429);
    });
  });
}
