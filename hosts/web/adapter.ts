// The standalone site. Logging in uses the shell's own modals; CONNECT_WALLET goes to the parent
// window when a partner page frames us. Signing with the browser's own wallet
// on the bare site is the accounts feature's (it reads 'unsupported' as "do it yourself").
// Host API: invite through the Web Share API where the browser has it, else a join link
// (`?join=<room>`) copied to the clipboard; a page opened with `?join=` hands the game its room;
// the locale is the browser's; TripCoin packs through the provider's checkout (store.ts). The rest
// (party, presence, ads) answers `unavailable` at once.
import { CONNECT_WALLET } from '../../contract/gameConstants';
import { isRoomId, newRoomId, shareJoinLink } from '../share';
import { NOTHING_HIDDEN, type HostAdapter } from '../types';
import { createWebStore } from './store';

// Shared with the hosts that share a link the same way (hosts/share.ts); kept importable from here.
export { isRoomId, newRoomId, shareJoinLink };

/** The query parameter a join link carries. */
export const JOIN_PARAM = 'join';

/** Posts CONNECT_WALLET to the parent frame, addressed to its origin when the referrer tells it. */
export function postConnectWallet(win: Window): boolean {
  if (win.parent === win) return false;
  let target = '*';
  try { if (win.document.referrer) target = new URL(win.document.referrer).origin; } catch { target = '*'; }
  win.parent.postMessage({ type: CONNECT_WALLET }, target);
  return true;
}

/** The page's own address with `?join=<room>` (other parameters kept, the hash dropped). */
export function joinLink(href: string, roomId: string): string {
  const url = new URL(href);
  url.hash = '';
  url.searchParams.set(JOIN_PARAM, roomId);
  return url.toString();
}

/** The room a `?join=` link names, or null (missing or not a room id). */
export function joinParam(href: string): string | null {
  try {
    const room = new URL(href).searchParams.get(JOIN_PARAM);
    return isRoomId(room) ? room : null;
  } catch { return null; }
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
    invite: (roomId) => {
      const room = roomId ?? newRoomId(win);
      return shareJoinLink(win, room, joinLink(win.location.href, room));
    },
    arrivalRoom: async () => joinParam(win.location.href),
    store: createWebStore(win),
    locale: async () => {
      const tag = win.navigator.languages?.[0] ?? win.navigator.language;
      return tag ? { status: 'done', value: { locale: tag } } : { status: 'unavailable', reason: 'the browser names no language' };
    },
  };
}
