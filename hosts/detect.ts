// Picks the host from the page's address and frame. Discord only with the Activity's three
// query parameters (platform desktop or mobile) on a Discord host, as the SDK itself requires;
// CrazyGames when our page is on a portal host or framed by one, or with ?useLocalSdk=true (the
// portal SDK's own switch for local testing); the web otherwise.
import { hostMatches } from '../contract/origins';
import type { HostKind } from './types';

export interface PageContext {
  href: string;
  /** We are inside an iframe. */
  framed: boolean;
  referrer: string;
  /** location.ancestorOrigins where the browser has it (Chromium). */
  ancestorOrigins: readonly string[];
}

export interface DetectionConfig {
  discord: { hosts: readonly string[] };
  crazygames: { hosts: readonly string[] };
}

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

function hostnameOf(url: string): string | null {
  try { return new URL(url).hostname; } catch { return null; }
}

export function isDiscordActivity(url: URL, config: DetectionConfig): boolean {
  const params = url.searchParams;
  const platform = params.get('platform');
  return Boolean(params.get('frame_id')) && Boolean(params.get('instance_id'))
    && (platform === 'desktop' || platform === 'mobile')
    && config.discord.hosts.some((d) => hostMatches(url.hostname, d));
}

export function isCrazyGames(page: PageContext, url: URL, config: DetectionConfig): boolean {
  if (url.searchParams.get('useLocalSdk') === 'true') return true;
  const onPortal = (hostname: string | null) => hostname !== null && config.crazygames.hosts.some((d) => hostMatches(hostname, d));
  if (onPortal(url.hostname)) return true;
  if (!page.framed) return false;
  return onPortal(hostnameOf(page.referrer)) || page.ancestorOrigins.some((o) => onPortal(hostnameOf(o)));
}

export function detectHost(page: PageContext, config: DetectionConfig): HostKind {
  let url: URL;
  try { url = new URL(page.href); } catch { return 'web'; }
  if (isDiscordActivity(url, config)) return 'discord';
  if (isCrazyGames(page, url, config)) return 'crazygames';
  return 'web';
}
