// The session is read only by endpoints that use the player, and a short per-process cache of
// those reads never outlives a revocation: in this process at once; in another API process on
// the same PostgreSQL within a second (LISTEN/NOTIFY), even with a cache lifetime far longer.
import { randomUUID } from 'node:crypto';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_SET_ITEMS } from '../../contract/items';
import { SessionCache } from '../../server/services/accounts/sessionCache';
import { createSession, findSession, revokeSession, sessionStoreReads } from '../../server/services/accounts/sessions';
import { registerActor, type Actor } from './harness/actors';
import { useProcessPair } from './harness/processPair';
import { injectTransport, whoIs, type Transport } from './harness/transport';
import { registerPlayer, registerPlayerWith, startApp, testDatabases, type TestApp } from './helpers';

const logout = (send: Transport, sid: string) =>
  send({ label: 'logout', method: 'POST', url: '/api/logout', headers: { 'content-type': 'application/json', cookie: `sid=${sid}` }, payload: '{}' });
const changePassword = (send: Transport, player: Actor) => send({
  label: 'change password', method: 'POST', url: '/api/userChangePassword', headers: { 'content-type': 'application/json', cookie: `sid=${player.sid}` },
  payload: JSON.stringify({ currentPassword: player.password, newPassword: `${player.password}-2` }),
});

describe.each(testDatabases())('session lookups on $name', (database) => {
  let t: TestApp;
  let send: Transport;

  beforeAll(async () => {
    t = await startApp(database, { SESSION_CACHE_MS: 60_000 });
    send = injectTransport(t.app);
  });
  afterAll(async () => { await t.close(); });

  it('public reads and assets never read the session store, whatever session comes along', async () => {
    const player = await registerActor(send);
    const sprite = `/api/itemv4/${BASE_SET_ITEMS[0]?.uuid ?? ''}/sprite`;
    const before = sessionStoreReads.count;
    for (const url of ['/api/config', '/api/itemv4?cleaned=true', sprite, '/api/health']) {
      for (const headers of [{ cookie: `sid=${player.sid}` }, { authorization: `Bearer ${player.sid}` }] as Array<Record<string, string>>) {
        const reply = await send({ label: url, method: 'GET', url, headers });
        expect(reply.status, url).toBe(200);
      }
    }
    expect(sessionStoreReads.count - before).toBe(0);
    // The readers that use the player do read it (once: then the cache answers).
    expect(await whoIs(send, player.sid)).toBe(player.uuid);
    expect(await whoIs(send, player.sid)).toBe(player.uuid);
    expect(sessionStoreReads.count - before).toBe(1);
  });

  it('a cached session ends at once at logout and at a password change, in spite of a minute-long cache', async () => {
    const a = await registerActor(send);
    expect(await whoIs(send, a.sid)).toBe(a.uuid);
    await logout(send, a.sid);
    expect(await whoIs(send, a.sid)).toBe('anonymous');

    const b = await registerActor(send);
    expect(await whoIs(send, b.sid)).toBe(b.uuid);
    expect((await changePassword(send, b)).status).toBe(200);
    expect(await whoIs(send, b.sid)).toBe('anonymous');
  });

  it('concurrent requests with one session read the store once; one after a revocation never shares a read from before it', async () => {
    const player = await registerActor(send);
    t.app.sessions.clear();
    const before = sessionStoreReads.count;
    const seen = await Promise.all(Array.from({ length: 10 }, () => whoIs(send, player.sid)));
    expect(seen).toEqual(Array.from({ length: 10 }, () => player.uuid));
    expect(sessionStoreReads.count - before).toBe(1);

    // A cache of its own, so the read under way and the revocation come in a known order.
    const cache = new SessionCache(t.app.db, 60_000, false);
    const session = await findSession(t.app.db, player.sid);
    const fromBefore = cache.find(player.sid);
    await revokeSession(t.app.db, session?.sessionId ?? '');
    cache.forget({ sessionId: session?.sessionId ?? '' });
    expect(await cache.find(player.sid)).toBeNull();
    await fromBefore;
    expect(await whoIs(send, player.sid)).toBe('anonymous');
  });

  it('the requests of a cached session share one frozen user, and whoami answers its bytes unchanged', async () => {
    const player = await registerActor(send);
    t.app.sessions.clear();
    const [one, two] = await Promise.all([t.app.sessions.find(player.sid), t.app.sessions.find(player.sid)]);
    expect(one).not.toBeNull();
    expect(two).toBe(one);
    expect(t.app.sessions.cached(player.sid)).toBe(one);
    expect(Object.isFrozen(one)).toBe(true);
    // A handler cannot change the user another request of the session is given.
    expect(() => { (one as { username: string }).username = 'someone else'; }).toThrow(TypeError);
    const read = async () => (await send({ label: 'whoami', method: 'GET', url: '/api/whoami', headers: { cookie: `sid=${player.sid}` } })).body;
    const first = await read();
    expect(JSON.parse(first)).toMatchObject({ uuid: player.uuid, username: player.username, hasPassword: true });
    expect(await read()).toBe(first);
  });

  it('a money call keeps the player\'s cached session (it was one more store read before each one); an account change still drops it', async () => {
    const item = BASE_SET_ITEMS[0]?.uuid ?? '';
    const giver = await registerPlayerWith(t.app, { items: { [item]: 3 } });
    const taker = await registerPlayer(t.app);
    const give = () => giver.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: taker.username, itemUuid: item, quantity: 1 }, { 'idempotency-key': randomUUID() });
    expect((await giver.client.get('/api/whoami')).json()).toMatchObject({ uuid: giver.uuid });
    const before = sessionStoreReads.count;
    for (let i = 0; i < 3; i++) {
      const r = await give();
      expect(r.statusCode, r.body).toBe(200);
    }
    expect((await giver.client.get('/api/whoami')).json()).toMatchObject({ uuid: giver.uuid });
    expect(sessionStoreReads.count - before).toBe(0);

    // Linking a wallet changes what the session holds: the next request reads it afresh.
    const account = privateKeyToAccount(generatePrivateKey());
    const nonce = (await giver.client.post('/api/wallet/nonce', { address: account.address })).json() as { message: string };
    const linked = await giver.client.post('/api/wallet/link', { message: nonce.message, signature: await account.signMessage({ message: nonce.message }) });
    expect(linked.statusCode, linked.body).toBe(200);
    const after = (await giver.client.get('/api/whoami')).json() as { uuid: string; preferred_address: string | null };
    expect(after.preferred_address?.toLowerCase()).toBe(account.address.toLowerCase());
  });
});

const ADMIN_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!ADMIN_URL)('session revocation across two API processes on PostgreSQL', { tags: ['timing'] }, () => {
  // A cache lifetime of a minute: only the notification can end a session within a second.
  const pair = useProcessPair(ADMIN_URL ?? '', 'sesscache', { SESSION_CACHE_MS: '60000' });

  /** Milliseconds until `sid` is anonymous on `send` (polling), or Infinity after 3 s. */
  async function endsWithin(send: Transport, sid: string, since: number): Promise<number> {
    while (performance.now() - since < 3_000) {
      if (await whoIs(send, sid) === 'anonymous') return performance.now() - since;
      await new Promise((r) => setTimeout(r, 20));
    }
    return Infinity;
  }

  it('a logout on one process ends the session on the other within a second', async () => {
    const { one, two } = pair;
    const player = await registerActor(one);
    expect(await whoIs(two, player.sid)).toBe(player.uuid);
    expect(await whoIs(two, player.sid)).toBe(player.uuid);
    const started = performance.now();
    await logout(one, player.sid);
    expect(await endsWithin(two, player.sid, started)).toBeLessThan(1_000);
  });

  it('a password change on one process ends every other session on the other within a second', async () => {
    const { one, two, handle } = pair;
    const player = await registerActor(one);
    // A second device's session, as a login would make it.
    const laptop = await createSession(handle.db, player.uuid, 1, { userAgent: 'laptop' });
    for (const sid of [player.sid, laptop]) expect(await whoIs(two, sid)).toBe(player.uuid);
    const started = performance.now();
    expect((await changePassword(one, player)).status).toBe(200);
    expect(await endsWithin(two, player.sid, started)).toBeLessThan(1_000);
    expect(await endsWithin(two, laptop, started)).toBeLessThan(1_000);
  });
});
