// Signing out everywhere (POST /api/logoutEverywhere): every session of the player ends, the
// caller's included, with no password asked, so a player who signs in only with Discord or the
// portal (no password to change) can end a session left open on a lost device. It needs a JSON
// confirmation in the body (nothing a form or simple cross-site request can send) and ends the
// player's live-event streams at once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../server/db/tx';
import { createSession } from '../../server/services/accounts/sessions';
import { createUser } from '../../server/services/accounts/users';
import { openSse } from './harness/sse';
import { Client, registerPlayer, startApp, testDatabases, type TestApp } from './helpers';

describe.each(testDatabases())('sign out everywhere on $name', (database) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startApp(database, { LIVE_EVENTS_HEARTBEAT_MS: 60_000 });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => { await t?.close(); });

  const whoami = async (sid: string) => (await t.app.inject({ method: 'GET', url: '/api/whoami', headers: { authorization: `Bearer ${sid}` } })).json().uuid as string;
  const endAll = (sid: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({
    method: 'POST', url: '/api/logoutEverywhere',
    headers: { authorization: `Bearer ${sid}`, origin: 'http://localhost', host: 'localhost', ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

  it('a player without a password ends every session, this one included, and their open streams at once', async () => {
    const uuid = await inTransaction(t.handle.db, (trx) => createUser(trx, { username: `dc_${randomUUID().slice(0, 8)}`, passwordHash: null }));
    const [phone, laptop] = [await createSession(t.handle.db, uuid, 1, {}), await createSession(t.handle.db, uuid, 1, {})];
    expect(await whoami(phone)).toBe(uuid);
    const stream = await openSse(`${base}/api/events`, { authorization: `Bearer ${phone}` });
    expect(stream.status).toBe(200);
    const answer = await endAll(laptop, { everywhere: true });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'logged_out', uuid: 'anonymous' });
    expect(await whoami(phone)).toBe('anonymous');
    expect(await whoami(laptop)).toBe('anonymous');
    const end = Date.now() + 1_000;
    while (!stream.ended && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(stream.ended).toBe(true);
    stream.close();
  });

  it('a player with a password uses it the same way; the cookie is cleared', async () => {
    const me = await registerPlayer(t.app);
    const other = new Client(t.app);
    other.cookies = new Map(me.client.cookies);
    const answer = await me.client.post('/api/logoutEverywhere', { everywhere: true });
    expect(answer.statusCode).toBe(200);
    expect(me.client.cookies.has('sid')).toBe(false);
    expect((await other.get('/api/whoami')).json().uuid).toBe('anonymous');
  });

  it('refuses without the JSON confirmation or without a session, and ends nothing', async () => {
    const uuid = await inTransaction(t.handle.db, (trx) => createUser(trx, { username: `dc_${randomUUID().slice(0, 8)}`, passwordHash: null }));
    const sid = await createSession(t.handle.db, uuid, 1, {});
    expect((await endAll(sid, undefined)).statusCode).toBe(400);
    expect((await endAll(sid, {})).statusCode).toBe(400);
    expect((await endAll(sid, 'everywhere=true', { 'content-type': 'application/x-www-form-urlencoded' })).statusCode).toBeGreaterThanOrEqual(400);
    expect(await whoami(sid)).toBe(uuid);
    expect((await t.app.inject({ method: 'POST', url: '/api/logoutEverywhere', headers: { origin: 'http://localhost', host: 'localhost' }, payload: { everywhere: true } })).statusCode).toBe(401);
  });
});
