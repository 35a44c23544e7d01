// The HTTP side of sessions (the sessions themselves are services/accounts/sessions.ts): the token a
// request brings (its `Authorization: Bearer` header, else its cookie), and the cookie and
// header that hand a new session's token to the shell; request.user from the session cache
// (app.sessions, plugins/sessions.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HOST_HEADER } from '../../contract/features';
import { HOST_NAMES, type HostName } from '../../contract/hostApi';
import { secureByConfig } from '../config';
import type { Executor } from '../db/tx';
import { SESSION_COOKIE, SESSION_TOKEN_HEADER, signIn, type SessionUser } from '../services/accounts/sessions';

/** A cookie of the request, its Cookie header parsed on the first ask (@fastify/cookie runs no
 * hook: app.ts); a cookie this response sets is not one of them. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  let cookies = request.cookies as FastifyRequest['cookies'] | null;
  if (!cookies) {
    cookies = request.server.parseCookie(request.headers.cookie ?? '');
    request.cookies = cookies;
  }
  return cookies[name];
}

/** The request's session token: its `Authorization: Bearer` header, else its session cookie. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return match[1];
  }
  return cookieOf(request, SESSION_COOKIE);
}

/** The host the shell says frames this page (HOST_HEADER, its detected host), or null when it
 * says none or something that is no host. The shell's word only: a sign-in whose method names
 * its host (the portal's token, Discord's Activity) records that host instead. */
export function declaredHostOf(request: FastifyRequest): HostName | null {
  const value = request.headers[HOST_HEADER];
  return typeof value === 'string' && (HOST_NAMES as readonly string[]).includes(value) ? value as HostName : null;
}

/** The hosts a request comes from, for the feature policy: its session's and the one the page
 * names (each must allow a feature); the web when it has neither. */
export function hostsOfRequest(request: FastifyRequest, named?: HostName | null): HostName[] {
  const hosts = new Set<HostName>();
  if (request.user) hosts.add(request.user.host);
  const declared = named ?? declaredHostOf(request);
  if (declared) hosts.add(declared);
  return hosts.size ? [...hosts] : ['web'];
}

/**
 * Signs a user in on this response: a new session and cookie (services/accounts/sessions.ts signIn, which
 * revokes the session the request came with). `host`: the host the sign-in method proves (the
 * portal, Discord's Activity); else the one the shell names, else the web.
 */
export async function startSession(db: Executor, request: FastifyRequest, reply: FastifyReply, userId: string, days: number, host?: HostName): Promise<SessionUser> {
  const { token, user } = await signIn(db, userId, days, { previousToken: sessionTokenOf(request), userAgent: request.headers['user-agent'], ip: request.ip, host: host ?? declaredHostOf(request) ?? 'web' });
  setSessionCookie(request, reply, token, days);
  return user;
}

/**
 * Cookie attributes follow the scheme: over https the shell may be inside the portal's or
 * Discord's iframe, where only `SameSite=None; Secure; Partitioned` cookies are sent; plain
 * http (localhost) cannot set Secure cookies, so it gets `SameSite=Lax`.
 *
 * Whether the cookie gets the attributes a framed shell needs: over https (an https PUBLIC_ORIGIN,
 * or the request's own scheme), and on the host
 * playground's loopback product (PLAYGROUND_ORIGIN), which browsers treat as a secure context, so
 * the playground frames the product as production does.
 */
export function framedCookie(request: FastifyRequest): boolean {
  // Our public origin is https: a TLS-terminating proxy may not say so (no TRUST_PROXY), but the
  // player's browser reached us over https all the same, and the cookie must never lose Secure.
  if (secureByConfig(request.server.config) || request.protocol === 'https') return true;
  return Boolean(request.server.config.PLAYGROUND_ORIGIN) && ['localhost', '127.0.0.1'].includes(request.hostname);
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, days: number): void {
  reply.header(SESSION_TOKEN_HEADER, token);
  reply.header('cache-control', 'no-store');
  const secure = framedCookie(request);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    maxAge: days * 86_400,
    ...(secure ? { secure: true, sameSite: 'none', partitioned: true } : { sameSite: 'lax' }),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = framedCookie(request);
  reply.clearCookie(SESSION_COOKIE, {
    path: '/', httpOnly: true,
    ...(secure ? { secure: true, sameSite: 'none', partitioned: true } : { sameSite: 'lax' }),
  });
}

/** Sets request.user from the request's session token (or null). */
export async function loadPlayer(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const token = sessionTokenOf(request);
  request.user = token ? await app.sessions.find(token) : null;
}

/**
 * loadPlayer for a hook: without a token, or with one the session cache holds, request.user is
 * set before this returns and `then` runs at once (no promise: this runs on every signed-in read);
 * otherwise once the store has answered. An error of the store goes to `failed`.
 */
export function loadPlayerThen(app: FastifyInstance, request: FastifyRequest, then: () => void, failed: (error: unknown) => void): void {
  const token = sessionTokenOf(request);
  const cached = token ? app.sessions.cached(token) : null;
  if (cached !== undefined) { request.user = cached; then(); return; }
  app.sessions.find(token as string).then((user) => { request.user = user; then(); }, failed);
}
