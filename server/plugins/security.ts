// Security headers (computed once per process; the CSP, whose frame-ancestors let the portal and
// Discord embed us, on HTML documents only), the Origin check that refuses state-changing requests
// from other sites, and the rule that a cookie-carrying POST must be one no other site's form or
// no-cors fetch can send.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { secureByConfig, type Config } from '../config';
import { CLIENT_HEADER, IDEMPOTENCY_HEADER } from '../../contract/http';
import { originMatches } from '../../contract/origins';
import { forbidden } from '../errors';
import { ownOrigins } from '../http/origin';


export const HSTS = 'max-age=31536000; includeSubDomains';

/** The console's pages: /admin, /admin/…, with or without a query. */
const ADMIN_PAGE = /^\/admin(?:[/?#]|$)/;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The payment providers' webhooks (routes/webhooks.ts): server to server, never with a cookie,
 * every one signed. The origin and simple-request rules guard cookie-authenticated changes; a
 * webhook is authenticated by its signature alone, which these checks never replace. */
const WEBHOOKS = '/api/webhooks/';

/** `defaultSrc` → `default-src`; directives joined as helmet writes them. */
export function cspOf(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives).map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`).join(';');
}

/**
 * The two header sets, computed once per process. Every answer: nosniff, no referrer, and a
 * cross-origin resource policy that lets the hosts' frames load our files. HTML documents (the
 * shell's index.html, /privacy and /terms, /api/docs, the Discord callback page) add the CSP
 * (with the frame-ancestors that let the portal and Discord embed us) and the other document
 * headers; a JSON answer or an asset is never rendered as a document, so ~1 KB of CSP on each
 * would only cost time. No X-Frame-Options: the CSP decides who may frame us.
 */
export function securityHeaders(config: Config): { always: Array<[string, string]>; html: Array<[string, string]>; adminHtml: Array<[string, string]> } {
  const playground = config.PLAYGROUND_ORIGIN ? [config.PLAYGROUND_ORIGIN] : [];
  // The error tracker's ingest, where the pages send their reports (SENTRY_DSN's origin).
  const errorIngest = config.SENTRY_DSN ? [new URL(config.SENTRY_DSN).origin] : [];
  const cspWith = (framing: { frameAncestors?: readonly string[] }) => cspOf({
    defaultSrc: ["'self'"],
    // The hosts' SDK scripts (activity.config.json's sdkUrl of the portal and Poki) come from their own addresses.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'blob:', 'https://sdk.crazygames.com', 'https://game-cdn.poki.com', 'https://challenges.cloudflare.com', ...playground],
    workerSrc: ["'self'", 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'blob:', 'data:', 'https://discord.com', 'https://*.discordsays.com', 'https://*.crazygames.com', 'https://*.poki.com', ...playground, ...errorIngest],
    frameSrc: ["'self'", 'https://challenges.cloudflare.com', 'https://discord.com', 'https://*.crazygames.com'],
    // The host playground's Discord client is a data: frame (an opaque origin, as the real
    // SDK requires of a parent that is not discord.com), which no frame-ancestors list can
    // name: with PLAYGROUND_ORIGIN (a loopback origin, local only) framing is not restricted.
    ...framing,
    mediaSrc: ["'self'", 'blob:', 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  });
  const csp = cspWith(playground.length > 0 ? {} : { frameAncestors: config.FRAME_ANCESTORS });
  const documentHeaders = (policy: string): Array<[string, string]> => [
    ['content-security-policy', policy],
    ['cross-origin-opener-policy', 'same-origin-allow-popups'],
    ['origin-agent-cluster', '?1'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
  return {
    always: [
      ['x-content-type-options', 'nosniff'],
      ['referrer-policy', 'no-referrer'],
      ['cross-origin-resource-policy', 'cross-origin'],
    ],
    html: documentHeaders(csp),
    // The studio's console is never inside anyone's frame, the hosts' and the playground's
    // included: a framed console could be clicked through by the page around it.
    adminHtml: documentHeaders(cspWith({ frameAncestors: ["'none'"] })),
  };
}

/** A state-changing request sent by another site's page. */
function crossOrigin(request: FastifyRequest, config: Config, own: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin) {
    if (own.includes(origin)) return false;
    return !config.ALLOWED_ORIGINS.some((p) => originMatches(origin, p));
  }
  // No Origin header: not a browser's cross-site form or fetch, unless Fetch Metadata says so.
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** The content types a page may POST without asking first (a form, a no-cors fetch). */
const SIMPLE_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/**
 * A POST that carries cookies but nothing a page of another site could not send without a CORS
 * preflight: no JSON content type, no Idempotency-Key, no header of ours, no Authorization. The
 * session cookie is SameSite=None (it must be, inside the hosts' frames), so every page in the
 * same cookie partition, an allowed origin's neighbour included, can make the browser send it
 * with such a request; one that needs a preflight it cannot make. A Bearer call is not
 * cookie-authenticated (and its header is itself not one a form can send).
 */
function simpleCookiePost(request: FastifyRequest): boolean {
  const { headers } = request;
  if (request.method !== 'POST' || headers.cookie === undefined || headers.authorization !== undefined) return false;
  if (headers[IDEMPOTENCY_HEADER] !== undefined || headers[CLIENT_HEADER] !== undefined) return false;
  const type = headers['content-type'];
  return type === undefined || SIMPLE_TYPES.has(type.split(';')[0]!.trim().toLowerCase());
}

export const SIMPLE_REQUEST_REFUSED = 'Refused: a signed-in change must be sent as JSON';

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const hostSources = config.FRAME_ANCESTORS.filter((s) => s !== "'self'");
  const { always, html, adminHtml } = securityHeaders(config);
  // Our public origin is https: every answer reached players over TLS, whatever the proxy in
  // front says (or, without TRUST_PROXY, does not get to say).
  const https = secureByConfig(config);
  // One synchronous hook, no per-request configuration: the headers are fixed strings. HSTS on
  // every answer to an https request (directly, or through a trusted proxy's X-Forwarded-Proto);
  // never on plain http, where the header means nothing and localhost lives.
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of always) reply.header(name, value);
    const type = reply.getHeader('content-type');
    // A route's own value wins (the Discord callback page must answer COOP unsafe-none, or the
    // opener loses its popup and the sign-in never completes).
    if (typeof type === 'string' && type.startsWith('text/html')) {
      for (const [name, value] of ADMIN_PAGE.test(request.url) ? adminHtml : html) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (https || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
  app.decorate('frameHosts', hostSources);

  // A callback hook (every request runs it; an async one would cost a promise each time).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE.has(request.method) || request.url.startsWith(WEBHOOKS)) done();
    else if (crossOrigin(request, config, ownOrigins(app))) done(forbidden('Cross-origin request refused', 'CROSS_ORIGIN'));
    else if (simpleCookiePost(request)) done(forbidden(SIMPLE_REQUEST_REFUSED, 'SIMPLE_REQUEST'));
    else done();
  });
}

export default fp(async (app) => { await registerSecurity(app, app.config); }, { name: 'security', dependencies: ['config'] });
