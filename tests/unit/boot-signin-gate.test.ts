// What the game's download waits for at start: on the web nothing but its
// loader (the second chunk follows the first paint), on the portal and in the Activity their
// sign-in at start, a bounded time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_CHUNK_WAIT_MS, signInGate } from '../../src/app/gameStart';
import { HOSTS } from '../../hosts/list';

const never = () => new Promise<never>(() => undefined);

describe('the sign-in gate before the game starts', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('on a host that signs no one in at start, opens at once and does not ask for the second chunk', async () => {
    const appChunk = vi.fn(never);
    let open = false;
    void signInGate(false, appChunk, never)().then(() => { open = true; });
    await Promise.resolve(); await Promise.resolve();
    expect(open).toBe(true);
    expect(appChunk).not.toHaveBeenCalled();
  });

  it('on a host that signs the player in at start, waits for the second chunk and that sign-in', async () => {
    let settle: () => void = () => undefined;
    const settled = new Promise<void>((r) => { settle = r; });
    let open = false;
    void signInGate(true, () => Promise.resolve('chunk'), () => settled, 60_000)().then(() => { open = true; });
    await new Promise((r) => setTimeout(r, 10));
    expect(open).toBe(false);
    settle();
    await new Promise((r) => setTimeout(r, 0));
    expect(open).toBe(true);
  });

  it('never waits longer than APP_CHUNK_WAIT_MS', async () => {
    vi.useFakeTimers();
    let open = false;
    void signInGate(true, never, never)().then(() => { open = true; });
    await vi.advanceTimersByTimeAsync(APP_CHUNK_WAIT_MS - 1);
    expect(open).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(open).toBe(true);
  });

  it('the portal and the Activity sign in at start; the web and Poki do not', () => {
    expect(Object.fromEntries(HOSTS.map((h) => [h.kind, h.signInAtStart]))).toEqual({ discord: true, crazygames: true, poki: false, web: false });
  });
});
