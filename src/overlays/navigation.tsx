// The navigation context: activePage (default 'profile'), viewingProfile
// (nullable) and currentView ('unity', the game, or the overlay on screen). currentView is read
// from the overlay manager rather than stored twice, so the two can never disagree.
import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { OverlayName } from '../../contract/game';
import type { OverlayStore } from './store';

export type CurrentView = 'unity' | OverlayName;

export interface Navigation {
  activePage: string;
  viewingProfile: string | null;
  currentView: CurrentView;
  setActivePage(page: string): void;
  setViewingProfile(uuid: string | null): void;
  /** 'unity' closes the overlays on screen; an overlay name opens it. */
  setCurrentView(view: CurrentView): void;
  /**
   * Opens `uuid`'s profile over the overlay on screen (e.g. from a clan member list in settings);
   * closing the profile returns to that overlay as it was.
   */
  showProfileOver(uuid: string): void;
  /** Opens the settings overlay on a section and, optionally, one of its tabs. */
  showSettings(section: string, tab?: string): void;
}

export const DEFAULT_ACTIVE_PAGE = 'profile';

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({ overlays, children }: { overlays: OverlayStore; children: ReactNode }) {
  const [activePage, setActivePage] = useState(DEFAULT_ACTIVE_PAGE);
  const [viewingProfile, setViewingProfile] = useState<string | null>(null);
  const currentView = useSyncExternalStore(overlays.subscribe, () => (overlays.getState().overlay?.key as OverlayName | undefined) ?? 'unity');
  const setCurrentView = useCallback((view: CurrentView) => {
    if (view === 'unity') {
      // The one on screen and any kept underneath it.
      for (let open = overlays.getState().overlay; open; open = overlays.getState().overlay) overlays.close(open.key);
    } else overlays.open(view, {});
  }, [overlays]);
  const showProfileOver = useCallback((uuid: string) => overlays.open('profile', { uuid, over: true }, { over: true }), [overlays]);
  const showSettings = useCallback((section: string, tab?: string) => overlays.open('settings', tab ? { section, tab } : { section }), [overlays]);
  const value = useMemo<Navigation>(
    () => ({ activePage, viewingProfile, currentView, setActivePage, setViewingProfile, setCurrentView, showProfileOver, showSettings }),
    [activePage, viewingProfile, currentView, setCurrentView, showProfileOver, showSettings],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation needs a NavigationProvider');
  return navigation;
}
