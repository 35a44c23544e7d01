// What more than one host does the same way with a link that joins a room: a room id's check,
// a fresh room id, and sharing the link through the Web Share API, else the clipboard (the web's
// join links, Poki's shareable URLs). Not a host: hosts import it, it imports no host.
import { HOST_LIMITS, ROOM_ID_PATTERN, type HostAnswer } from '../contract/hostApi';

export const isRoomId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= HOST_LIMITS.roomIdMax && ROOM_ID_PATTERN.test(value);

/** A fresh room id for an invite that names none. */
export function newRoomId(win: Pick<Window, 'crypto'>): string {
  return win.crypto.randomUUID().replace(/-/g, '').slice(0, 12);
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
