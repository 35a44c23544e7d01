// The CrazyGames portal: detected when our page is on a portal host or framed by one (its
// referrer or, in Chromium, its ancestor origins), or with ?useLocalSdk=true (the portal SDK's
// own switch for local testing). Start-up holds the game's download up to 5 s for the SDK, so
// the portal hears loadingStart before the download begins.
import { hostMatches } from '../../contract/origins';
import { defineHost } from '../types';
import { CRAZYGAMES_HIDDEN } from './hidden';

function hostnameOf(url: string): string | null {
  try { return new URL(url).hostname; } catch { return null; }
}

export const crazygames = defineHost({
  kind: 'crazygames',
  detect(page, domains) {
    if (page.url.searchParams.get('useLocalSdk') === 'true') return true;
    const onPortal = (hostname: string | null) => hostname !== null && domains.some((d) => hostMatches(hostname, d));
    if (onPortal(page.url.hostname)) return true;
    if (!page.framed) return false;
    return onPortal(hostnameOf(page.referrer)) || page.ancestorOrigins.some((o) => onPortal(hostnameOf(o)));
  },
  hidden: CRAZYGAMES_HIDDEN,
  startWaitMs: 5_000,
  signInAtStart: true,
  // Full launch: the portal's account is the player's account, and the portal is the way out.
  account: { name: 'CrazyGames' },
  load: async () => (await import('./adapter')).createCrazyGamesAdapter(),
});
