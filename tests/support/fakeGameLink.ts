// A game link for tests: records every message the shell sends, and plays the game's status.
import type { ShellToGameMethod, ShellToGamePayloads } from '../../contract/gameConstants';
import type { GameStatus } from '../../src/game-link/controller';
import type { GameLink } from '../../src/game-link/link';

export interface SentToGame { method: ShellToGameMethod; payload: unknown }

export interface FakeGameLink extends GameLink {
  readonly sent: SentToGame[];
  /** The payloads sent with one method, in order. */
  sentWith<M extends ShellToGameMethod>(method: M): Array<ShellToGamePayloads[M]>;
  setStatus(status: GameStatus): void;
}

export function fakeGameLink(initial: GameStatus = 'loaded'): FakeGameLink {
  let status = initial;
  const listeners = new Set<() => void>();
  const sent: SentToGame[] = [];
  return {
    sent,
    send(method, ...payload) { sent.push({ method, payload: payload[0] }); },
    status: () => status,
    subscribe(listener) { listeners.add(listener); return () => { listeners.delete(listener); }; },
    sentWith: <M extends ShellToGameMethod>(method: M) => sent.filter((s) => s.method === method).map((s) => s.payload as ShellToGamePayloads[M]),
    setStatus(next) { status = next; for (const listener of [...listeners]) listener(); },
  };
}
