// Sections of the settings overlay that other features build (Account, Airdrops, Clans). The
// settings feature may not import them, so the app composes them here; a section without a
// component is simply not listed in the sidebar.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ExtraSectionProps } from '../features/settings/SettingsOverlay';

type ExtraSection = 'accounts' | 'airdrops' | 'clans';
type Loader = () => Promise<{ default: ComponentType<ExtraSectionProps> }>;

/** One loader per section: the lazy components and the idle-time preload both use these. */
const loaders: Record<ExtraSection, Loader> = {
  accounts: () => import('../features/accounts/AccountSection'),
  airdrops: () => import('../features/accounts/AirdropSection'),
  clans: () => import('../features/clans/ClansSection'),
};

export const extraSettingsSections: Partial<Record<ExtraSection, LazyExoticComponent<ComponentType<ExtraSectionProps>>>> = {
  accounts: lazy(loaders.accounts),
  airdrops: lazy(loaders.airdrops),
  clans: lazy(loaders.clans),
};

/** Fetches the sections' chunks ahead of time (with the overlay's, when the browser is idle). */
export function preloadExtraSettingsSections(): Promise<unknown> {
  return Promise.all(Object.values(loaders).map((load) => load()));
}
