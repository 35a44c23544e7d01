// The login modal's other ways in: Discord (only when the server has it configured, otherwise
// disabled with a note saying why) and, on the CrazyGames portal only, the portal's own login.
import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { crazygamesLogin, DISCORD_TEXT, PORTAL_TEXT } from '../../../contract/accounts';
import { SHELL_TO_GAME } from '../../../contract/game';
import { ApiError, call } from '../../api/client';
import { sendToGame } from '../../game/game';
import { useHost } from '../../lib/host';
import { showToast } from '../../ui/toast';
import { currentUserQuery } from './api/currentUser';

export function ProviderButtons({ discordEnabled, disabled, onDone }: { discordEnabled: boolean; disabled: boolean; onDone: () => void }) {
  const host = useHost();
  const queryClient = useQueryClient();
  const [portalBusy, setPortalBusy] = useState(false);

  const portalLogin = async () => {
    if (!host.adapter) { showToast({ message: PORTAL_TEXT.unableToOpen, tone: 'error', area: 'auth' }); return; }
    setPortalBusy(true);
    try {
      const outcome = await host.adapter.login();
      if (outcome.kind !== 'portalToken') return; // the player closed the portal's prompt
      const user = await call(crazygamesLogin, { body: { token: outcome.token } });
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      sendToGame(SHELL_TO_GAME.userData, user);
      showToast({ message: `Welcome back, ${user.username}!`, tone: 'success', area: 'auth' });
      onDone();
    } catch (error) {
      showToast({ message: error instanceof ApiError ? error.textOr(PORTAL_TEXT.invalidToken) : PORTAL_TEXT.unableToOpen, tone: 'error', area: 'auth' });
    } finally {
      setPortalBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <Button variant="default" color="indigo" disabled={disabled || !discordEnabled} aria-describedby={discordEnabled ? undefined : 'discord-note'}>
        Continue with Discord
      </Button>
      {!discordEnabled && <Text id="discord-note" size="xs" c="dimmed" ta="center">{DISCORD_TEXT.notConfigured}</Text>}
      {host.kind === 'crazygames' && (
        <Button variant="default" onClick={() => void portalLogin()} loading={portalBusy} disabled={disabled}>
          Continue with CrazyGames
        </Button>
      )}
    </Stack>
  );
}
