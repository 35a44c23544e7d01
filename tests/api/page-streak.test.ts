// One streak: the page the server sends carries the daily update streak the
// release notes count from the release log (contract/releaseStreak.ts, shared by both), so the
// loading screen's first frame shows that figure, with no request of its own; a release
// published through this process changes it at once; no release data leaves it out (the shell
// then shows the spec's 223). The cache's timing rules are checked without a database below.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, readPageData } from '../../contract/pageData';
import type { ReleaseLog } from '../../contract/releases';
import { updateStreak } from '../../contract/releaseStreak';
import { createUpdateStreakCache } from '../../server/services/progress/updateStreak';
import { releaseMetrics, toReleases } from '../../src/features/releases/releaseLogic';
import { startApp, testDatabases, type TestApp } from './helpers';

const asGameServer = { authorization: 'Bearer test-game-server-key-0123456789' };
const PAGE = '<!doctype html><html><head><title>TripShell</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

/** The streak in the page data, read exactly as the first screen reads it (src/api/pageData.ts);
 * null when the page carries none (the page data also carries the build's size). */
function pageDataOf(html: string) {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  const data = match ? readPageData(match[1]) : null;
  if (!data || data.updateStreak === undefined) return null;
  return { updateStreak: data.updateStreak, updateStreakLastDay: data.updateStreakLastDay };
}

describe.each(testDatabases())('the page\'s update streak on $name', (database) => {
  let t: TestApp;
  const staticDir = mkdtempSync(join(tmpdir(), 'page-streak-'));
  beforeAll(async () => {
    writeFileSync(join(staticDir, 'index.html'), PAGE);
    // No game build beside it (the suite's own build may exist by now): the page then carries
    // the streak alone, and without release data nothing at all.
    t = await startApp(database, { STATIC_DIR: staticDir, DEMO_GAME_DIR: join(staticDir, 'no-game') });
  });
  afterAll(async () => { await t.close(); });

  it('is the release notes\' streak, in the page itself, before the first script', async () => {
    const logs = (await t.app.inject({ url: '/api/getReleaseLogs' })).json() as ReleaseLog[];
    const notes = releaseMetrics(toReleases(logs)).streakDays;
    expect(notes).toBeGreaterThan(0);
    expect(notes).not.toBe(223);
    for (const url of ['/', '/index.html', '/admin']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      // With the day it last grew, so the page can tell a running streak from one that ended.
      expect(pageDataOf(page.body)).toEqual({ updateStreak: notes, updateStreakLastDay: toReleases(logs)[0]!.date });
      // In the head, so it is there when the (deferred) module script runs.
      expect(page.body.indexOf(PAGE_DATA_ELEMENT_ID)).toBeLessThan(page.body.indexOf('</head>'));
    }
  });

  it('answers a revalidation with 304 until the figure changes, and a published release changes it at once', async () => {
    const first = await t.app.inject({ url: '/' });
    const before = pageDataOf(first.body)?.updateStreak ?? -1;
    expect((await t.app.inject({ url: '/', headers: { 'if-none-match': String(first.headers.etag) } })).statusCode).toBe(304);

    const logs = (await t.app.inject({ url: '/api/getReleaseLogs' })).json() as ReleaseLog[];
    const newest = toReleases(logs)[0]!;
    const next = { version: '99.0.0', name: 'Next day', release_date: '2030-01-01', added: ['More'], fixed: [], removed: [] };
    expect((await t.app.inject({ method: 'POST', url: '/api/server/releases', payload: next, headers: asGameServer })).statusCode).toBe(200);
    const after = await t.app.inject({ url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(pageDataOf(after.body)).toEqual({ updateStreak: before + 1, updateStreakLastDay: toReleases([...logs, next])[0]!.date });
    expect(newest.version).not.toBe('99.0.0');
    // ...the same figure the release notes now count.
    const notes = releaseMetrics(toReleases((await t.app.inject({ url: '/api/getReleaseLogs' })).json() as ReleaseLog[])).streakDays;
    expect(notes).toBe(before + 1);
  });

  it('leaves the figure out when there is no release data, so the shell shows the spec\'s 223', async () => {
    await sql`DELETE FROM release_logs`.execute(t.handle.db);
    // Forgotten as a publish would; here the table was emptied behind the server's back.
    const { updateStreakCacheOf } = await import('../../server/services/progress/updateStreak');
    updateStreakCacheOf(t.app.db).forget();
    const page = await t.app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(pageDataOf(page.body)).toBeNull();
    expect(page.body).toBe(PAGE);
  });
});

describe('the update streak cache', () => {
  const logs = [{ version: '1.0.0', release_date: '2025-01-01' }, { version: '1.1.0', release_date: '2025-01-02' }];

  it('reads once, serves from memory, and serves the old figure while it reads again after the TTL', async () => {
    let clock = 0;
    let reads = 0;
    let answer = logs;
    const cache = createUpdateStreakCache(async () => { reads += 1; return answer; }, { ttlMs: 1000, now: () => clock });
    expect(await cache.current()).toBe(2);
    expect(await cache.current()).toBe(2);
    expect(reads).toBe(1);
    answer = [...logs, { version: '1.2.0', release_date: '2025-01-03' }];
    clock = 1500;
    // Stale: answered at once with the old figure, read again behind it.
    expect(await cache.current()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.current()).toBe(3);
    expect(reads).toBe(2);
    expect(updateStreak(answer)).toBe(3);
  });

  it('after a publish here, the next page waits for the new figure instead of the old one', async () => {
    let answer = logs;
    const cache = createUpdateStreakCache(async () => answer);
    expect(await cache.current()).toBe(2);
    answer = [...logs, { version: '1.2.0', release_date: '2025-01-03' }];
    cache.forget();
    expect(await cache.current()).toBe(3);
  });

  it('never holds a page longer than waitMs, and a failed read leaves the figure out', async () => {
    const slow = createUpdateStreakCache(() => new Promise(() => undefined), { waitMs: 20 });
    const started = Date.now();
    expect(await slow.current()).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
    const errors: unknown[] = [];
    const failing = createUpdateStreakCache(() => Promise.reject(new Error('down')), { onError: (e) => errors.push(e) });
    expect(await failing.current()).toBeNull();
    expect(errors).toHaveLength(1);
    const empty = createUpdateStreakCache(async () => []);
    expect(await empty.current()).toBeNull();
  });
});
