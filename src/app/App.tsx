// The second chunk, loaded after the first paint: Mantine, the query client, toasts, the
// navigation context, the overlay manager's view and the bridge from the game. It composes the
// features; nothing in it renders per game frame.
import { useEffect } from 'react';
import { Providers } from './Providers';
import type { ShellBoot } from './boot';
import { createQueryClient } from './queryClient';
import { GameBridge } from './GameBridge';
import { OverlayHost } from './overlays/OverlayHost';
import { UserToGame } from './UserToGame';
import { SettingsToGame } from './SettingsToGame';
import { AccountsAtStart } from '../features/accounts/AccountsAtStart';
import { HostProvider } from '../lib/host';
import { NavigationProvider } from '../lib/navigation';

const queryClient = createQueryClient();

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
  useTestHooks(shell);
  return (
    <Providers client={queryClient}>
      <HostProvider kind={shell.hostKind} adapter={shell.host}>
        <NavigationProvider overlays={shell.overlays}>
          <GameBridge shell={shell} />
          <UserToGame />
          <SettingsToGame />
          <AccountsAtStart />
          <OverlayHost overlays={shell.overlays} />
        </NavigationProvider>
      </HostProvider>
    </Providers>
  );
}
