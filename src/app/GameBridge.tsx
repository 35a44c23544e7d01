import { useEffect } from 'react';
import rawActivity from '../../activity.config.json';
import { ActivityConfig } from '../../contract/activity';
import { requestBotCheckToken } from '../lib/botCheckToken';
import type { ShellBoot } from './boot';
import { installBridge } from './bridge';
import { hasOverlay } from './overlays/registry';

const activity = ActivityConfig.parse(rawActivity);

/** Installs the game -> shell bridge once the app chunk is up, replaying what came early. */
export function GameBridge({ shell }: { shell: ShellBoot }) {
  useEffect(() => installBridge({
    win: window,
    overlays: shell.overlays,
    hasOverlay,
    requestBotCheckToken: () => requestBotCheckToken(),
    parentOrigins: activity.parentOrigins,
    early: shell.early.drain(),
  }), [shell]);
  return null;
}
