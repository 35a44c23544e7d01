// When the shell's React part loads (src/app/shellStart.ts, whenReactWanted): after the game's first frame, but
// never later than an overlay asked for over the loading screen, or a bound after boot.
import { describe, expect, it } from 'vitest';
import { createOverlayStore } from '../../src/overlays/store';
import { whenReactWanted } from '../../src/app/shellStart';
import { flush } from '../support/async';

function world(signInAtStart = false, game: { status: 'idle' | 'loading' | 'loaded' | 'error'; progress: number } = { status: 'loading', progress: 0.3 }) {
  let settle: () => void = () => undefined;
  const gameSettled = new Promise<void>((r) => { settle = r; });
  let ask: () => void = () => undefined;
  const gameAsked = new Promise<void>((r) => { ask = r; });
  const overlays = createOverlayStore();
  const timers: Array<{ fn: () => void; ms: number }> = [];
  let wanted = false;
  void whenReactWanted({ signInAtStart, gameSettled, gameAsked, overlays, game: { getState: () => game } }, (fn, ms) => { timers.push({ fn, ms }); }).then(() => { wanted = true; });
  return { settle, ask, overlays, timers, game, isWanted: () => wanted, flush };
}

/** Not wanted until `act`, wanted right after it. */
async function wantedOnlyAfter(w: ReturnType<typeof world>, act: () => void) {
  await w.flush();
  expect(w.isWanted()).toBe(false);
  act();
  await w.flush();
  expect(w.isWanted()).toBe(true);
}

describe('whenReactWanted', () => {
  it('waits for the game while nothing else asks for React', async () => {
    const w = world();
    await wantedOnlyAfter(w, () => { w.settle(); });
  });

  it('comes as soon as an overlay or a modal is asked for over the loading screen, the game still loading', async () => {
    const w = world();
    await wantedOnlyAfter(w, () => { w.overlays.open('settings', {}); });
  });

  it('comes as soon as the game asks for something only React answers (a message, a hook), the game still loading', async () => {
    const w = world();
    await wantedOnlyAfter(w, () => { w.ask(); });
  });

  it('comes at the latest after its bound, the game still loading (a Unity-sized download)', async () => {
    const w = world();
    expect(w.timers.map((t) => t.ms)).toEqual([3_000]);
    w.timers[0]?.fn();
    await w.flush();
    expect(w.isWanted()).toBe(true);
  });

  it('waits past its bound for the game when the game\'s files are all in by then: the build is starting up', async () => {
    const w = world(false, { status: 'loading', progress: 0.9 });
    w.timers[0]?.fn();
    await w.flush();
    expect(w.isWanted()).toBe(false);
    await wantedOnlyAfter(w, () => { w.settle(); });
  });

  it('comes anyway a while after its bound when a game that has its files never settles', async () => {
    const w = world(false, { status: 'loading', progress: 0.95 });
    w.timers[0]?.fn();
    await w.flush();
    expect(w.timers.map((t) => t.ms)).toEqual([3_000, 12_000]);
    await wantedOnlyAfter(w, () => { w.timers[1]?.fn(); });
  });

  it('reads the game when its bound runs out, not before: files still coming then, React comes', async () => {
    const w = world(false, { status: 'loading', progress: 0.95 });
    w.game.progress = 0.5; // a retry started over, say
    await wantedOnlyAfter(w, () => { w.timers[0]?.fn(); });
  });

  it('comes at once on a host that signs the player in at start', async () => {
    const w = world(true);
    await w.flush();
    expect(w.isWanted()).toBe(true);
  });
});

describe('installEarlyHooks tells of what it queues', () => {
  it('tells `queued` of a deferred hook call and for a message, not for the completion hook', async () => {
    const { installEarlyHooks } = await import('../../src/game-link/earlyHooks');
    const { GAME_HOOKS } = await import('../../contract/gameConstants');
    let heard = 0;
    installEarlyHooks(window).answer({ loadingComplete: () => undefined, receiverReady: () => undefined, queued: () => { heard++; } });
    const hooks = window as unknown as Record<string, (...args: unknown[]) => unknown>;
    hooks[GAME_HOOKS.loadingComplete]?.();
    expect(heard).toBe(0);
    void hooks[GAME_HOOKS.showSettings]?.();
    expect(heard).toBe(1);
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'SHOW_MARKETPLACE_MODAL' } }));
    expect(heard).toBe(2);
  });
});
