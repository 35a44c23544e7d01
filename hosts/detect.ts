// Picks the page's host: the first in hosts/list.ts whose detect() says yes, given the page's
// address and frame and the `hosts` list of that host's own entry in activity.config.json.
import { FALLBACK_HOST, HOSTS, type Host } from './list';
import type { PageContext } from './types';

export type { PageContext } from './types';

/** activity.config.json as detection reads it: `<kind>.hosts`, the domains of each host. */
export type DetectionConfig = Readonly<Record<string, unknown>>;

export function pageContext(win: Window): PageContext {
  let framed: boolean;
  try { framed = win.self !== win.top; } catch { framed = true; } // a cross-origin top throws: framed
  const ancestors = win.location.ancestorOrigins as DOMStringList | undefined;
  return {
    href: win.location.href,
    framed,
    referrer: win.document.referrer,
    ancestorOrigins: ancestors ? Array.from({ length: ancestors.length }, (_, i) => ancestors.item(i) ?? '') : [],
  };
}

/** The `hosts` list of one host's entry in the config; empty when it has none. */
export function domainsOf(config: DetectionConfig, kind: string): readonly string[] {
  const entry = config[kind];
  const hosts = typeof entry === 'object' && entry !== null ? (entry as { hosts?: unknown }).hosts : undefined;
  return Array.isArray(hosts) ? hosts.filter((h): h is string => typeof h === 'string') : [];
}

export function detectHostOf(page: PageContext, config: DetectionConfig): Host {
  let url: URL;
  try { url = new URL(page.href); } catch { return FALLBACK_HOST; }
  return HOSTS.find((host) => host.detect({ ...page, url }, domainsOf(config, host.kind))) ?? FALLBACK_HOST;
}

export function detectHost(page: PageContext, config: DetectionConfig): Host['kind'] {
  return detectHostOf(page, config).kind;
}
