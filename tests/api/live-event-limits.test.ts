// The live-event streams' limits (GET /api/events): caps per player, per address (an IPv6
// client's /64) and per process that concurrent requests cannot get past, answered 429 with
// Retry-After; a maximum lifetime after which the stream ends and resumes from the id it gave
// (even with no event seen); a revoked session (logout, password change, a ban) ending its
// streams at once, across processes on PostgreSQL; a Last-Event-ID beyond int8 refused.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run tests/api/live-event-limits.test.ts
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../server/db/createDb';
import { inTransaction } from '../../server/db/tx';
import { setAdmin } from '../../server/jobs/adminRole';
import { publishLiveEvent } from '../../server/services/live/liveEvents';
import { createSession } from '../../server/services/accounts/sessions';
import { createUser } from '../../server/services/accounts/users';
import { createScratchDatabase, startServerProcess, type ScratchDatabase, type ServerProcess } from './harness/servers';
import { openSse, type SseStream } from './harness/sse';
import { reauthenticate, registerPlayer, startApp, testDatabases, type TestApp } from './helpers';

async function player(handle: DbHandle): Promise<{ uuid: string; username: string; sid: string }> {
  const username = `ll_${randomUUID().slice(0, 8)}`;
  const uuid = await inTransaction(handle.db, (trx) => createUser(trx, { username, passwordHash: null }));
  return { uuid, username, sid: await createSession(handle.db, uuid, 1, {}) };
}
const bearer = (sid: string) => ({ authorization: `Bearer ${sid}` });
const invite = (handle: DbHandle, uuid: string, clanName: string) =>
  inTransaction(handle.db, (trx) => publishLiveEvent(trx, uuid, { type: 'clanInvite', clanId: clanName, clanName, invitedBy: 'alice' }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

describe.each(testDatabases())('live-event stream limits on $name', (database) => {
  let t: TestApp;
  let base: string;
  const streams: SseStream[] = [];
  const open = async (headers: Record<string, string>) => { const s = await openSse(`${base}/api/events`, headers); streams.push(s); return s; };

  beforeAll(async () => {
    // A heartbeat far longer than any test: only the behaviour under test can end a stream.
    t = await startApp(database, { LIVE_EVENTS_HEARTBEAT_MS: 60_000, SESSION_CACHE_MS: 60_000, TRUST_PROXY: ['127.0.0.1'], LIVE_EVENTS_PER_ADDRESS: 3, LIVE_EVENTS_PER_PROCESS: 40 });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => { for (const s of streams) s.close(); await t?.close(); });

  const closeAll = async () => {
    for (const s of streams.splice(0)) s.close();
    await until(() => t.app.liveEvents.open === 0);
  };

  it('40 concurrent requests for one player over a slow database open at most the cap; the rest get 429 with Retry-After', async () => {
    const me = await player(t.handle);
    // The session is in the cache, so each request reaches the cap at once; the database is held
    // (the events table locked) so every request then waits in the middle of opening.
    expect((await fetch(`${base}/api/whoami`, { headers: bearer(me.sid) })).status).toBe(200);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const locking = inTransaction(t.handle.db, async (trx) => {
      await sql`LOCK TABLE live_events IN ACCESS EXCLUSIVE MODE`.execute(trx);
      await held;
    });
    await sleep(50);
    const requests = Array.from({ length: 40 }, (_, i) => openSse(`${base}/api/events`, { ...bearer(me.sid), 'x-forwarded-for': `10.9.${i}.1` }));
    await sleep(700);
    release();
    await locking;
    const answered = await Promise.all(requests);
    streams.push(...answered);
    const opened = answered.filter((s) => s.status === 200);
    const refused = answered.filter((s) => s.status === 429);
    expect(opened).toHaveLength(8);
    expect(refused).toHaveLength(32);
    expect(refused[0]?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(t.app.liveEvents.countFor(me.uuid)).toBe(8);
    await closeAll();
  });

  it('counts addresses by their IPv6 /64: rotating inside it shares one cap, another /64 has its own', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const s = await open({ ...bearer((await player(t.handle)).sid), 'x-forwarded-for': `2001:db8:aa:bb::${i.toString(16)}` });
      statuses.push(s.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const other = await open({ ...bearer((await player(t.handle)).sid), 'x-forwarded-for': '2001:db8:aa:bc::1' });
    expect(other.status).toBe(200);
    await closeAll();
  });

  it('the process cap holds across players and addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const s = await open({ ...bearer((await player(t.handle)).sid), 'x-forwarded-for': `10.7.${i}.1` });
      statuses.push(s.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.at(-1)).toBe(429);
    await closeAll();
  });

  it('a Last-Event-ID beyond int8 or not a number is a 400, not a stream with a warning', async () => {
    const me = await player(t.handle);
    for (const bad of ['9999999999999999999', 'abc', '-1', '1.5']) {
      const response = await fetch(`${base}/api/events`, { headers: { ...bearer(me.sid), 'last-event-id': bad } });
      expect(response.status, bad).toBe(400);
      expect((await response.json()).code).toBe('BAD_LAST_EVENT_ID');
    }
    expect(t.app.liveEvents.countFor(me.uuid)).toBe(0);
  });

  it('logout ends the stream at once, not at the next heartbeat', async () => {
    const me = await player(t.handle);
    const stream = await open(bearer(me.sid));
    expect(stream.status).toBe(200);
    const logout = await fetch(`${base}/api/logout`, { method: 'POST', headers: { ...bearer(me.sid), origin: base } });
    expect(logout.status).toBe(200);
    await until(() => stream.ended, 1_000);
    expect(t.app.liveEvents.countFor(me.uuid)).toBe(0);
  });

  it('a ban from the console ends the stream at once, after the page is told it was banned', async () => {
    const me = await player(t.handle);
    // Console changes need an admin with a password who typed it again lately.
    const admin = await registerPlayer(t.app);
    await setAdmin(t.handle.db, admin.username, true);
    await reauthenticate(admin);
    const stream = await open(bearer(me.sid));
    const ban = await fetch(`${base}/api/admin/players/${me.uuid}/ban`, {
      method: 'POST',
      headers: { ...bearer(admin.client.cookies.get('sid') ?? ''), origin: base, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ reason: 'Aimbot', playerMessage: 'Cheating is not allowed' }),
    });
    expect(ban.status, await ban.clone().text()).toBe(200);
    await until(() => stream.ended, 1_500);
    expect(stream.messages.map((m) => JSON.parse(m.data))).toContainEqual({ type: 'banned', message: 'Cheating is not allowed' });
  });

  it('ends a stream after its maximum lifetime; the id it gave resumes it without losing what came meanwhile', async () => {
    const short = await startApp(database, { LIVE_EVENTS_MAX_LIFETIME_MS: 1_000 });
    try {
      const shortBase = await short.app.listen({ port: 0, host: '127.0.0.1' });
      const me = await player(short.handle);
      await invite(short.handle, me.uuid, 'Before');
      const first = await openSse(`${shortBase}/api/events`, bearer(me.sid));
      streams.push(first);
      await until(() => first.lastId !== null);
      await until(() => first.ended, 3_000);
      // 'Before' may still come: a stream delivers at least once, and the notification of an
      // event committed just before it opened can reach it after it did (events may commit out of
      // id order, so a fresh stream does not drop ids below its start). Nothing after it may.
      expect(first.messages.map((m) => (JSON.parse(m.data) as { clanName?: string }).clanName).filter((name) => name !== 'Before')).toEqual([]);
      await invite(short.handle, me.uuid, 'While away');
      const again = await openSse(`${shortBase}/api/events`, { ...bearer(me.sid), 'last-event-id': first.lastId ?? '' });
      streams.push(again);
      expect(JSON.parse((await again.next()).data).clanName).toBe('While away');
      again.close();
    } finally {
      await short.close();
    }
  }, 30_000);
});

const ADMIN_URL = process.env.TEST_DATABASE_URL;
describe.skipIf(!ADMIN_URL)(`live-event streams across two API processes${ADMIN_URL ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`, () => {
  let database: ScratchDatabase;
  let servers: ServerProcess[] = [];
  let handle: DbHandle;
  const streams: SseStream[] = [];
  beforeAll(async () => {
    database = await createScratchDatabase(ADMIN_URL ?? '', 'livelim');
    servers = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: database.url, LIVE_EVENTS_HEARTBEAT_MS: '60000' })));
    handle = await createDb({ databaseUrl: database.url, poolSize: 2 });
  }, 120_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all(servers.map((s) => s.stop()));
    await handle?.close();
    await database?.drop();
  });

  it('a logout through one process ends the player\'s stream on the other at once', async () => {
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const me = await player(handle);
    const stream = await openSse(`${b}/api/events`, bearer(me.sid));
    streams.push(stream);
    expect(stream.status).toBe(200);
    const logout = await fetch(`${a}/api/logout`, { method: 'POST', headers: { ...bearer(me.sid), origin: a } });
    expect(logout.status).toBe(200);
    await until(() => stream.ended, 2_000);
  });
});
