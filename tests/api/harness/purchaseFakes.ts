// The three payment providers' fakes on one local server for the API tests, with the server
// configuration that points the product at them and their webhooks at the app under test.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../server/config';
import { createFakeDiscordStore, type FakeDiscordStore } from '../../fakes/discordStore';
import { createFakeXsolla, type FakeXsolla } from '../../fakes/xsolla';
import { createFakeCheckout, type FakeCheckout } from '../../fakes/webCheckout';
import type { WebhookDelivery } from '../../fakes/purchaseKit';
import { webhookWorkDone } from '../../../server/routes/webhooks';

export const FAKE_APP_ID = '1200000000000000042';

export interface PurchaseFakes {
  discord: FakeDiscordStore;
  xsolla: FakeXsolla;
  checkout: FakeCheckout;
  config: Partial<Config>;
  /** Sends every fake's webhooks into this app (injected, as the provider would POST them). */
  target(app: FastifyInstance): void;
  close(): Promise<void>;
}

export function injectTarget(app: FastifyInstance, path: string): (delivery: WebhookDelivery) => Promise<number> {
  return async ({ headers, body }) => (await app.inject({ method: 'POST', url: path, headers, payload: body })).statusCode;
}

export async function startPurchaseFakes(): Promise<PurchaseFakes> {
  const discord = createFakeDiscordStore({ applicationId: FAKE_APP_ID });
  const xsolla = createFakeXsolla();
  const checkout = createFakeCheckout();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const p = url.pathname;
    // Discord's API under its current version only ("API Reference": v10); an unversioned path is
    // not one we may rely on, so it is an undocumented request like any other.
    const route = p.startsWith('/discord/api/v10/') ? discord.api(req, res, p.slice('/discord/api/v10'.length), url.searchParams)
      : p.startsWith('/discord/') ? Promise.resolve(discord.undocumented.push(`${req.method ?? ''} ${p}`) < 0)
      : p.startsWith('/xsolla/api/') ? xsolla.api(req, res, p.slice('/xsolla/api'.length))
        : p.startsWith('/checkout/api/') ? checkout.api(req, res, p.slice('/checkout/api'.length), url.searchParams)
          : p.startsWith('/checkout/') ? checkout.control(req, res, p.slice('/checkout'.length))
            : Promise.resolve(false);
    void route.then((done) => { if (!done) { res.writeHead(404); res.end(); } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  checkout.pageBase = `${base}/checkout`;
  return {
    discord, xsolla, checkout,
    config: {
      DISCORD_CLIENT_ID: FAKE_APP_ID, DISCORD_BOT_TOKEN: discord.botToken, DISCORD_PUBLIC_KEY: discord.publicKeyHex, DISCORD_API_BASE: `${base}/discord/api/v10`,
      XSOLLA_PROJECT_ID: xsolla.projectId, XSOLLA_API_KEY: xsolla.apiKey, XSOLLA_WEBHOOK_SECRET: xsolla.webhookSecret, XSOLLA_API_BASE: `${base}/xsolla/api`,
      WEB_CHECKOUT_SECRET_KEY: checkout.secretKey, WEB_CHECKOUT_WEBHOOK_SECRET: checkout.webhookSecret, WEB_CHECKOUT_API_BASE: `${base}/checkout/api`,
      // Long timers: the tests run the jobs' rounds themselves.
      PURCHASE_CONSUME_RETRY_MS: 3_600_000, PURCHASE_RECONCILE_MS: 3_600_000,
    },
    target(app) {
      // Discord's webhook grants after its 204: the fake's send ends when that work has too.
      const toDiscord = injectTarget(app, '/api/webhooks/discord');
      discord.webhookTarget = async (delivery) => { const status = await toDiscord(delivery); await webhookWorkDone(); return status; };
      xsolla.webhookTarget = injectTarget(app, '/api/webhooks/xsolla');
      checkout.webhookTarget = injectTarget(app, '/api/webhooks/web');
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
