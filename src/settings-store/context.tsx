// The settings store for components: App provides the page's store; tests provide their own.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { SettingsValues } from '../../contract/settings';
import type { SettingsKeeper } from './storage';
import type { SettingsStore } from './store';

const SettingsStoreContext = createContext<SettingsStore | null>(null);

export function SettingsStoreProvider({ store, children }: { store: SettingsStore; children: ReactNode }) {
  return <SettingsStoreContext.Provider value={store}>{children}</SettingsStoreContext.Provider>;
}

export function useSettingsStore(): SettingsStore {
  const store = useContext(SettingsStoreContext);
  if (!store) throw new Error('useSettingsStore needs a SettingsStoreProvider');
  return store;
}

/** The current values; re-renders when they change. */
export function useSettingsValues(): SettingsValues {
  const store = useSettingsStore();
  return useSyncExternalStore(store.subscribe, store.getValues);
}

/** Who keeps the settings between visits (the browser, the host, or only this visit); re-renders when it changes. */
export function useSettingsKeeper(): SettingsKeeper {
  const store = useSettingsStore();
  return useSyncExternalStore(store.subscribe, store.keeper);
}
