import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { LOADING, LOADING_MESSAGES, loadingMachine, megabytesFigure, simulatedProgress, smoothToward, targetProgress } from '../../../machines/loading';

describe('the simulated progress curve', () => {
  it('starts at 10 %, is linear to 80 % at 8 s, then eases toward the 94.5 % cap', () => {
    expect(simulatedProgress(0)).toBe(10);
    expect(simulatedProgress(4_000)).toBeCloseTo(45, 10);
    expect(simulatedProgress(8_000)).toBeCloseTo(80, 10);
    expect(simulatedProgress(12_000)).toBeCloseTo(94.5 - 14.5 * Math.exp(-4 / 6), 10); // 87.05
    expect(simulatedProgress(12_000)).toBeGreaterThan(80);
    expect(simulatedProgress(30_000)).toBeGreaterThan(93);
    expect(simulatedProgress(30_000)).toBeLessThan(94.5);
    expect(simulatedProgress(2 * 60_000)).toBeLessThan(94.5);
  });

  it('never goes down', () => {
    let previous = -1;
    for (let t = 0; t <= 60_000; t += 250) {
      const p = simulatedProgress(t);
      expect(p).toBeGreaterThanOrEqual(previous);
      previous = p;
    }
  });

  it('follows the real progress where it is ahead, but only completion shows 100 %', () => {
    expect(targetProgress(0, 0.5, false)).toBe(50);
    expect(targetProgress(8_000, 0.5, false)).toBe(80);
    expect(targetProgress(0, 1, false)).toBe(94.5);
    expect(targetProgress(0, 0.97, false)).toBe(94.5);
    expect(targetProgress(0, 0.2, true)).toBe(100);
  });

  it('smooths 12 % of the way per step and lands on the target when close', () => {
    expect(smoothToward(10, 20, 0.12)).toBeCloseTo(11.2, 10);
    expect(smoothToward(99.6, 100, 0.15)).toBe(100);
  });

  it('shows megabytes out of the real build size, and no figure where the size is unknown', () => {
    expect(megabytesFigure(50, 27_000_000)).toEqual({ loaded: 13.5, total: 27, totalDigits: 0 });
    expect(megabytesFigure(100, 31_456_789)).toEqual({ loaded: 31.5, total: 31, totalDigits: 0 });
    expect(megabytesFigure(0, 31_456_789)?.loaded).toBe(0);
    // A small build keeps a decimal: never "0 MB" for what is downloading.
    expect(megabytesFigure(50, 240_000)).toEqual({ loaded: 0.1, total: 0.2, totalDigits: 1 });
    for (const unknown of [undefined, 0, -1, Number.NaN]) expect(megabytesFigure(50, unknown)).toBeNull();
  });
});

describe('the loading machine', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  const start = () => createActor(loadingMachine, { input: { now: () => Date.now() } }).start();

  it('shows 10 % at once and follows the curve at 4, 8, 12 and 30 s', () => {
    const actor = start();
    expect(actor.getSnapshot().context.displayed).toBe(10);
    // The smoothed value trails the target by about one time constant (~125 ms of the ramp).
    vi.advanceTimersByTime(4_000);
    expect(actor.getSnapshot().context.displayed).toBeGreaterThan(43);
    expect(actor.getSnapshot().context.displayed).toBeLessThanOrEqual(45);
    vi.advanceTimersByTime(4_000);
    expect(actor.getSnapshot().context.displayed).toBeGreaterThan(78);
    expect(actor.getSnapshot().context.displayed).toBeLessThanOrEqual(80);
    vi.advanceTimersByTime(4_000);
    expect(actor.getSnapshot().context.displayed).toBeCloseTo(simulatedProgress(12_000), 0);
    vi.advanceTimersByTime(18_000);
    const at30 = actor.getSnapshot().context.displayed;
    expect(at30).toBeGreaterThan(93);
    expect(at30).toBeLessThan(94.5);
    actor.stop();
  });

  it('smooths the shown value every 16 ms by 12 % of the gap', () => {
    const actor = start();
    actor.send({ type: 'PROGRESS', fraction: 0.6 });
    vi.advanceTimersByTime(LOADING.tickMs);
    // one tick: 10 + (60 - 10) * 0.12 = 16
    expect(actor.getSnapshot().context.displayed).toBeCloseTo(16, 1);
    vi.advanceTimersByTime(LOADING.tickMs);
    expect(actor.getSnapshot().context.displayed).toBeCloseTo(16 + (60 - 16) * 0.12, 1);
    actor.stop();
  });

  it('uses the real progress when it is ahead of the simulation', () => {
    const actor = start();
    actor.send({ type: 'PROGRESS', fraction: 0.7 });
    vi.advanceTimersByTime(2_000);
    expect(actor.getSnapshot().context.displayed).toBeCloseTo(70, 0);
    // a late, smaller report never moves the bar back
    actor.send({ type: 'PROGRESS', fraction: 0.3 });
    vi.advanceTimersByTime(500);
    expect(actor.getSnapshot().context.displayed).toBeCloseTo(70, 0);
    actor.stop();
  });

  it('never passes 94.5 % on a finished download until the game completes', () => {
    const actor = start();
    actor.send({ type: 'PROGRESS', fraction: 1 });
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().context.displayed).toBeLessThanOrEqual(94.5);
    expect(actor.getSnapshot().context.displayed).toBeGreaterThan(94);
    actor.send({ type: 'COMPLETE' });
    vi.advanceTimersByTime(LOADING.hideDelayMs);
    expect(actor.getSnapshot().context.displayed).toBe(100);
    actor.stop();
  });

  it('cycles the messages in order every 1.2 s with a 200 ms fade', () => {
    const actor = start();
    const seen: Array<[number, string, boolean]> = [];
    const record = (t: number) => {
      const c = actor.getSnapshot().context;
      seen.push([t, LOADING_MESSAGES[c.messageIndex] ?? '?', c.messageVisible]);
    };
    record(0);
    vi.advanceTimersByTime(999); record(999);
    vi.advanceTimersByTime(1); record(1_000);
    vi.advanceTimersByTime(199); record(1_199);
    vi.advanceTimersByTime(1); record(1_200);
    expect(seen).toEqual([
      [0, 'Loading game...', true],
      [999, 'Loading game...', true],
      [1_000, 'Loading game...', false],
      [1_199, 'Loading game...', false],
      [1_200, 'Gathering all resources...', true],
    ]);
    const order: string[] = [];
    for (let i = 0; i < LOADING_MESSAGES.length + 1; i += 1) {
      order.push(LOADING_MESSAGES[actor.getSnapshot().context.messageIndex] ?? '?');
      vi.advanceTimersByTime(1_200);
    }
    expect(order).toEqual([...LOADING_MESSAGES.slice(1), LOADING_MESSAGES[0], LOADING_MESSAGES[1]]);
    actor.stop();
  });

  it('on completion goes to 100 %, hides after 300 ms, then fades out for 0.5 s', () => {
    const actor = start();
    vi.advanceTimersByTime(3_000);
    actor.send({ type: 'COMPLETE' });
    expect(actor.getSnapshot().matches({ active: { phase: 'completing' } })).toBe(true);
    vi.advanceTimersByTime(LOADING.tickMs);
    const afterOneTick = actor.getSnapshot().context.displayed;
    expect(afterOneTick).toBeGreaterThan(36);
    vi.advanceTimersByTime(299 - LOADING.tickMs);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    // 15 % of the gap per tick: from ~36 % it is past 95 % when the screen starts hiding
    expect(actor.getSnapshot().context.displayed).toBeGreaterThan(95);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('hiding');
    expect(actor.getSnapshot().context.displayed).toBe(100);
    vi.advanceTimersByTime(499);
    expect(actor.getSnapshot().value).toBe('hiding');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().status).toBe('done');
    // nothing keeps ticking once hidden
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops on a failure and starts over on retry', () => {
    const actor = start();
    vi.advanceTimersByTime(5_000);
    actor.send({ type: 'FAIL', message: 'The game files could not be downloaded' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('The game files could not be downloaded');
    expect(vi.getTimerCount()).toBe(0);
    actor.send({ type: 'COMPLETE' });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().matches('active')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ displayed: 10, messageIndex: 0, error: null, realFraction: 0 });
    actor.stop();
  });
});
