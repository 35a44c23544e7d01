// The second chunk, loaded after the first paint: Mantine, the query client, toasts, the
// navigation context, the overlay manager's view and the game link's inbound half. It composes the
// features; nothing in it renders per game frame.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Providers } from './Providers';
import type { ShellBoot } from './shellTypes';
import { createQueryClient } from './queryClient';
import { GameInbound } from './GameInbound';
import { LiveEventsAtStart } from './LiveEventsAtStart';
import { PurchasesAtStart } from './PurchasesAtStart';
import { gatedOverlayComponent } from './overlay-registry/featureGate';
import { FeaturesAtStart } from './FeaturesAtStart';
import { SettingsAtStart } from './SettingsAtStart';
import { createAccountSettings } from '../features/settings/api/accountSettings';
import { AccountsAtStart } from '../features/accounts/AccountsAtStart';
import { GameLinkProvider, useGameLink } from '../game-link/context';
import { followPlayer } from '../features/accounts/playerToGame';
import { HostProvider } from '../host-bridge/host';
import { OverlaysProvider } from '../overlays/context';
import { OverlayHost } from '../overlays/OverlayHost';
import { currentSettingsConfig } from '../settings-store/config';
import { SettingsStoreProvider } from '../settings-store/context';
import { holdToastsWhileLoading } from '../ui/toast';
import { createSettingsStore, type SettingsStore } from '../settings-store/store';
import { followLanguage, pageLanguageDefault } from '../settings-store/language';
import { startUiSounds } from './uiSounds';

const queryClient = createQueryClient();
/** The registry behind the feature gate: an overlay of a feature that is off says so instead. */
const resolveOverlay = gatedOverlayComponent();

/**
 * The page's one settings store, created with the app chunk (it needs zod) and kept for the
 * page's life. Where the browser refuses localStorage it adopts the host's storage (the portal's
 * data module) once the host offers it.
 */
let settingsStore: SettingsStore | null = null;
function pageSettingsStore(shell: ShellBoot): SettingsStore {
  if (settingsStore) return settingsStore;
  // The language: settings-store/language.ts, its one owner.
  const store = createSettingsStore({
    config: currentSettingsConfig(), game: shell.link, account: createAccountSettings(), defaults: pageLanguageDefault(),
  });
  settingsStore = store;
  followLanguage(store);
  startUiSounds(window, store, shell.pageAudio);
  if (store.keeper() === 'visit') {
    shell.host.then((adapter) => adapter.storage?.() ?? null)
      .then((hostStorage) => { if (hostStorage) store.adoptHostStorage(hostStorage); })
      .catch((error: unknown) => { console.warn('settings: the host storage could not be used', error); });
  }
  return store;
}

/** The game hears who plays from the whoami cache, once per change (the accounts feature's followPlayer). */
function PlayerToGame() {
  const queryClient = useQueryClient();
  const link = useGameLink();
  useEffect(() => followPlayer(queryClient, link), [queryClient, link]);
  return null;
}

/** `?shellTestHooks=1` adds the end-to-end tests' probe (never otherwise loaded). */
function useTestHooks(shell: ShellBoot) {
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('shellTestHooks')) return;
    let uninstall: (() => void) | undefined;
    let cancelled = false;
    void import('./testHooks').then(({ installTestHooks }) => {
      if (!cancelled) uninstall = installTestHooks(shell);
    });
    return () => { cancelled = true; uninstall?.(); };
  }, [shell]);
}

export default function App({ shell }: { shell: ShellBoot }) {
  // During render, before any child's effect can raise a toast: toasts wait for the loading
  // screen to go, unless an overlay is open over it (idempotent per loading actor).
  holdToastsWhileLoading(shell.loading, shell.overlays);
  useTestHooks(shell);
  return (
    <Providers client={queryClient}>
      <HostProvider kind={shell.hostKind} adapter={shell.host}>
        <GameLinkProvider link={shell.link}>
          <SettingsStoreProvider store={pageSettingsStore(shell)}>
            <OverlaysProvider overlays={shell.overlays}>
              <GameInbound shell={shell} />
              <PlayerToGame />
              <SettingsAtStart />
              <AccountsAtStart />
              <LiveEventsAtStart />
              <PurchasesAtStart />
              <FeaturesAtStart />
              <OverlayHost overlays={shell.overlays} resolve={resolveOverlay} />
            </OverlaysProvider>
          </SettingsStoreProvider>
        </GameLinkProvider>
      </HostProvider>
    </Providers>
  );
}
