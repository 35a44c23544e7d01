import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import rawActivity from '../../activity.config.json';
import { ActivityConfig } from '../../contract/activity';
import { createWalletNotificationHandler } from '../features/accounts/walletNotification';
import { requestBotCheckToken } from '../features/accounts/botCheckToken';
import { useGameLink } from '../game-link/context';
import { installGameInbound } from '../game-link/inbound';
import type { ShellBoot } from './shellTypes';
import { hasOverlay } from './overlay-registry/registry';

const activity = ActivityConfig.parse(rawActivity);

/** The off-screen widget of the server's provider, as its own chunk (never on the first screen). */
const headlessBotCheckToken = () => import('../features/accounts/headlessBotCheck').then((m) => m.gameBotCheckToken());

/** Installs the game -> shell half of the game link once the app chunk is up, replaying what came early. */
export function GameInbound({ shell }: { shell: ShellBoot }) {
  const queryClient = useQueryClient();
  const game = useGameLink();
  useEffect(() => installGameInbound({
    win: window,
    overlays: shell.overlays,
    hasOverlay,
    requestBotCheckToken: () => requestBotCheckToken({ fallback: headlessBotCheckToken }),
    parentOrigins: activity.parentOrigins,
    handlers: { walletNotification: createWalletNotificationHandler({ queryClient, game }) },
    early: shell.early.drain(),
  }), [shell, queryClient, game]);
  return null;
}
