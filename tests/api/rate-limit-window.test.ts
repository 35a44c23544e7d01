// The per-key attempt limit holds for any 60 seconds, not per calendar minute: a fixed window
// forgot every attempt at the minute boundary (and made tests/api/auth.test.ts's 429 check fail
// whenever its five attempts straddled one). The clock is passed in, so boundaries are exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hit } from '../../server/services/system/rateLimit';
import { startApp, testDatabases, uniqueName, type TestApp } from './helpers';

describe.each(testDatabases())('sliding attempt window on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => { await t.close(); });

  const at = (minute: number, second: number) => new Date(Date.UTC(2030, 0, 1, 12, minute, second));

  it('keeps counting across a minute boundary', async () => {
    const key = uniqueName('rl-boundary');
    const allowed: boolean[] = [];
    for (const s of [57, 58, 59]) allowed.push(await hit(t.handle.db, key, 3, at(0, s)));
    // One second into the next minute: 59/60 of the last minute still counts.
    allowed.push(await hit(t.handle.db, key, 3, at(1, 1)));
    expect(allowed).toEqual([true, true, true, false]);
  });

  it('lets attempts through again as the old ones slide out of the window', async () => {
    const key = uniqueName('rl-slide');
    for (const s of [10, 20, 30]) expect(await hit(t.handle.db, key, 3, at(0, s))).toBe(true);
    // At 12:01:45 a quarter of the last minute is inside the window: 1 + 3 × 0.25 = 1.75.
    expect(await hit(t.handle.db, key, 3, at(1, 45))).toBe(true);
    // Two minutes on, nothing of 12:00 is left.
    const later: boolean[] = [];
    for (const s of [0, 1, 2]) later.push(await hit(t.handle.db, key, 3, at(3, s)));
    expect(later).toEqual([true, true, true]);
  });

  it('keeps keys apart', async () => {
    const a = uniqueName('rl-a');
    const b = uniqueName('rl-b');
    for (let i = 0; i < 3; i++) await hit(t.handle.db, a, 3, at(5, 10 + i));
    expect(await hit(t.handle.db, a, 3, at(5, 20))).toBe(false);
    expect(await hit(t.handle.db, b, 3, at(5, 20))).toBe(true);
  });
});
