// Which component shows each overlay. The features that build them (settings, release notes,
// level progress, profile, the economy modals, auth) add a lazy entry here as they land; the
// bridge refuses to open a key without one, and says so in the console instead of faking it.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { OverlayKey } from '../../../contract/game';
import type { OverlayPayloads } from '../../lib/overlays';

export interface OverlayProps<K extends OverlayKey> {
  payload: OverlayPayloads[K];
  /** Closes this overlay through the manager (the game is told which closed). */
  onClose: () => void;
}

export type OverlayComponent<K extends OverlayKey> =
  | ComponentType<OverlayProps<K>>
  | LazyExoticComponent<ComponentType<OverlayProps<K>>>;

type Registry = { [K in OverlayKey]?: OverlayComponent<K> };

/** The overlays that exist. Later issues add e.g. `settings: lazy(() => import('../../features/settings/...'))`. */
const registry: Registry = {
  settings: lazy(() => import('./SettingsOverlayEntry')),
  auth: lazy(() => import('../../features/accounts/AuthModal')),
};

export function overlayComponent<K extends OverlayKey>(key: K): OverlayComponent<K> | undefined {
  return registry[key] as OverlayComponent<K> | undefined;
}

export function hasOverlay(key: OverlayKey): boolean {
  return registry[key] !== undefined;
}

/** Adds or replaces an entry at run time (end-to-end tests register a probe overlay with it). */
export function registerOverlay<K extends OverlayKey>(key: K, component: OverlayComponent<K>): () => void {
  const previous = registry[key];
  (registry as Record<K, OverlayComponent<K> | undefined>)[key] = component;
  return () => { (registry as Record<K, OverlayComponent<K> | undefined>)[key] = previous as OverlayComponent<K> | undefined; };
}
