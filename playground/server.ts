// The host playground: a second local origin that frames the product the way its hosts
// do, so a studio (and our e2e tests) can try a build in each before uploading it anywhere.
//
//   /discord?mode=normal|silent|refuse   Discord's client (playground/discord-client.html): a data:
//     &platform=mobile &locale=fr          frame (an opaque origin, which the real
//     &custom_id=&referrer_id=             @discord/embedded-app-sdk accepts as its parent) answering
//                                          the SDK's commands, around the Activity at
//                                          <product>/?frame_id=…&instance_id=…&platform=…&guild_id=…
//                                          Its bar: a second participant joining and leaving, the
//                                          presence set, the orientation lock; dialogs for invites
//                                          and shared links (a shared link leads back here with custom_id)
//   /crazygames?user=signed-in|anonymous the portal (playground/crazygames-portal.html): frames
//     &adblock=1|ads &ads=unfilled         <product>/?useLocalSdk=true with the stand-in v3 SDK
//     &adMs= &locale= &disableChat=1       (playground/crazygames-sdk.js; adblock=1: the SDK script
//     &instant=1 &data=off                 fails to load; adblock=ads: it loads, detects the ad blocker
//     &<invite params>
//                                          and every ad errors). Any other parameter (an invite
//                                          link's room=…) goes on to the game's frame, as the portal does
//   /poki?sdk=late|never|blocked         Poki's game page (playground/poki-portal.html): frames
//     &adblock=1 &ads=none &adMs=          <product>/?pokiSdkUrl=… with the stand-in SDK
//     &<invite params>                     (playground/poki-sdk.js), arriving late, never, or not
//                                          at all; adblock=1: init() is refused. Other parameters
//                                          (a shareable link's roomId=…) go on to the game's frame
//   /web?join=<room>                     a partner page framing the plain site
//   /fake/discord/purchase {user_id,     the payment providers' fakes (tests/fakes/discordStore.ts,
//     sku_id} | /entitlements             xsolla.ts, webCheckout.ts): what Discord's purchase flow,
//   /fake/xsolla/buy {userId, sku} |      the portal's buyItem and a checkout page do, each sending its
//     /orders | /api/…                    signed webhook to the product; POST /fake/<host>/switches
//   /fake/checkout/pay/:session | /api/…  {webhookNever, webhookTwice, consumeFailsTimes, refund}
//   (/discord and /crazygames pass ?completionPolicy=, ?hookTimeoutSeconds= and ?demoGameHook=
//   on to the product)
//
// The playground is on another site than the product (127.0.0.1 vs localhost), so the browser's
// real cross-site iframe rules apply (cookies, storage partitioning). It also runs the fakes the
// product's server needs to verify sign-ins: Discord's OAuth API (tests/fakes/discord.ts) and the
// portal's key server (tests/fakes/crazygames.ts); `env` says how to point the product at them.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { HostKind } from '../hosts/list';
import { startFakePortal, type FakePortal } from '../tests/fakes/crazygames';
import { startFakeDiscord, type FakeDiscord } from '../tests/fakes/discord';
import { createFakeDiscordStore, type FakeDiscordStore } from '../tests/fakes/discordStore';
import { createFakeXsolla, type FakeXsolla } from '../tests/fakes/xsolla';
import { createFakeCheckout, type FakeCheckout } from '../tests/fakes/webCheckout';

/**
 * Where the playground's host stand-ins record a paid purchase in the fake providers, as the real
 * parties would on their side: Discord's purchase dialog (POST {user_id, sku_id} -> the
 * entitlement, as Discord's API lists it) and the portal's Pay Station (POST {sku, userId,
 * username} -> {order_id}, an Xsolla order of that CrazyGames user).
 */
export const PURCHASE_FAKE_PATHS = { discordPurchase: '/fake/discord/purchase', xsollaOrder: '/fake/xsolla/buy' } as const;

export interface PlaygroundOptions {
  /** Port of the playground (0: any free one). */
  port: number;
  /** The product's origin as the frames load it, e.g. http://localhost:8081 (another site than 127.0.0.1). */
  product: string;
  /** The Activity's Discord client id (activity.config.json). */
  clientId: string;
  /** Ports of the fake Discord API and of the portal's key server (0 or unset: any free one). */
  discordApiPort?: number;
  portalKeyPort?: number;
}

export interface Playground {
  origin: string;
  discord: FakeDiscord;
  portal: FakePortal;
  /** The payment providers' fakes (their webhooks go to the product). */
  store: { discord: FakeDiscordStore; xsolla: FakeXsolla; checkout: FakeCheckout };
  /** The product server's environment for these fakes and this playground. */
  env: Record<string, string>;
  /** The playground page of a host (hosts/list.ts); a host without a page here answers 404. */
  url(host: HostKind, params?: Record<string, string>): string;
  close(): Promise<void>;
}

export const PLAYGROUND_DISCORD_SECRET = 'playground-discord-secret';
/** The game the playground's portal serves (its tokens name it; the product is told it). */
export const PLAYGROUND_GAME_ID = 'tripshell-playground';
/** The product's loopback-only testing parameters a host page passes on to the framed product
 * (the completion policy and its time-out, the demo game without the hook): try a build on
 * either policy inside each host. */
const PRODUCT_PARAMS = ['completionPolicy', 'hookTimeoutSeconds', 'demoGameHook'] as const;
function productParams(q: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PRODUCT_PARAMS) {
    const value = q.get(name);
    if (value !== null && /^[\w.]{1,16}$/.test(value)) out[name] = value;
  }
  return out;
}
/** Picks the named parameters whose values match `valid`; others are left out. */
function pick(q: URLSearchParams, names: readonly string[], valid: RegExp): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = q.get(name);
    if (value !== null && valid.test(value)) out[name] = value;
  }
  return out;
}
/** The playground's own /crazygames parameters; every other one is an invite parameter the
 * portal passes on to the game's frame (game.getInviteParam reads it there). */
const PORTAL_PARAMS = new Set(['user', 'name', 'adblock', 'ads', 'adMs', 'disableChat', 'instant', 'country', 'locale', 'data', ...PRODUCT_PARAMS]);
/** Poki's page's own parameters; every other one goes on to the game's frame (getURLParam). */
const POKI_PARAMS = new Set(['sdk', 'adblock', 'ads', 'adMs', ...PRODUCT_PARAMS]);
function inviteParams(q: URLSearchParams, own: ReadonlySet<string> = PORTAL_PARAMS): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of q) {
    if (!own.has(name) && /^[A-Za-z][\w-]{0,31}$/.test(name) && value.length <= 200) out[name] = value;
  }
  return out;
}
/** The server and channel the playground's Activity runs in (the SDK's guildId and channelId). */
export const PLAYGROUND_GUILD_ID = '100000000000000010';
export const PLAYGROUND_CHANNEL_ID = '100000000000000011';
const DIR = new URL('.', import.meta.url).pathname;
const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${title}</title></head><body style="margin:0;font-family:system-ui,sans-serif;background:#1e1f22;color:#ddd">${body}</body></html>`;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the playground's Xsolla sells (the product's config/products.json maps its packs to these skus). */
export const PLAYGROUND_XSOLLA_CATALOG = [
  { sku: 'tc_500', name: '500 TripCoins', amountMinor: 499, currency: 'USD' },
  { sku: 'tc_1200', name: '1,200 TripCoins', amountMinor: 999, currency: 'USD' },
  { sku: 'tc_2600', name: '2,600 TripCoins', amountMinor: 1999, currency: 'USD' },
];

export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const product = options.product.replace(/\/$/, '');
  // The payment providers, faked with keys made now (never real ones): Discord's entitlements on
  // the fake Discord API's address, Xsolla and the checkout under /fake/xsolla and /fake/checkout
  // here; each sends its webhooks to the product. Their controls: POST /fake/<host>/switches.
  const store = {
    discord: createFakeDiscordStore({ applicationId: options.clientId, webhookTarget: `${product}/api/webhooks/discord` }),
    xsolla: createFakeXsolla({ webhookTarget: `${product}/api/webhooks/xsolla`, catalog: PLAYGROUND_XSOLLA_CATALOG }),
    checkout: createFakeCheckout({ webhookTarget: `${product}/api/webhooks/web` }),
  };
  const discord = await startFakeDiscord({
    clientId: options.clientId, clientSecret: PLAYGROUND_DISCORD_SECRET, port: options.discordApiPort ?? 0,
    extra: (req, res, url) => (url.pathname.startsWith('/api/v10/applications/') ? store.discord.api(req, res, url.pathname.slice('/api/v10'.length), url.searchParams) : Promise.resolve(false)),
  });
  const portal = await startFakePortal({ gameId: PLAYGROUND_GAME_ID, port: options.portalKeyPort ?? 0 });
  let origin = '';

  /** /fake/discord/…, /fake/xsolla/(api/)…, /fake/checkout/(api/)…: the providers' fakes. */
  const fakeRequest = (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const path = url.pathname;
    // The Discord client's and the portal's pages (other origins) call the controls with JSON.
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type' });
      res.end();
      return Promise.resolve(true);
    }
    const under = (prefix: string) => path.startsWith(prefix) ? path.slice(prefix.length) : null;
    let rest: string | null;
    if ((rest = under('/fake/discord')) !== null) return store.discord.control(req, res, rest);
    if ((rest = under('/fake/xsolla/api')) !== null) return store.xsolla.api(req, res, rest);
    if ((rest = under('/fake/xsolla')) !== null) return store.xsolla.control(req, res, rest);
    if ((rest = under('/fake/checkout/api')) !== null) return store.checkout.api(req, res, rest, url.searchParams);
    if ((rest = under('/fake/checkout')) !== null) return store.checkout.control(req, res, rest);
    return Promise.resolve(false);
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://playground');
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
      res.end(body);
    };
    const json = (body: unknown) => send(200, 'application/json', JSON.stringify(body), { 'access-control-allow-origin': '*' });
    const q = url.searchParams;
    try {
      if (url.pathname.startsWith('/fake/')) {
        const answered = fakeRequest(req, res, url);
        void answered.then((done) => { if (!done) send(404, 'text/plain', 'not found'); }, (error: unknown) => send(500, 'text/plain', String(error)));
        return;
      }
      if (url.pathname === '/discord') {
        const mode = ['normal', 'silent', 'refuse'].includes(q.get('mode') ?? '') ? String(q.get('mode')) : 'normal';
        const platform = q.get('platform') === 'mobile' ? 'mobile' : 'desktop';
        // What Discord puts in the Activity's address: a shared link's custom_id and referrer_id
        // come along when the player arrived through one.
        const launch = pick(q, ['custom_id', 'referrer_id'], /^[\w.-]{1,64}$/);
        const activity = `${product}/?${new URLSearchParams({
          frame_id: 'playground-frame', instance_id: `i-${randomBytes(4).toString('hex')}`, platform,
          guild_id: PLAYGROUND_GUILD_ID, channel_id: PLAYGROUND_CHANNEL_ID, ...launch, ...productParams(q),
        })}`;
        const config = {
          activity, mode, codeUrl: `${origin}/discord/code`, shareUrl: `${origin}/discord`, controls: '1',
          user_id: q.get('user_id') ?? '100000000000000001', username: q.get('username') ?? 'activity_player',
          ...pick(q, ['locale'], /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/),
          // In-app purchases: the purchase dialog's Buy creates the entitlement in the fake Discord
          // API (PURCHASE_FAKE_PATHS); ENTITLEMENT_CREATE late (ms) or never.
          purchaseUrl: `${origin}${PURCHASE_FAKE_PATHS.discordPurchase}`,
          ...pick(q, ['entitlementEvent', 'entitlementDelayMs'], /^\w{1,12}$/),
        };
        const client = readFileSync(`${DIR}discord-client.html`, 'utf8')
          .replace('<head>', `<head><script>window.__config = ${JSON.stringify(config).replace(/</g, '\\u003c')};</script>`);
        const frameSrc = `data:text/html;base64,${Buffer.from(client).toString('base64')}`;
        return send(200, 'text/html; charset=utf-8', page(`Discord (${mode})`,
          `<iframe id="discord-client" title="Discord client" src="${frameSrc}" style="border:0;width:100vw;height:100vh;display:block"></iframe>`));
      }
      if (url.pathname === '/crazygames') {
        const user = q.get('user') === 'signed-in' ? 'signed-in' : 'anonymous';
        const adblock = q.get('adblock');
        const sdk = adblock === '1'
          ? `${origin}/blocked/crazygames-sdk-v3.js`
          : `${origin}/crazygames-sdk-v3.js?${new URLSearchParams({
            user, name: q.get('name') ?? 'Cheese', portalUrl: `${origin}/crazygames`, orderUrl: `${origin}${PURCHASE_FAKE_PATHS.xsollaOrder}`,
            ...(adblock === 'ads' ? { adblock: 'ads' } : {}),
            ...pick(q, ['ads', 'adMs', 'disableChat', 'instant', 'country', 'data'], /^\w{1,16}$/),
            ...pick(q, ['locale'], /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/),
          })}`;
        const game = `${product}/?${new URLSearchParams({ useLocalSdk: 'true', crazygamesSdkUrl: sdk, ...productParams(q), ...inviteParams(q) })}`;
        const label = `player: ${user}${adblock === '1' ? ', SDK script blocked' : adblock === 'ads' ? ', ad blocker on' : ''}`;
        const portal = { game, productOrigin: new URL(product).origin, label, adblock: adblock === 'ads' };
        return send(200, 'text/html; charset=utf-8', readFileSync(`${DIR}crazygames-portal.html`, 'utf8')
          .replace('<head>', `<head><script>window.__portal = ${JSON.stringify(portal).replace(/</g, '\\u003c')};</script>`));
      }
      if (url.pathname === '/poki') {
        // sdk=late: the SDK script arrives after 3 s; never: it never does; blocked: it fails.
        const when = ['late', 'never', 'blocked'].includes(q.get('sdk') ?? '') ? String(q.get('sdk')) : 'now';
        const sdk = `${origin}/poki-sdk.js?${new URLSearchParams({
          when, portalUrl: `${origin}/poki`, ...pick(q, ['adblock', 'ads', 'adMs'], /^\w{1,16}$/),
        })}`;
        const game = `${product}/?${new URLSearchParams({ pokiSdkUrl: sdk, ...productParams(q), ...inviteParams(q, POKI_PARAMS) })}`;
        const label = `SDK: ${when}${q.get('adblock') === '1' ? ', ad blocker on' : ''}`;
        return send(200, 'text/html; charset=utf-8', readFileSync(`${DIR}poki-portal.html`, 'utf8')
          .replace('<head>', `<head><script>window.__poki = ${JSON.stringify({ game, productOrigin: new URL(product).origin, label }).replace(/</g, '\\u003c')};</script>`));
      }
      if (url.pathname === '/poki-sdk.js') {
        const body = readFileSync(`${DIR}poki-sdk.js`, 'utf8');
        const when = q.get('when');
        if (when === 'blocked') return send(404, 'text/plain', 'blocked');
        if (when === 'never') return; // the request stays open: the SDK never arrives
        const reply = () => send(200, 'application/javascript; charset=utf-8', body, { 'access-control-allow-origin': '*' });
        if (when === 'late') { setTimeout(reply, 3_000); return; }
        return reply();
      }
      if (url.pathname === '/web') {
        const join = pick(q, ['join'], /^[\w.-]{1,64}$/);
        return send(200, 'text/html; charset=utf-8', page('Partner page (playground)',
          `<iframe id="game" title="Game" src="${escapeHtml(`${product}/${Object.keys(join).length ? `?${new URLSearchParams(join)}` : ''}`)}" style="border:0;width:100vw;height:100vh;display:block" allow="autoplay; fullscreen; web-share; clipboard-write"></iframe>`));
      }
      if (url.pathname === '/crazygames-sdk-v3.js') {
        return send(200, 'application/javascript; charset=utf-8', readFileSync(`${DIR}crazygames-sdk.js`, 'utf8'), { 'access-control-allow-origin': '*' });
      }
      if (url.pathname === '/discord/code') {
        const id = q.get('user_id') ?? '';
        const username = q.get('username') ?? '';
        if (!/^\d{17,20}$/.test(id) || !/^[\w.]{2,32}$/.test(username)) return send(400, 'application/json', '{"error":"user_id and username"}', { 'access-control-allow-origin': '*' });
        return json({ code: discord.codeFor({ id, username }) });
      }
      if (url.pathname === '/crazygames/token') {
        const userId = q.get('userId') ?? '';
        const username = q.get('username') ?? '';
        if (!userId || !username) return send(400, 'application/json', '{"error":"userId and username"}', { 'access-control-allow-origin': '*' });
        void portal.sign({ userId, username }).then((token) => json({ token }), () => send(500, 'application/json', '{"error":"signing failed"}'));
        return;
      }
      if (url.pathname === '/') {
        const link = (href: string, text: string) => `<li><a style="color:#8ab4f8" href="${href}">${text}</a></li>`;
        return send(200, 'text/html; charset=utf-8', page('TripShell host playground', `<div style="padding:24px"><h1>TripShell host playground</h1>
          <p>Product: <code>${escapeHtml(product)}</code>, framed from <code>${escapeHtml(origin)}</code> (another site).</p><ul>
          ${link('/discord?mode=normal', 'Discord Activity (the client answers everything)')}
          ${link('/discord?mode=silent', 'Discord Activity, a client that never answers the handshake')}
          ${link('/discord?mode=refuse', 'Discord Activity, the player refuses authorization')}
          ${link('/discord?platform=mobile&locale=fr', 'Discord Activity on a phone, the player\'s Discord in French')}
          ${link('/crazygames?user=signed-in', 'CrazyGames, a player signed in on the portal')}
          ${link('/crazygames?user=anonymous', 'CrazyGames, an anonymous player')}
          ${link('/crazygames?user=anonymous&adblock=ads', 'CrazyGames with an ad blocker (the SDK loads; every ad errors)')}
          ${link('/crazygames?user=anonymous&ads=unfilled', 'CrazyGames with no ad to show (unfilled)')}
          ${link('/crazygames?user=anonymous&adblock=1', 'CrazyGames with the SDK script blocked')}
          ${link('/poki', 'Poki')}
          ${link('/poki?sdk=late', 'Poki, its SDK arriving after 3 s')}
          ${link('/poki?sdk=never', 'Poki, its SDK never arriving')}
          ${link('/poki?adblock=1', 'Poki with an ad blocker (the SDK loads; init is refused)')}
          ${link('/web', 'A partner page framing the web site')}</ul></div>`));
      }
      return send(404, 'text/plain', 'not found');
    } catch (error) {
      return send(500, 'text/plain', String(error));
    }
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(options.port, '127.0.0.1', resolve); });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  store.checkout.pageBase = `${origin}/fake/checkout`;

  return {
    origin, discord, portal, store,
    env: {
      DISCORD_CLIENT_ID: options.clientId, DISCORD_CLIENT_SECRET: PLAYGROUND_DISCORD_SECRET,
      DISCORD_API_BASE: discord.apiBase, DISCORD_AUTHORIZE_URL: discord.authorizeUrl,
      // Portal sign-in is on only for our game's id, and the playground's portal signs every token with it.
      CRAZYGAMES_PUBLIC_KEY_URL: portal.keyUrl, CRAZYGAMES_GAME_ID: portal.gameId,
      PLAYGROUND_ORIGIN: origin,
      DISCORD_BOT_TOKEN: store.discord.botToken, DISCORD_PUBLIC_KEY: store.discord.publicKeyHex,
      XSOLLA_PROJECT_ID: store.xsolla.projectId, XSOLLA_API_KEY: store.xsolla.apiKey, XSOLLA_WEBHOOK_SECRET: store.xsolla.webhookSecret,
      XSOLLA_API_BASE: `${origin}/fake/xsolla/api`,
      WEB_CHECKOUT_SECRET_KEY: store.checkout.secretKey, WEB_CHECKOUT_WEBHOOK_SECRET: store.checkout.webhookSecret,
      WEB_CHECKOUT_API_BASE: `${origin}/fake/checkout/api`,
      // The playground's Discord sells its test purchases too (the fake's entitlements are type 1 unless asked).
      DISCORD_TEST_ENTITLEMENTS: 'true',
      // Short rounds: a missed webhook or a failed consume is caught within seconds here.
      PURCHASE_CONSUME_RETRY_MS: '3000', PURCHASE_RECONCILE_MS: '5000',
    },
    url: (host, params = {}) => `${origin}/${host}${Object.keys(params).length ? `?${new URLSearchParams(params)}` : ''}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await discord.close();
      await portal.close();
    },
  };
}
