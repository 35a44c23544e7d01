// Every host, named once: adding a host is its folder hosts/<name>/ (index.ts exporting its
// defineHost record, adapter.ts) and one entry here. The order is detection's: the first host
// whose detect() says yes is the page's host; the web, last, takes every other page.
import { crazygames } from './crazygames';
import { discord } from './discord';
import { poki } from './poki';
import type { HostDefinition } from './types';
import { web } from './web';

export const HOSTS = [discord, crazygames, poki, web] as const;

export type HostKind = (typeof HOSTS)[number]['kind'];
export type Host = HostDefinition<HostKind>;

/** The page's host when no other claims it (or its address cannot be read). */
export const FALLBACK_HOST: Host = web;

/** The host of that kind. */
export function hostOf(kind: HostKind): Host {
  return HOSTS.find((host) => host.kind === kind) ?? FALLBACK_HOST;
}

/** Whether `kind` names a host (a kind read from elsewhere: the request header's, a test's). */
export function isHostKind(kind: string): kind is HostKind {
  return HOSTS.some((host) => host.kind === kind);
}
