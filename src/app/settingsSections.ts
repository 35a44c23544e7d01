// Sections of the settings overlay that other features build (Account, Airdrops, Clans). The
// settings feature may not import them, so the app composes them here; a section without a
// component is simply not listed in the sidebar.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const extraSettingsSections: Partial<Record<'accounts' | 'airdrops' | 'clans', LazyExoticComponent<ComponentType>>> = {
  accounts: lazy(() => import('../features/accounts/AccountSection')),
  airdrops: lazy(() => import('../features/accounts/AirdropSection')),
};
