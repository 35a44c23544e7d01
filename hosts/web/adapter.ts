// The standalone site. Logging in uses the shell's own modals; CONNECT_WALLET goes to the parent
// window when a partner page frames us (spec part 1 §2.5). Signing with the browser's own wallet
// on the bare site is the accounts feature's (it reads 'unsupported' as "do it yourself").
import { CONNECT_WALLET } from '../../contract/gameConstants';
import { NOTHING_HIDDEN, type HostAdapter } from '../types';

/** Posts CONNECT_WALLET to the parent frame, addressed to its origin when the referrer tells it. */
export function postConnectWallet(win: Window): boolean {
  if (win.parent === win) return false;
  let target = '*';
  try { if (win.document.referrer) target = new URL(win.document.referrer).origin; } catch { target = '*'; }
  win.parent.postMessage({ type: CONNECT_WALLET }, target);
  return true;
}

export function createWebAdapter(win: Window = window): HostAdapter {
  return {
    kind: 'web',
    hidden: NOTHING_HIDDEN,
    start: async () => undefined,
    login: async () => ({ kind: 'shellModal' }),
    connectWallet: () => (postConnectWallet(win) ? 'posted-to-parent' : 'unsupported'),
    loadingStart: () => undefined,
    loadingStop: () => undefined,
    gameplayStart: () => undefined,
    gameplayStop: () => undefined,
    onMuteChange: () => () => undefined,
  };
}
