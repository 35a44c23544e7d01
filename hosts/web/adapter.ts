// The standalone site. Logging in uses the shell's own modals; CONNECT_WALLET goes to the parent
// window when a partner page frames us. Signing with the browser's own wallet
// on the bare site is the accounts feature's (it reads 'unsupported' as "do it yourself").
// Host API: invite through the Web Share API where the browser has it, else a join link
// (`?join=<room>`) copied to the clipboard; a page opened with `?join=` hands the game its room;
// the locale is the browser's. The rest (party, presence, ads) answers `unavailable` at once.
import { CONNECT_WALLET } from '../../contract/gameConstants';
import { HOST_LIMITS, ROOM_ID_PATTERN, type HostAnswer } from '../../contract/hostApi';
import { NOTHING_HIDDEN, type HostAdapter } from '../types';

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

export const isRoomId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= HOST_LIMITS.roomIdMax && ROOM_ID_PATTERN.test(value);

/** A fresh room id for an invite that names none. */
export function newRoomId(win: Pick<Window, 'crypto'>): string {
  return win.crypto.randomUUID().replace(/-/g, '').slice(0, 12);
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

/** Web Share where the browser has it, else the clipboard. */
export async function shareJoinLink(win: Window, roomId: string, link: string): Promise<HostAnswer<'invite'>> {
  const nav = win.navigator as Navigator & { share?: (data: ShareData) => Promise<void>; canShare?: (data: ShareData) => boolean };
  const data: ShareData = { title: win.document.title || 'Join my game', url: link };
  if (typeof nav.share === 'function' && (typeof nav.canShare !== 'function' || nav.canShare(data))) {
    try {
      await nav.share(data);
      return { status: 'done', value: { roomId, via: 'share', link } };
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return { status: 'cancelled' };
      // NotAllowedError (no user gesture) and the like: the clipboard is the way on.
    }
  }
  try {
    await nav.clipboard.writeText(link);
    return { status: 'done', value: { roomId, via: 'clipboard', link } };
  } catch {
    return { status: 'unavailable', reason: 'the browser refused both sharing and copying the join link' };
  }
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
    locale: async () => {
      const tag = win.navigator.languages?.[0] ?? win.navigator.language;
      return tag ? { status: 'done', value: { locale: tag } } : { status: 'unavailable', reason: 'the browser names no language' };
    },
  };
}
