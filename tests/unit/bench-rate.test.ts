// The bench's fixed-count rate (tests/bench/rate.ts): a run is read from the moment every client
// has its first answer, as pgbench reads its own, so the load generator's connecting is not
// charged to the server.
import { describe, expect, it } from 'vitest';
import { steadyRate } from '../bench/rate';

/** A run of `clients` clients that connect for `connectMs`, then each answer `everyMs` apart per client. */
function run(clients: number, calls: number, connectMs: number, everyMs: number): number[] {
  const done: number[] = [];
  for (let i = 0; i < calls; i++) done.push(connectMs + (Math.floor(i / clients) + 1) * everyMs + (i % clients) * 0.01);
  return done;
}

describe('steadyRate', () => {
  it('reads the steady rate, not the connecting at the start', () => {
    // 10 clients, 25 ms per call each: 400 calls a second once they are connected.
    const slowStart = steadyRate(0, run(10, 200, 40, 25), 10);
    const quickStart = steadyRate(0, run(10, 200, 0, 25), 10);
    expect(slowStart).toBeCloseTo(400, -1);
    expect(quickStart).toBeCloseTo(slowStart, 0);
  });

  it('takes the completions in any order', () => {
    const done = run(10, 200, 40, 25);
    expect(steadyRate(0, [...done].reverse(), 10)).toBeCloseTo(steadyRate(0, done, 10), 6);
  });

  it('reads a run too short for a steady part from its start', () => {
    expect(steadyRate(0, [50, 100, 150], 10)).toBeCloseTo(20, 6);
    expect(steadyRate(0, [], 10)).toBe(0);
    expect(steadyRate(100, [100], 1)).toBe(0);
  });

  it('counts a slow client\'s first call in the warm-up, not the steady part', () => {
    // Nine clients answer at once; the tenth connects late (100 ms): the steady part starts there.
    const done = [...Array.from({ length: 9 }, () => 10), 100, ...Array.from({ length: 90 }, (_, i) => 100 + (i + 1) * 2)];
    expect(steadyRate(0, done, 10)).toBeCloseTo(500, 0);
  });
});
