// Which component shows each overlay: one lazy line per overlay key of contract/overlays.ts (the
// feature's component). The game link refuses to open a key without one, and says so in the
// console instead of faking it.
import { lazy } from 'react';
import type { OverlayKey } from '../../../contract/game';
import type { OverlayComponent } from '../../overlays/types';

type Registry = { [K in OverlayKey]?: OverlayComponent<K> };

/** The settings overlay's lazy entry: preloading swaps exactly this for the loaded component. */
const lazySettings: OverlayComponent<'settings'> = lazy(() => import('./SettingsOverlayEntry'));

/** The overlays that exist: a new overlay adds its line here, e.g. `coinflip: lazy(() => import('../../features/coinflip/CoinflipModal'))`. */
const registry: Registry = {
  settings: lazySettings,
  auth: lazy(() => import('../../features/accounts/AuthModal')),
  discordFusion: lazy(() => import('../../features/accounts/DiscordFusionModal')),
  verifyDiscord: lazy(() => import('../../features/accounts/VerifyDiscordModal')),
  mythicalBridge: lazy(() => import('../../features/mythical-bridge/MythicalBridgeModal')),
  marketplace: lazy(() => import('../../features/market/MarketplaceEntry')),
  marketplaceListing: lazy(() => import('../../features/market/ListingModal')),
  removedItems: lazy(() => import('../../features/market/RemovedItemsModal')),
  sorry: lazy(() => import('../../features/market/SorryPopup')),
  coinflip: lazy(() => import('../../features/coinflip/CoinflipModal')),
  crateShop: lazy(() => import('../../features/crates/CrateShopModal')),
  crateOpen: lazy(() => import('../../features/crates/CrateOpenModal')),
  levelProgress: lazy(() => import('../../features/progress/LevelProgressOverlay')),
  profile: lazy(() => import('../../features/profile/ProfileOverlay')),
  releaseNotes: lazy(() => import('../../features/releases/ReleaseNotesOverlay')),
  inventory: lazy(() => import('../../features/inventory/InventoryOverlay')),
  getTripCoins: lazy(() => import('../../features/purchases/GetTripCoinsOverlay')),
  leaderboard: lazy(() => import('../../features/leaderboard/LeaderboardOverlay')),
};

export function overlayComponent<K extends OverlayKey>(key: K): OverlayComponent<K> | undefined {
  return registry[key] as OverlayComponent<K> | undefined;
}

export function hasOverlay(key: OverlayKey): boolean {
  return registry[key] !== undefined;
}

/**
 * Adds, replaces or (with undefined) removes an entry at run time: tests register probe overlays
 * with it, or take one away. Returns the undo.
 */
export function registerOverlay<K extends OverlayKey>(key: K, component: OverlayComponent<K> | undefined): () => void {
  const previous = registry[key];
  (registry as Record<K, OverlayComponent<K> | undefined>)[key] = component;
  return () => { (registry as Record<K, OverlayComponent<K> | undefined>)[key] = previous as OverlayComponent<K> | undefined; };
}

/**
 * Fetches an overlay's chunks ahead of time so it opens without waiting for the network (the
 * settings overlay, when the browser is idle after the game starts). Once loaded, the lazy entry
 * is replaced by the component itself, so the first open renders at once instead of suspending
 * (React holds a resolved Suspense fallback for up to 300 ms). Failures are only logged: opening
 * it later simply loads it then.
 */
export function preloadOverlay(key: OverlayKey): Promise<void> {
  const loaders: Partial<Record<OverlayKey, () => Promise<unknown>>> = {
    settings: async () => {
      const entry = await import('./SettingsOverlayEntry');
      // Only the lazy entry is swapped: an entry registered at run time (a test's probe) stays,
      // whether it came before the preload started or while it ran.
      if (registry.settings === lazySettings) registry.settings = entry.default;
      await import('../settingsSections').then((m) => m.preloadExtraSettingsSections());
    },
  };
  return (loaders[key]?.() ?? Promise.resolve()).then(() => undefined, (error: unknown) => { console.warn(`could not preload the ${key} overlay`, error); });
}
