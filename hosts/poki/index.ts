// Poki: detected when our page is on a Poki host or framed by one (its referrer or, in Chromium,
// its ancestor origins), or, on a loopback page only, with ?pokiSdkUrl= (the host playground's
// stand-in SDK). Nothing is held back for its SDK at start, and nobody signs in on Poki: the
// player plays as a guest.
import { hostMatches } from '../../contract/origins';
import { defineHost } from '../types';
import { POKI_HIDDEN, localPokiSdkUrl } from './page';

function hostnameOf(url: string): string | null {
  try { return new URL(url).hostname; } catch { return null; }
}

export const poki = defineHost({
  kind: 'poki',
  detect(page, domains) {
    if (localPokiSdkUrl(page.href) !== null) return true;
    const onPoki = (hostname: string | null) => hostname !== null && domains.some((d) => hostMatches(hostname, d));
    if (onPoki(page.url.hostname)) return true;
    if (!page.framed) return false;
    return onPoki(hostnameOf(page.referrer)) || page.ancestorOrigins.some((o) => onPoki(hostnameOf(o)));
  },
  hidden: POKI_HIDDEN,
  startWaitMs: 0,
  signInAtStart: false,
  // Poki forbids external log-ins (docs/hosts/poki.md says why the player is a guest here).
  guestOnly: { name: 'Poki' },
  // Poki blocks outside requests: the shell makes none there (hosts/outside.ts).
  outsideRequests: 'blocked',
  load: async () => (await import('./adapter')).createPokiAdapter(),
});
