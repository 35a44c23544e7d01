// A local stand-in for Discord's OAuth2 and API, from Discord's own documents: an authorize page
// that redirects back with a code (as Discord does after the player approves; "OAuth2"), the token
// endpoint and /users/@me ("OAuth2", "User"), under the versioned base /api/v10 ("API Reference",
// API Versioning: v10 is the current one). Codes are single-use and tied to the client and
// redirect URI they were issued for. Anything else is answered 404 and kept in `undocumented` (a
// test asserts it empty); `rateLimit(n)` answers the next calls 429 as "Rate Limits" shows
// (Retry-After header, a JSON body with retry_after in seconds and global).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeDiscordUser { id: string; username: string; global_name?: string | null }

export interface FakeDiscord {
  /** Base for DISCORD_API_BASE. */
  apiBase: string;
  /** For DISCORD_AUTHORIZE_URL. */
  authorizeUrl: string;
  /** Mints a code for this user, as if they approved the app (optionally for a redirect URI). */
  codeFor(user: FakeDiscordUser, redirectUri?: string | null): string;
  /** The user the authorize page signs in as. */
  setAuthorizeUser(user: FakeDiscordUser): void;
  tokenCalls: number;
  /** Requests to paths Discord does not document (method and path), in order. */
  readonly undocumented: string[];
  /** The next n API calls are answered 429 with Retry-After `retryAfterS`. */
  rateLimit(times: number, retryAfterS?: number): void;
  /** The user an access token this fake issued belongs to (null for any other string). */
  userForToken(token: string): FakeDiscordUser | null;
  close(): Promise<void>;
}

/** More of Discord's API on the same address (the entitlements of tests/fakes/discordStore.ts):
 * answers the request and says true, or says false for this fake's own 404 (kept as undocumented). */
export type FakeDiscordExtra = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

export async function startFakeDiscord(options: { clientId: string; clientSecret: string; port?: number; extra?: FakeDiscordExtra }): Promise<FakeDiscord> {
  const codes = new Map<string, { user: FakeDiscordUser; redirectUri: string | null }>();
  const tokens = new Map<string, FakeDiscordUser>();
  let authorizeUser: FakeDiscordUser = { id: '100000000000000001', username: 'discord_player' };
  const state = { tokenCalls: 0, limitTimes: 0, retryAfterS: 0.05 };
  const undocumented: string[] = [];
  const mint = (user: FakeDiscordUser, redirectUri: string | null) => {
    const code = randomBytes(12).toString('hex');
    codes.set(code, { user, redirectUri });
    return code;
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => { res.writeHead(status, { 'content-type': 'application/json', ...headers }); res.end(JSON.stringify(body)); };
    const notDocumented = () => { undocumented.push(`${req.method} ${url.pathname}`); send(404, { message: '404: Not Found', code: 0 }); };
    if (url.pathname.startsWith('/api/') && state.limitTimes > 0) {
      state.limitTimes -= 1;
      return send(429, { message: 'You are being rate limited.', retry_after: state.retryAfterS, global: false }, {
        'retry-after': String(Math.ceil(state.retryAfterS)), 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': String(state.retryAfterS), 'x-ratelimit-scope': 'user',
      });
    }
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const redirect = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('client_id') !== options.clientId || !redirect || url.searchParams.get('response_type') !== 'code' || url.searchParams.get('scope') !== 'identify') {
        return send(400, { error: 'invalid_request' });
      }
      const target = new URL(redirect);
      target.searchParams.set('code', mint(authorizeUser, redirect));
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: target.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/api/v10/oauth2/token') {
      state.tokenCalls += 1;
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const grant = codes.get(form.get('code') ?? '');
        if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) return send(401, { error: 'invalid_client' });
        if (!grant || form.get('grant_type') !== 'authorization_code') return send(400, { error: 'invalid_grant' });
        if (grant.redirectUri && form.get('redirect_uri') !== grant.redirectUri) return send(400, { error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
        codes.delete(form.get('code') ?? '');
        const token = randomBytes(16).toString('hex');
        tokens.set(token, grant.user);
        send(200, { access_token: token, token_type: 'Bearer', expires_in: 604800, scope: 'identify' });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/v10/users/@me') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return user ? send(200, { avatar: null, global_name: null, ...user }) : send(401, { message: '401: Unauthorized' });
    }
    if (options.extra) { void options.extra(req, res, url).then((done) => { if (!done) notDocumented(); }); return; }
    notDocumented();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}/api/v10`,
    authorizeUrl: `http://127.0.0.1:${port}/oauth2/authorize`,
    codeFor: (user, redirectUri = null) => mint(user, redirectUri),
    setAuthorizeUser: (user) => { authorizeUser = user; },
    get tokenCalls() { return state.tokenCalls; },
    undocumented,
    rateLimit: (times, retryAfterS = 0.05) => { state.limitTimes = times; state.retryAfterS = retryAfterS; },
    userForToken: (token) => tokens.get(token) ?? null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// Discord's client, in process: what the real @discord/embedded-app-sdk talks to from inside the
// Activity's iframe (its postMessage RPC: HANDSHAKE, then FRAMEs with a nonce each, answers and
// DISPATCHed events back with Discord's origin). Unit tests run the real SDK against it
// (client.createSdk(DiscordSDK)), so every answer goes through the SDK's own parsing, as in the
// real client. Like Discord: commands for the player are refused (4006) before AUTHENTICATE, a
// declined authorization is RPC error 5000 "access_denied", events reach only subscribers.
// Awkward habits on demand: 'silent' (never answers), 'answerEverything' (answers every command
// with null, as a lazy stand-in does: the SDK cannot parse it and that command never settles).

export interface FakeClientUser { id: string; username: string; global_name?: string | null; avatar?: string | null; nickname?: string }

export type FakeClientMode = 'normal' | 'decline' | 'silent' | 'answerEverything' | 'failEverything';

/** Commands Discord answers before the player authenticated the Activity. */
const BEFORE_AUTH = new Set(['AUTHORIZE', 'AUTHENTICATE', 'CAPTURE_LOG', 'SET_ORIENTATION_LOCK_STATE', 'ENCOURAGE_HW_ACCELERATION', 'SUBSCRIBE']);

export interface FakeDiscordClient {
  mode: FakeClientMode;
  /** Every command the SDK sent, in order (cmd names). */
  commands: string[];
  /** Every command with its arguments, in order. */
  sent: Array<{ cmd: string; args: Record<string, unknown> }>;
  /** SET_ACTIVITY arguments, in order. */
  activities: unknown[];
  shareLinks: unknown[];
  subscriptions: Set<string>;
  participants: FakeClientUser[];
  locale: string;
  shareSucceeds: boolean;
  /** A participant joins (dispatched to subscribers as Discord does). */
  join(user: FakeClientUser): void;
  leave(id: string): void;
  /** Dispatches any event the client may send (ACTIVITY_JOIN, ...). */
  dispatch(evt: string, data: unknown): void;
  /** The app's SKUs GET_SKUS answers (consumable packs, prices in minor units). */
  skus: Array<{ id: string; name: string; type: number; price: { amount: number; currency: string } }>;
  /** Entitlements START_PURCHASE created, in order. */
  entitlements: Array<{ id: string; sku_id: string; user_id: string; application_id: string; type: number; consumed: boolean; deleted: boolean }>;
  /** What the player does in Discord's purchase dialog; the ENTITLEMENT_CREATE dispatch follows after this many ms (null: never, as Discord's event may go missing). */
  purchase: { choice: 'buy' | 'close'; entitlementEventMs: number | null };
  /** A factory for the adapter's createSdk: the real SDK class, talking to this client. */
  createSdk<T extends { new (clientId: string, config?: { disableConsoleLogOverride: boolean }): object }>(Sdk: T): (clientId: string) => InstanceType<T>;
}

export function createFakeDiscordClient(options: { win?: Window; self?: FakeClientUser; mode?: FakeClientMode } = {}): FakeDiscordClient {
  const win = options.win ?? window;
  const self: FakeClientUser = options.self ?? { id: '100000000000000001', username: 'discord_player', global_name: 'Discord Player', avatar: null };
  let authenticated = false;
  const send = (payload: unknown) => {
    queueMicrotask(() => win.dispatchEvent(new MessageEvent('message', { data: [1, payload], origin: 'https://discord.com' })));
  };
  const answer = (cmd: string, nonce: string, data: unknown) => send({ cmd, evt: null, nonce, data });
  const refuse = (cmd: string, nonce: string, code: number, message: string) => send({ cmd, evt: 'ERROR', nonce, data: { code, message } });
  const wire = (u: FakeClientUser) => ({ id: u.id, username: u.username, discriminator: '0', bot: false, flags: 0, avatar: u.avatar ?? null, global_name: u.global_name ?? null, ...(u.nickname ? { nickname: u.nickname } : {}) });

  const client: FakeDiscordClient = {
    mode: options.mode ?? 'normal',
    commands: [], sent: [], activities: [], shareLinks: [], subscriptions: new Set(),
    participants: [self],
    locale: 'pt-BR',
    shareSucceeds: true,
    skus: [['500', 499], ['1200', 999], ['2600', 1999]].map(([n, amount]) => ({ id: `13000000000000${String(n).padStart(5, '0')}`, name: `TripCoins ${String(n)}`, type: 3, price: { amount: Number(amount), currency: 'usd' } })),
    entitlements: [],
    purchase: { choice: 'buy', entitlementEventMs: 50 },
    join(user) { client.participants.push(user); client.dispatch('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', { participants: client.participants.map(wire) }); },
    leave(id) { client.participants = client.participants.filter((p) => p.id !== id); client.dispatch('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', { participants: client.participants.map(wire) }); },
    dispatch(evt, data) { if (client.subscriptions.has(evt)) send({ cmd: 'DISPATCH', evt, nonce: null, data }); },
    createSdk(Sdk) {
      const port = { postMessage: (message: unknown) => receive(message) };
      // The SDK posts to window.parent (Discord's client); here, to this client instead.
      const Attached = class extends (Sdk as unknown as new (clientId: string, config?: object) => { handshake(): void }) {
        override handshake() {
          Object.assign(this, { source: port, sourceOrigin: 'https://discord.com' });
          super.handshake();
        }
      };
      return (clientId) => new Attached(clientId, { disableConsoleLogOverride: true }) as InstanceType<typeof Sdk>;
    },
  };

  function receive(message: unknown) {
    if (!Array.isArray(message)) return;
    const [opcode, payload] = message as [number, { cmd?: string; nonce?: string; args?: Record<string, unknown>; evt?: string }];
    if (opcode === 0) {
      if (client.mode === 'silent') return;
      send({ cmd: 'DISPATCH', evt: 'READY', nonce: null, data: { v: 1, config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' }, user: { id: self.id, username: self.username, discriminator: '0' } } });
      return;
    }
    if (opcode !== 1 || !payload?.cmd || !payload.nonce) return;
    const { cmd, nonce, args = {} } = payload;
    client.commands.push(cmd);
    client.sent.push({ cmd, args });
    if (client.mode === 'silent') return;
    if (client.mode === 'answerEverything' && cmd !== 'AUTHORIZE' && cmd !== 'AUTHENTICATE') return answer(cmd, nonce, null);
    if (client.mode === 'failEverything' && cmd !== 'AUTHORIZE' && cmd !== 'AUTHENTICATE') return refuse(cmd, nonce, 4000, 'Invalid payload');
    if (!authenticated && !BEFORE_AUTH.has(cmd)) return refuse(cmd, nonce, 4006, 'Not authenticated or invalid scope');
    switch (cmd) {
      case 'AUTHORIZE':
        if (client.mode === 'decline') return refuse(cmd, nonce, 5000, 'OAuth2 Error: access_denied: The resource owner or authorization server denied the request');
        return answer(cmd, nonce, { code: `code-${client.commands.length}` });
      case 'AUTHENTICATE':
        authenticated = true;
        return answer(cmd, nonce, {
          access_token: String(args.access_token ?? ''), user: { id: self.id, username: self.username, discriminator: '0', avatar: self.avatar ?? null, public_flags: 0, global_name: self.global_name ?? null },
          scopes: ['identify', 'rpc.activities.write'], expires: new Date(Date.now() + 604_800_000).toISOString(),
          application: { id: '000000000000000000', name: 'TripShell', description: '', icon: null },
        });
      case 'SUBSCRIBE':
        if (payload.evt !== 'READY' && !authenticated && payload.evt !== 'ACTIVITY_LAYOUT_MODE_UPDATE') return refuse(cmd, nonce, 4006, 'Not authenticated or invalid scope');
        client.subscriptions.add(String(payload.evt));
        return answer(cmd, nonce, { evt: payload.evt });
      case 'GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS':
        return answer(cmd, nonce, { participants: client.participants.map(wire) });
      case 'SET_ACTIVITY':
        client.activities.push(args.activity);
        return answer(cmd, nonce, { ...(args.activity as object), name: 'TripShell', type: 0 });
      case 'OPEN_INVITE_DIALOG':
        return answer(cmd, nonce, null);
      case 'SHARE_LINK':
        client.shareLinks.push(args);
        return answer(cmd, nonce, { success: client.shareSucceeds, didCopyLink: false, didSendMessage: client.shareSucceeds });
      case 'USER_SETTINGS_GET_LOCALE':
        return answer(cmd, nonce, { locale: client.locale });
      case 'ENCOURAGE_HW_ACCELERATION':
        return answer(cmd, nonce, { enabled: true });
      case 'GET_SKUS_EMBEDDED': // the SDK's getSkus
      case 'GET_SKUS':
        return answer(cmd, nonce, { skus: client.skus.map((sku) => ({ ...sku, flags: 4, application_id: '000000000000000000', release_date: null })) });
      case 'START_PURCHASE': {
        const sku = client.skus.find((k) => k.id === String(args.sku_id));
        if (!sku) return refuse(cmd, nonce, 4000, `Unknown SKU ${String(args.sku_id)}`);
        if (client.purchase.choice === 'close') return answer(cmd, nonce, null);
        const entitlement = { id: String(1_400_000_000_000_000_000n + BigInt(client.entitlements.length + 1)), sku_id: sku.id, user_id: self.id, application_id: '000000000000000000', type: 1, consumed: false, deleted: false, gift_code_flags: 0 };
        client.entitlements.push(entitlement);
        answer(cmd, nonce, [entitlement]);
        const late = client.purchase.entitlementEventMs;
        if (late !== null) setTimeout(() => client.dispatch('ENTITLEMENT_CREATE', { entitlement }), late);
        return undefined;
      }
      default:
        return answer(cmd, nonce, null);
    }
  }
  return client;
}
