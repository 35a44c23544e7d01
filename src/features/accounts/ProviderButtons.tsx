// The login modal's other ways in: Discord (the popup flow of machines/discord-oauth.ts) only
// when the server has it configured: busy until /api/config has answered, then either the working
// button or no Discord button at all (a player cannot act on "not configured"); when /api/config
// could not be read, a disabled button saying so. On the CrazyGames portal only, the portal's own login.
import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ExchangeAnswer } from '../../../contract/accounts';
import type { PublicConfig } from '../../../contract/system';
import { useHost } from '../../host-bridge/host';
import { showToast } from '../../ui/toast';
import { openFusionDecision } from './api/discord';
import { signedIn, welcomeBack } from './signedIn';
import { useDiscordPopup } from './useDiscordPopup';
import { useHostLogin } from './useHostLogin';
import { useGameLink } from '../../game-link/context';
import { useOverlays } from '../../overlays/context';
import { t } from '../../i18n';
import { DISCORD_TEXT } from '../../i18n/texts';

function DiscordPopupButton({ discord, disabled, onDone }: { discord: PublicConfig['discord']; disabled: boolean; onDone: () => void }) {
  const queryClient = useQueryClient();
  const gameLink = useGameLink();
  const overlays = useOverlays();
  const { state, busy, start } = useDiscordPopup('login', discord);
  const handled = useRef<unknown>(null);
  const { error } = state.context;

  useEffect(() => {
    if (state.status !== 'done' || handled.current === state.context.result) return;
    handled.current = state.context.result;
    const answer = ExchangeAnswer.safeParse(state.context.result);
    if (!answer.success) return;
    if (answer.data.status === 'existing_user') {
      signedIn(queryClient, gameLink, answer.data.user, { greeting: welcomeBack });
      onDone();
    } else {
      // The account decision replaces the login modal (one modal at a time).
      openFusionDecision(overlays, { discordUser: answer.data.discordUser, suggestedUsername: answer.data.suggestedUsername, accessToken: answer.data.access_token });
    }
  }, [state, queryClient, onDone, gameLink, overlays]);

  useEffect(() => {
    if (error) showToast({ message: error, tone: 'error', area: 'auth' });
  }, [error]);

  return (
    <Button variant="default" color="indigo" onClick={start} loading={busy} disabled={disabled}>
      {t('accounts.ProviderButtons.continueWithDiscord')}
    </Button>
  );
}

/** Where /api/config is: not answered yet, failed (even after its retries), or answered. */
export type ConfigState = 'pending' | 'failed' | 'answered';
export const PROVIDER_TEXT = { get configFailed() { return DISCORD_TEXT.configFailed; } };

/** Whether ProviderButtons shows anything (the modal's "or" divider goes with it). */
export function hasProviderButtons(discord: PublicConfig['discord'] | undefined, config: ConfigState, hostKind: string): boolean {
  return config !== 'answered' || (discord?.enabled ?? false) || hostKind === 'crazygames';
}

export function ProviderButtons({ discord, config = 'answered', disabled, onDone }: { discord: PublicConfig['discord'] | undefined; config?: ConfigState; disabled: boolean; onDone: () => void }) {
  const host = useHost();
  const hostLogin = useHostLogin();
  const [portalBusy, setPortalBusy] = useState(false);
  const enabled = discord?.enabled ?? false;

  const portalLogin = async () => {
    setPortalBusy(true);
    const result = await hostLogin.run();
    setPortalBusy(false);
    if (result === 'signed-in') onDone();
  };

  return (
    <Stack gap="xs">
      {enabled && discord && host.kind !== 'discord'
        ? <DiscordPopupButton discord={discord} disabled={disabled} onDone={onDone} />
        : (enabled || config !== 'answered') && (
          <Button variant="default" color="indigo" disabled={disabled || !enabled} loading={config === 'pending'} aria-busy={config === 'pending' || undefined}
            onClick={() => void portalLogin()} aria-describedby={config === 'failed' ? 'discord-note' : undefined}>
            {t('accounts.ProviderButtons.continueWithDiscord')}
          </Button>
        )}
      {!enabled && config === 'failed' && (
        <Text id="discord-note" size="xs" c="dimmed" ta="center">{PROVIDER_TEXT.configFailed}</Text>
      )}
      {host.kind === 'crazygames' && (
        <Button variant="default" onClick={() => void portalLogin()} loading={portalBusy} disabled={disabled}>
          {t('accounts.ProviderButtons.continueWithCrazygames')}
        </Button>
      )}
    </Stack>
  );
}
