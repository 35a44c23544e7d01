// This server's own origins, from the configuration (PUBLIC_ORIGIN) and the port it listens on:
// never from a request's Host or X-Forwarded-Host, which whoever sends the request writes. The
// origin check (plugins/security.ts) compares a request's Origin with them; the wallet's sign-in
// message and Discord's redirect address are built from them.
import type { Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownOriginsOf } from '../config';

/** Our own origins per server, once it listens (its port is then known). */
const known = new WeakMap<Server, string[]>();

export function ownOrigins(app: FastifyInstance): string[] {
  const cached = known.get(app.server);
  if (cached) return cached;
  const address = app.server.address();
  const listening = address !== null && typeof address === 'object';
  const origins = ownOriginsOf(app.config, listening ? address.port : app.config.PORT);
  if (listening) known.set(app.server, origins);
  return origins;
}

/** Our origin for this request's page: the Origin it came with when that is one of ours (a
 * local run has several loopback names), else our first. */
export function ownOrigin(request: FastifyRequest): string {
  const own = ownOrigins(request.server);
  const origin = request.headers.origin;
  return origin && own.includes(origin) ? origin : own[0]!;
}
