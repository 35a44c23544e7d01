// Security headers (helmet, with a CSP whose frame-ancestors let the portal and Discord embed
// us) and the Origin check that refuses state-changing requests from other sites.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config';
import { forbidden } from '../errors';

/** 'https://*.crazygames.com' matches https://www.crazygames.com (and not crazygames.com.evil). */
export function originMatches(origin: string, pattern: string): boolean {
  if (pattern === origin) return true;
  const wild = /^(https?):\/\/\*\.(.+)$/.exec(pattern);
  if (!wild) return false;
  let url: URL;
  try { url = new URL(origin); } catch { return false; }
  return url.protocol === `${wild[1]}:` && url.hostname.endsWith(`.${wild[2]}`) && url.origin === origin;
}

export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function sameOrigin(a: string, b: string): boolean {
  try { return new URL(a).origin === new URL(b).origin; } catch { return false; }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const hostSources = config.FRAME_ANCESTORS.filter((s) => s !== "'self'");
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'blob:', 'https://sdk.crazygames.com', 'https://challenges.cloudflare.com'],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'blob:', 'data:', 'https://discord.com', 'https://*.discordsays.com', 'https://*.crazygames.com'],
        frameSrc: ["'self'", 'https://challenges.cloudflare.com', 'https://discord.com', 'https://*.crazygames.com'],
        frameAncestors: config.FRAME_ANCESTORS,
        mediaSrc: ["'self'", 'blob:', 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // We are meant to be framed by the hosts above; the CSP decides who may, not X-Frame-Options.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    hsts: false,
  });
  app.decorate('frameHosts', hostSources);

  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      if (sameOrigin(origin, ownOrigin(request))) return;
      if (config.ALLOWED_ORIGINS.some((p) => originMatches(origin, p))) return;
      throw forbidden('Cross-origin request refused', 'CROSS_ORIGIN');
    }
    // No Origin header: not a browser's cross-site form or fetch, unless Fetch Metadata says so.
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-origin request refused', 'CROSS_ORIGIN');
  });
}
