// The one render helper for component tests: the shell's providers (Mantine, a fresh query
// client, the host, the game link, the settings store and the overlay API) around the component,
// with a fake game link whose messages the test reads. Pair it with fakeServer() for the API.
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { HIDDEN_SETTINGS, SIDEBAR_ORDERS } from '../../contract/settings';
import type { HostKind } from '../../hosts/list';
import { publicConfigQuery } from '../../src/features/accounts/api/publicConfig';
import type { HostAdapter } from '../../hosts/types';
import { GameLinkProvider } from '../../src/game-link/context';
import { HostProvider } from '../../src/host-bridge/host';
import { OverlaysProvider } from '../../src/overlays/context';
import { createOverlayStore, type OverlayStore } from '../../src/overlays/store';
import type { SettingsConfig } from '../../src/settings-store/config';
import { SettingsStoreProvider } from '../../src/settings-store/context';
import { createSettingsStore, type SettingsAccount, type SettingsStore } from '../../src/settings-store/store';
import { Toasts } from '../../src/ui/Toasts';
import { fakeGameLink, type FakeGameLink } from './fakeGameLink';

export const TEST_SETTINGS_CONFIG: SettingsConfig = { disabledSections: [], hidden: HIDDEN_SETTINGS, order: SIDEBAR_ORDERS.standard };

export interface ShellRenderOptions {
  game?: FakeGameLink;
  overlays?: OverlayStore;
  settingsConfig?: SettingsConfig;
  settingsAccount?: SettingsAccount;
  queryClient?: QueryClient;
  host?: { kind: HostKind; adapter?: HostAdapter };
  /** Renders the toasts' container too (to assert a toast). */
  withToasts?: boolean;
  /** The Mantine theme (Mantine's default without it; src/app/theme.ts to check the look). */
  theme?: MantineThemeOverride;
}

export interface ShellRender extends RenderResult {
  game: FakeGameLink;
  overlays: OverlayStore;
  settings: SettingsStore;
  queryClient: QueryClient;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function renderWithShell(ui: ReactNode, options: ShellRenderOptions = {}): ShellRender {
  const game = options.game ?? fakeGameLink();
  const overlays = options.overlays ?? createOverlayStore();
  const queryClient = options.queryClient ?? testQueryClient();
  const before = game.sent.length;
  const settings = createSettingsStore({ config: options.settingsConfig ?? TEST_SETTINGS_CONFIG, game, ...(options.settingsAccount ? { account: options.settingsAccount } : {}) });
  // What the shell's start-up sent (the store's whole settings object) is not the component's.
  game.sent.splice(before);
  const host = options.host ?? { kind: 'web' as const };
  const adapter = host.adapter ? Promise.resolve(host.adapter) : new Promise<HostAdapter>(() => undefined);
  const view = render(
    <MantineProvider env="test" {...(options.theme ? { theme: options.theme } : {})}>
      <QueryClientProvider client={queryClient}>
        {options.withToasts && <Toasts />}
        <HostProvider kind={host.kind} adapter={adapter}>
          <GameLinkProvider link={game}>
            <SettingsStoreProvider store={settings}>
              <OverlaysProvider overlays={overlays}>{ui}</OverlaysProvider>
            </SettingsStoreProvider>
          </GameLinkProvider>
        </HostProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return Object.assign(view, { game, overlays, settings, queryClient });
}

/**
 * Renders with the server's public config already known: Turnstile as the bot check (whose script
 * jsdom never loads, so no widget hands out a token unless the test fakes it) and no Discord.
 */
export function renderWithPublicConfig(ui: ReactNode, options: ShellRenderOptions = {}): ShellRender {
  const queryClient = options.queryClient ?? testQueryClient();
  queryClient.setQueryData(publicConfigQuery.queryKey, {
    botCheck: { provider: 'turnstile', siteKey: 'test-key' },
    discord: { enabled: false, clientId: null, authorizeUrl: 'https://discord.com/oauth2/authorize' },
    version: '1.3.0',
  });
  return renderWithShell(ui, { ...options, queryClient });
}

/** Types a value into the field labelled `label`, as a change event. */
export function typeInto(label: RegExp | string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
