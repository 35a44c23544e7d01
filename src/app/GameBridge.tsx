import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import rawActivity from '../../activity.config.json';
import { ActivityConfig } from '../../contract/activity';
import { createWalletNotificationHandler } from '../features/accounts/walletNotification';
import { requestBotCheckToken } from '../lib/botCheckToken';
import type { ShellBoot } from './boot';
import { installBridge } from './bridge';
import { hasOverlay } from './overlays/registry';

const activity = ActivityConfig.parse(rawActivity);

/** Installs the game -> shell bridge once the app chunk is up, replaying what came early. */
export function GameBridge({ shell }: { shell: ShellBoot }) {
  const queryClient = useQueryClient();
  useEffect(() => installBridge({
    win: window,
    overlays: shell.overlays,
    hasOverlay,
    requestBotCheckToken: () => requestBotCheckToken(),
    parentOrigins: activity.parentOrigins,
    handlers: { walletNotification: createWalletNotificationHandler({ queryClient }) },
    early: shell.early.drain(),
  }), [shell, queryClient]);
  return null;
}
