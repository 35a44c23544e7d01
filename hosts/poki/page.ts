// What the first screen needs of Poki before its adapter's chunk loads: what it hides, and the
// playground's switch that detection reads.
import type { HiddenUi } from '../types';

/**
 * No wallet can be asked of Poki's page (the Wallets tab and the Mythical Bridge are hidden), and
 * no account made there (the player is a guest).
 */
export const POKI_HIDDEN: ReadonlySet<HiddenUi> = new Set(['walletsTab', 'bridge', 'createAccount']);

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The host playground's stand-in SDK (`npm run hosts`): `?pokiSdkUrl=` is honoured only when our
 * page and that script are both on a loopback address, so no link to a deployed site can make it
 * load someone else's script.
 */
export function localPokiSdkUrl(href: string): string | null {
  try {
    const page = new URL(href);
    const asked = page.searchParams.get('pokiSdkUrl');
    if (!asked) return null;
    const sdk = new URL(asked);
    if (!LOOPBACK.has(page.hostname) || !LOOPBACK.has(sdk.hostname) || (sdk.protocol !== 'http:' && sdk.protocol !== 'https:')) return null;
    return sdk.href;
  } catch { return null; }
}

