// The host playground: a second local origin that frames the product the way its three hosts
// do, so a studio (and our e2e tests) can try a build in each before uploading it anywhere.
//
//   /discord?mode=normal|silent|refuse   Discord's client: a data: frame (an opaque origin, which
//                                          the real @discord/embedded-app-sdk accepts as its
//                                          parent) answering the SDK's protocol, around the
//                                          Activity at <product>/?frame_id=…&instance_id=…&platform=desktop
//   /crazygames?user=signed-in|anonymous&adblock=1
//                                          the portal: frames <product>/?useLocalSdk=true with the
//                                          stand-in v3 SDK (or, with adblock, an SDK that fails to load)
//   /web                                   a partner page framing the plain site
//   (/discord and /crazygames pass ?completionPolicy=, ?hookTimeoutSeconds= and ?demoGameHook=
//   on to the product)
//
// The playground is on another site than the product (127.0.0.1 vs localhost), so the browser's
// real cross-site iframe rules apply (cookies, storage partitioning). It also runs the fakes the
// product's server needs to verify sign-ins: Discord's OAuth API (tests/fakes/discord.ts) and the
// portal's key server (tests/fakes/crazygames.ts); `env` says how to point the product at them.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { HostKind } from '../hosts/list';
import { startFakePortal, type FakePortal } from '../tests/fakes/crazygames';
import { startFakeDiscord, type FakeDiscord } from '../tests/fakes/discord';

export interface PlaygroundOptions {
  /** Port of the playground (0: any free one). */
  port: number;
  /** The product's origin as the frames load it, e.g. http://localhost:8081 (another site than 127.0.0.1). */
  product: string;
  /** The Activity's Discord client id (activity.config.json). */
  clientId: string;
}

export interface Playground {
  origin: string;
  discord: FakeDiscord;
  portal: FakePortal;
  /** The product server's environment for these fakes and this playground. */
  env: Record<string, string>;
  /** The playground page of a host (hosts/list.ts); a host without a page here answers 404. */
  url(host: HostKind, params?: Record<string, string>): string;
  close(): Promise<void>;
}

export const PLAYGROUND_DISCORD_SECRET = 'playground-discord-secret';
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
const DIR = new URL('.', import.meta.url).pathname;
const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${title}</title></head><body style="margin:0;font-family:system-ui,sans-serif;background:#1e1f22;color:#ddd">${body}</body></html>`;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const discord = await startFakeDiscord({ clientId: options.clientId, clientSecret: PLAYGROUND_DISCORD_SECRET });
  const portal = await startFakePortal();
  const product = options.product.replace(/\/$/, '');
  let origin = '';

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://playground');
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
      res.end(body);
    };
    const json = (body: unknown) => send(200, 'application/json', JSON.stringify(body), { 'access-control-allow-origin': '*' });
    const q = url.searchParams;
    try {
      if (url.pathname === '/discord') {
        const mode = ['normal', 'silent', 'refuse'].includes(q.get('mode') ?? '') ? String(q.get('mode')) : 'normal';
        const activity = `${product}/?${new URLSearchParams({ frame_id: 'playground-frame', instance_id: `i-${randomBytes(4).toString('hex')}`, platform: 'desktop', ...productParams(q) })}`;
        const config = {
          activity, mode, codeUrl: `${origin}/discord/code`,
          user_id: q.get('user_id') ?? '100000000000000001', username: q.get('username') ?? 'activity_player',
        };
        const client = readFileSync(`${DIR}discord-client.html`, 'utf8')
          .replace('<head>', `<head><script>window.__config = ${JSON.stringify(config).replace(/</g, '\\u003c')};</script>`);
        const frameSrc = `data:text/html;base64,${Buffer.from(client).toString('base64')}`;
        return send(200, 'text/html; charset=utf-8', page(`Discord (${mode})`,
          `<iframe id="discord-client" title="Discord client" src="${frameSrc}" style="border:0;width:100vw;height:100vh;display:block"></iframe>`));
      }
      if (url.pathname === '/crazygames') {
        const user = q.get('user') === 'signed-in' ? 'signed-in' : 'anonymous';
        const sdk = q.get('adblock') === '1'
          ? `${origin}/blocked/crazygames-sdk-v3.js`
          : `${origin}/crazygames-sdk-v3.js?${new URLSearchParams({ user, name: q.get('name') ?? 'Cheese' })}`;
        const game = `${product}/?${new URLSearchParams({ useLocalSdk: 'true', crazygamesSdkUrl: sdk, ...productParams(q) })}`;
        return send(200, 'text/html; charset=utf-8', page('CrazyGames (playground)', `
          <div style="display:flex;flex-direction:column;height:100vh">
            <div style="padding:6px 10px;display:flex;gap:8px;align-items:center;background:#6842ff">
              <b>CrazyGames playground</b><span>player: ${user}${q.get('adblock') === '1' ? ', ad blocker on' : ''}</span>
              <button id="sign-in">Portal sign-in</button><button id="sign-out">Portal sign-out</button>
              <label><input id="mute" type="checkbox" /> mute</label>
            </div>
            <iframe id="game" title="Game" src="${escapeHtml(game)}" style="border:0;flex:1" allow="autoplay; fullscreen"></iframe>
          </div>
          <script>
            const game = document.getElementById('game');
            const post = (message) => game.contentWindow.postMessage(message, ${JSON.stringify(product)});
            document.getElementById('sign-in').onclick = () => post({ crazyGamesPlayground: 'signIn' });
            document.getElementById('sign-out').onclick = () => post({ crazyGamesPlayground: 'signOut' });
            document.getElementById('mute').onchange = (e) => post({ crazyGamesPlayground: 'mute', muted: e.target.checked });
          </script>`));
      }
      if (url.pathname === '/web') {
        return send(200, 'text/html; charset=utf-8', page('Partner page (playground)',
          `<iframe id="game" title="Game" src="${escapeHtml(`${product}/`)}" style="border:0;width:100vw;height:100vh;display:block" allow="autoplay; fullscreen"></iframe>`));
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
          ${link('/crazygames?user=signed-in', 'CrazyGames, a player signed in on the portal')}
          ${link('/crazygames?user=anonymous', 'CrazyGames, an anonymous player')}
          ${link('/crazygames?user=anonymous&adblock=1', 'CrazyGames with an ad blocker (the SDK script fails to load)')}
          ${link('/web', 'A partner page framing the web site')}</ul></div>`));
      }
      return send(404, 'text/plain', 'not found');
    } catch (error) {
      return send(500, 'text/plain', String(error));
    }
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(options.port, '127.0.0.1', resolve); });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin, discord, portal,
    env: {
      DISCORD_CLIENT_ID: options.clientId, DISCORD_CLIENT_SECRET: PLAYGROUND_DISCORD_SECRET,
      DISCORD_API_BASE: discord.apiBase, DISCORD_AUTHORIZE_URL: discord.authorizeUrl,
      CRAZYGAMES_PUBLIC_KEY_URL: portal.keyUrl,
      PLAYGROUND_ORIGIN: origin,
    },
    url: (host, params = {}) => `${origin}/${host}${Object.keys(params).length ? `?${new URLSearchParams(params)}` : ''}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await discord.close();
      await portal.close();
    },
  };
}
