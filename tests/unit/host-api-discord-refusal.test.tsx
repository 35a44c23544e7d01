// A player who declines Discord's authorization in the Activity reads exactly
// "Discord sign-in was cancelled.", and nothing asks Discord again on its own: opening Log In
// again shows the shell's form (no second AUTHORIZE); its Discord button asks when pressed.
// The real adapter and SDK against Discord's client in process (tests/fakes/discord.ts).
import { DiscordSDK } from '@discord/embedded-app-sdk';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDiscordAdapter } from '../../hosts/discord/adapter';
import AuthModal from '../../src/features/accounts/AuthModal';
import { publicConfigQuery } from '../../src/features/accounts/api/publicConfig';
import { createFakeDiscordClient } from '../fakes/discord';
import { renderWithShell, testQueryClient } from '../support/render';

describe('a declined Discord authorization in the Activity', () => {
  let previous: string;
  beforeEach(() => { previous = window.location.href; window.history.replaceState(null, '', '/?frame_id=f1&instance_id=i-1&platform=desktop'); });
  afterEach(() => { window.history.replaceState(null, '', previous); delete (window as { discordSDK?: unknown }).discordSDK; });

  it('says it was cancelled, and Log In shows the form instead of asking Discord again', async () => {
    const client = createFakeDiscordClient({ mode: 'decline' });
    const adapter = createDiscordAdapter({ createSdk: client.createSdk(DiscordSDK) as unknown as (id: string) => DiscordSDK, log: { info: vi.fn(), error: vi.fn(), warn: vi.fn() } });
    await adapter.start();
    const queryClient = testQueryClient();
    queryClient.setQueryData(publicConfigQuery.queryKey, {
      botCheck: { provider: 'turnstile', siteKey: 'test-key' },
      discord: { enabled: true, clientId: '000000000000000000', authorizeUrl: 'https://discord.com/oauth2/authorize' },
      version: '1.3.0',
    });
    const authorizes = () => client.commands.filter((c) => c === 'AUTHORIZE').length;

    const first = renderWithShell(<AuthModal payload={{ mode: 'login' }} onClose={() => undefined} />, { queryClient, host: { kind: 'discord', adapter }, withToasts: true });
    expect(await screen.findByText('Discord sign-in was cancelled.')).toBeInTheDocument();
    expect(screen.queryByText(/An unexpected error occurred/)).toBeNull();
    expect(authorizes()).toBe(1);
    first.unmount();

    renderWithShell(<AuthModal payload={{ mode: 'login' }} onClose={() => undefined} />, { queryClient, host: { kind: 'discord', adapter } });
    expect(await screen.findByText('Welcome back')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(authorizes()).toBe(1);

    client.mode = 'normal';
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Discord' }));
    await waitFor(() => expect(authorizes()).toBe(2));
  });
});
