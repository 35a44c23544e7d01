// What the shell may ask for off its own origin on each host. Poki blocks every outside request
// by default (Poki's "Requirements", Privacy & Security: no third-party services, fonts, assets
// or libraries from other addresses; multiplayer servers are the named exception): on Poki the
// shell asks nothing off-origin but Poki's own SDK, which the adapter loads. Its outside services
// (the error tracker, the bot check's widget) are then off, unless served from our own origin.
// Discord reaches outside addresses only through its proxy's URL mappings (the Activity's own
// configuration: docs/hosts/discord.md); the web and CrazyGames allow them.
import type { HostDefinition } from './types';

/** Whether the page, on `host`, may request `url` (absolute, or relative to `pageOrigin`). */
export function outsideRequestAllowed(host: Pick<HostDefinition, 'outsideRequests'>, url: string, pageOrigin: string): boolean {
  if (host.outsideRequests !== 'blocked') return true;
  try { return new URL(url, pageOrigin).origin === pageOrigin; } catch { return false; }
}
