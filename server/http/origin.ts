// This server's own origin as the request reached it (behind a trusted proxy: as the proxy says).
// The origin check (plugins/security.ts) compares a request's Origin with it; the wallet's
// sign-in message and Discord's redirect address are built from it.
import type { FastifyRequest } from 'fastify';

export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
