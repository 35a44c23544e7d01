// The providers' webhooks refuse what is forged, replayed or someone else's, and grant nothing
// for it: a bad signature, an old timestamp, another application or project (Discord, Xsolla, the
// web checkout), each a 400/401 with its code; the origin rule never stands in for a signature.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registerPlayer, testDatabases } from './helpers';
import { usePurchaseApp } from './harness/purchaseApp';
import type { PurchaseHost } from '../../contract/purchases';

const SKU_1200 = '1300000000000001200';
let nextDiscordId = 100_000_000_000_000_700n;

for (const database of testDatabases()) {
  describe(`purchase webhooks (${database.name})`, () => {
    const t = usePurchaseApp(database);

    const post = (host: string, delivery: { headers: Record<string, string>; body: string }, extra: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/api/webhooks/${host}`, headers: { ...delivery.headers, ...extra }, payload: delivery.body });

    async function linkedPlayer() {
      const player = await registerPlayer(t.app);
      const discordId = String(nextDiscordId++);
      await t.app.db.updateTable('users').set({ discord_id: discordId, crazygames_id: `cg-${discordId}` }).where('id', '=', player.uuid).execute();
      return { ...player, discordId, portalId: `cg-${discordId}` };
    }
    const granted = async (host: PurchaseHost, id: string) => (await t.ledger.row(host, id)) !== undefined;

    it('Discord: a forged signature, an old timestamp and another application are refused; nothing is granted', async () => {
      const player = await linkedPlayer();
      t.fakes.discord.switches.webhookNever = true;
      const e = await t.fakes.discord.purchase(player.discordId, SKU_1200);
      t.fakes.discord.switches.webhookNever = false;
      const body = { version: 1, application_id: t.fakes.discord.applicationId, type: 1, event: { type: 'ENTITLEMENT_CREATE', timestamp: new Date().toISOString(), data: e } };
      const other = generateKeyPairSync('ed25519').privateKey;

      const forged = await post('discord', t.fakes.discord.signed(body, { key: other }));
      expect(forged.statusCode).toBe(401);
      expect(forged.json().code).toBe('WEBHOOK_SIGNATURE');
      const tampered = t.fakes.discord.signed(body);
      const changed = await post('discord', { headers: tampered.headers, body: tampered.body.replace(SKU_1200, '1300000000000000500') });
      expect(changed.json().code).toBe('WEBHOOK_SIGNATURE');
      const old = await post('discord', t.fakes.discord.signed(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
      expect(old.statusCode).toBe(401);
      expect(old.json().code).toBe('WEBHOOK_STALE');
      const otherApp = await post('discord', t.fakes.discord.signed({ ...body, application_id: '1200000000000000099' }));
      expect(otherApp.statusCode).toBe(400);
      expect(otherApp.json().code).toBe('WEBHOOK_OTHER_APP');
      // An entitlement of another application inside a validly signed event of ours: nothing.
      const foreign = await post('discord', t.fakes.discord.signed({ ...body, event: { ...body.event, data: { ...e, application_id: '1200000000000000099' } } }));
      expect(foreign.statusCode).toBe(204);
      const garbage = await post('discord', t.fakes.discord.signed('not an event'));
      expect(garbage.statusCode).toBe(400);
      expect(await granted('discord', e.id)).toBe(false);

      const ping = await post('discord', t.fakes.discord.signed({ version: 1, application_id: t.fakes.discord.applicationId, type: 0 }));
      expect(ping.statusCode).toBe(204);
      const metrics = await t.app.metrics.registry.getSingleMetricAsString('tripshell_purchases_webhooks_total');
      expect(metrics).toMatch(/host="discord",outcome="badSignature"} 2/);
      expect(metrics).toMatch(/host="discord",outcome="stale"} 1/);
    });

    it('Xsolla: a forged signature and another project are refused; an order of another player grants nothing', async () => {
      const player = await linkedPlayer();
      t.fakes.xsolla.switches.webhookNever = true;
      const order = await t.fakes.xsolla.buy(player.portalId, 'tc_1200');
      t.fakes.xsolla.switches.webhookNever = false;
      const body = t.fakes.xsolla.notification('order_paid', order) as Record<string, unknown>;
      const forged = await post('xsolla', t.fakes.xsolla.signed(body, 'fake_guessed_secret'));
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({ error: { code: 'INVALID_SIGNATURE', message: 'Invalid signature' } });
      const unsigned = await t.app.inject({ method: 'POST', url: '/api/webhooks/xsolla', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(unsigned.statusCode).toBe(400);
      const payment = t.fakes.xsolla.notification('payment', order) as Record<string, unknown>;
      const otherProject = await post('xsolla', t.fakes.xsolla.signed({ ...payment, settings: { project_id: 31337, merchant_id: 1 } }));
      expect(otherProject.statusCode).toBe(400);
      expect(otherProject.json().error.code).toBe('INVALID_PARAMETER');
      expect(await granted('crazygames', `${order.order_id}:tc_1200`)).toBe(false);

      // The same order signed for a user no account signed in with: refused, nothing granted.
      const stranger = await post('xsolla', t.fakes.xsolla.signed({ ...body, user: { external_id: 'cg-nobody' } }));
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json()).toEqual({ error: { code: 'INVALID_USER', message: 'Invalid user' } });
      expect(await granted('crazygames', `${order.order_id}:tc_1200`)).toBe(false);
      // Another player's confirm finds nothing of theirs.
      const thief = await linkedPlayer();
      const stolen = await thief.client.post('/api/purchases/crazygames/confirm', { productId: 'tc-1200' });
      expect(stolen.statusCode).toBe(200);
      expect(stolen.json().granted).toEqual([]);

      const unknownUser = await post('xsolla', t.fakes.xsolla.signed({ notification_type: 'user_validation', settings: payment.settings, user: { id: 'nobody' } }));
      expect(unknownUser.statusCode).toBe(400);
      expect(unknownUser.json()).toEqual({ error: { code: 'INVALID_USER', message: 'Invalid user' } });
      expect((await post('xsolla', t.fakes.xsolla.signed({ notification_type: 'user_validation', settings: payment.settings, user: { id: player.portalId } }))).statusCode).toBe(204);
    });

    it('web: a forged signature and an old timestamp are refused; nothing is granted', async () => {
      const player = await linkedPlayer();
      const started = await player.client.post('/api/purchases/web/checkout', { productId: 'tc-500' });
      expect(started.statusCode).toBe(200);
      const { sessionId } = started.json() as { sessionId: string };
      t.fakes.checkout.switches.webhookNever = true;
      await t.fakes.checkout.pay(sessionId);
      t.fakes.checkout.switches.webhookNever = false;
      const session = t.fakes.checkout.sessions.get(sessionId)!;
      const event = { id: 'evt_forged', object: 'event', type: 'checkout.session.completed', data: { object: session } };
      const forged = await post('web', t.fakes.checkout.signed(event, { secret: 'whsec_guessed' }));
      expect(forged.statusCode).toBe(401);
      expect(forged.json().code).toBe('WEBHOOK_SIGNATURE');
      const old = await post('web', t.fakes.checkout.signed(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
      expect(old.statusCode).toBe(401);
      expect(old.json().code).toBe('WEBHOOK_STALE');
      expect(await granted('web', sessionId)).toBe(false);
      // A cross-site Origin does not matter to a webhook: its signature does.
      const crossSite = await post('web', t.fakes.checkout.signed(event, { secret: 'whsec_guessed' }), { origin: 'https://evil.example' });
      expect(crossSite.json().code).toBe('WEBHOOK_SIGNATURE');
      const good = await post('web', t.fakes.checkout.signed(event), { origin: 'https://evil.example' });
      expect(good.statusCode).toBe(204);
      expect(await granted('web', sessionId)).toBe(true);
    });

    it('cookie POSTs keep the non-simple-request rule', async () => {
      const player = await linkedPlayer();
      const cookie = [...player.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const simple = await t.app.inject({ method: 'POST', url: '/api/purchases/discord/sync', headers: { host: 'localhost', origin: 'http://localhost', cookie, 'content-type': 'text/plain' }, payload: '{}' });
      expect(simple.statusCode).toBe(403);
      expect(simple.json().code).toBe('SIMPLE_REQUEST');
    });
  });
}
