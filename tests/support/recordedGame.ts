// A game behind the real game link (src/game-link/link.ts): a stand-in controller whose status a
// test plays, and which records what reaches the game. Like a build with our receiver, it
// announces itself each time it runs (setStatus('loaded')). What is sent while no instance
// exists is recorded apart (`tooEarly`): the real wrapper only warns then and the game never hears it.
import { vi } from 'vitest';
import type { ShellToGameMethod, ShellToGamePayloads } from '../../contract/gameConstants';
import type { GameState, GameStatus } from '../../src/game-link/controller';
import { createGameLink, type LinkedController } from '../../src/game-link/link';
import type { FakeGameLink, SentToGame } from './fakeGameLink';

export interface RecordedGame extends FakeGameLink {
  /** What reached the running game, decoded: (method) or (method, payload). */
  readonly received: ReturnType<typeof vi.fn<(method: string, payload?: unknown) => void>>;
  /** What was handed to the controller while no instance existed (the wrapper's warning). */
  readonly tooEarly: SentToGame[];
  readonly controller: LinkedController;
}

export function recordedGame(initial: GameStatus = 'loading', options: { announces?: boolean } = {}): RecordedGame {
  const announces = options.announces ?? true;
  let state: GameState = { status: initial, progress: 0, error: null };
  const listeners = new Set<() => void>();
  const sent: SentToGame[] = [];
  const tooEarly: SentToGame[] = [];
  const received = vi.fn<(method: string, payload?: unknown) => void>();
  const controller: LinkedController = {
    getState: () => state,
    subscribe(listener) { listeners.add(listener); return () => { listeners.delete(listener); }; },
    sendMessage(_object, method, value) {
      const payload = value === undefined ? undefined : JSON.parse(String(value)) as unknown;
      const message = { method: method as ShellToGameMethod, payload };
      if (state.status !== 'loaded') { tooEarly.push(message); return; }
      sent.push(message);
      if (value === undefined) received(method); else received(method, payload);
    },
  };
  const link = createGameLink(controller, { info: () => undefined });
  const setStatus = (status: GameStatus) => {
    state = { ...state, status };
    for (const listener of [...listeners]) listener();
    if (status === 'loaded' && announces) link.receiverReady();
  };
  if (initial === 'loaded' && announces) link.receiverReady();
  return {
    send: link.send,
    status: link.status,
    subscribe: link.subscribe,
    sent, received, tooEarly, controller, setStatus,
    sentWith: <M extends ShellToGameMethod>(method: M) => sent.filter((s) => s.method === method).map((s) => s.payload as ShellToGamePayloads[M]),
  };
}
