// What a player is told when the studio acts on them: the admin's message for the player, apart
// from the internal reason. Only the message (possibly empty) reaches the player, in the live
// event and at sign-in after a ban; the audit log keeps the reason. Bad messages: 400, nothing changed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_IDS } from '../../contract/items';
import { setAdmin } from '../../server/jobs/adminRole';
import { changeMark, changesSince, installChangeLog } from './harness/snapshot';
import { reauthenticate, registerPlayer, registerPlayerWith, solveBotCheck, startApp, testDatabases, type TestApp } from './helpers';

type Player = Awaited<ReturnType<typeof registerPlayerWith>>;
const key = () => ({ 'idempotency-key': `msg-${randomUUID()}` });
const INTERNAL = 'internal: ticket 4711, flagged by the anti-cheat';

describe.each(testDatabases())('messages to players from the console on $name', (database) => {
  let t: TestApp;
  let admin: Player;
  beforeAll(async () => {
    t = await startApp(database);
    await installChangeLog(t.handle.db);
    admin = await registerPlayer(t.app);
    await setAdmin(t.handle.db, admin.username, true);
    t.app.sessions.clear();
    await reauthenticate(admin);
  });
  afterAll(async () => { await t.close(); });

  /** The live events stored for a player, oldest first. */
  const eventsOf = async (uuid: string) => (await t.handle.db.selectFrom('live_events').select('event').where('user_id', '=', uuid).orderBy('id').execute())
    .map((r) => (typeof r.event === 'string' ? JSON.parse(r.event) : r.event) as Record<string, unknown>);
  const auditReason = async (auditId: number) => (await t.handle.db.selectFrom('admin_audit').select('reason').where('id', '=', auditId).executeTakeFirstOrThrow()).reason;

  it('a grant tells the player the message, never the reason; the audit log keeps the reason', async () => {
    const p = await registerPlayerWith(t.app, {});
    const r = await admin.client.post(`/api/admin/players/${p.uuid}/grant`, { reason: INTERNAL, playerMessage: 'Sorry about the lost match!', direction: 'grant', asset: 'TC', amount: '5' }, key());
    expect(r.statusCode, r.body).toBe(200);
    expect(await auditReason(r.json().auditId)).toBe(INTERNAL);
    const [event] = await eventsOf(p.uuid);
    expect(event).toMatchObject({ type: 'adminGrant', message: 'Sorry about the lost match!' });
    expect(JSON.stringify(event)).not.toContain('ticket 4711');
  });

  it('a message may be empty or left out: the player gets the notice alone', async () => {
    const p = await registerPlayerWith(t.app, { items: { [ITEM_IDS.baseSetCrate]: 1 } });
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/grant`, { reason: INTERNAL, direction: 'grant', asset: 'TC', amount: '1' }, key())).statusCode).toBe(200);
    expect((await admin.client.post(`/api/admin/players/${p.uuid}/grant`, { reason: INTERNAL, playerMessage: '   ', direction: 'remove', asset: 'TC', amount: '1' }, key())).statusCode).toBe(200);
    const events = await eventsOf(p.uuid);
    expect(events.map((e) => e.message)).toEqual(['', '']);
    expect(JSON.stringify(events)).not.toContain('ticket 4711');
  });

  it('a cancelled listing and a reversal carry the message only', async () => {
    const p = await registerPlayerWith(t.app, { tripcoins: 500, items: { [ITEM_IDS.baseSetCrate]: 1 } });
    const id = (await p.client.post('/api/seaport/create-listing', { itemUuid: ITEM_IDS.baseSetCrate, priceInTripCoins: 5, quantity: 1, durationDays: 30 }, key())).json().listing.order_id as string;
    expect((await admin.client.post(`/api/admin/listings/${id}/cancel`, { reason: INTERNAL, playerMessage: 'Listing names may not be offensive.' }, key())).statusCode).toBe(200);
    expect((await p.client.post('/api/crates/buy', { quantity: 1 }, key())).statusCode).toBe(200);
    const rows = (await admin.client.get(`/api/admin/players/${p.uuid}/ledger`)).json().rows as Array<{ txId: string; reason: string }>;
    const purchase = rows.find((row) => row.reason === 'crate purchase');
    expect(purchase).toBeDefined();
    const reversed = await admin.client.post(`/api/admin/postings/${purchase?.txId}/reverse`, { reason: INTERNAL, playerMessage: 'Refunded as you asked.' }, key());
    expect(reversed.statusCode, reversed.body).toBe(200);
    const events = (await eventsOf(p.uuid)).filter((e) => e.type === 'listingCancelled' || e.type === 'adminReversal');
    expect(events.map((e) => [e.type, e.message])).toEqual([['listingCancelled', 'Listing names may not be offensive.'], ['adminReversal', 'Refunded as you asked.']]);
    expect(JSON.stringify(events)).not.toContain('ticket 4711');
  });

  it('a ban tells the player the message live and at sign-in, never the reason', async () => {
    const p = await registerPlayerWith(t.app, {});
    const r = await admin.client.post(`/api/admin/players/${p.uuid}/ban`, { reason: INTERNAL, playerMessage: 'Cheating is not allowed.' }, key());
    expect(r.statusCode, r.body).toBe(200);
    expect(await eventsOf(p.uuid)).toContainEqual({ type: 'banned', message: 'Cheating is not allowed.' });
    const login = await p.client.post('/api/login', { username: p.username, password: p.password, turnstile_token: await solveBotCheck(t.app, { username: p.username }) });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toContain('Cheating is not allowed.');
    expect(login.body).not.toContain('ticket 4711');
    expect((await admin.client.get(`/api/admin/players/${p.uuid}`)).json().player.banReason).toBe(INTERNAL);
  });

  it('refuses a message over 200 characters with 400, changing nothing', async () => {
    const p = await registerPlayerWith(t.app, {});
    const mark = await changeMark(t.handle.db);
    const r = await admin.client.post(`/api/admin/players/${p.uuid}/ban`, { reason: INTERNAL, playerMessage: 'x'.repeat(201) }, key());
    expect(r.statusCode).toBe(400);
    expect(await changesSince(t.handle.db, mark)).toEqual([]);
  });
});
