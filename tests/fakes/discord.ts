// A local stand-in for Discord's OAuth2 and API: an authorize page that redirects back with a
// code (as Discord does after the player approves), the token endpoint, and /users/@me.
// Codes are single-use and tied to the client and redirect URI they were issued for.
import { createServer, type Server } from 'node:http';
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
  /** The user an access token this fake issued belongs to (null for any other string). */
  userForToken(token: string): FakeDiscordUser | null;
  close(): Promise<void>;
}

export async function startFakeDiscord(options: { clientId: string; clientSecret: string; port?: number }): Promise<FakeDiscord> {
  const codes = new Map<string, { user: FakeDiscordUser; redirectUri: string | null }>();
  const tokens = new Map<string, FakeDiscordUser>();
  let authorizeUser: FakeDiscordUser = { id: '100000000000000001', username: 'discord_player' };
  const state = { tokenCalls: 0 };
  const mint = (user: FakeDiscordUser, redirectUri: string | null) => {
    const code = randomBytes(12).toString('hex');
    codes.set(code, { user, redirectUri });
    return code;
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
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
    if (req.method === 'POST' && url.pathname === '/api/oauth2/token') {
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
    if (req.method === 'GET' && url.pathname === '/api/users/@me') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return user ? send(200, { avatar: null, global_name: null, ...user }) : send(401, { message: '401: Unauthorized' });
    }
    send(404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}/api`,
    authorizeUrl: `http://127.0.0.1:${port}/oauth2/authorize`,
    codeFor: (user, redirectUri = null) => mint(user, redirectUri),
    setAuthorizeUser: (user) => { authorizeUser = user; },
    get tokenCalls() { return state.tokenCalls; },
    userForToken: (token) => tokens.get(token) ?? null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
