// Catalogue and sprites, inventory, player search, game-server awards, transfers, demo seeding.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECONOMY_TEXT } from '../../contract/economy';
import { BASE_SET_ITEMS, CATALOGUE, ITEM_IDS } from '../../contract/items';
import { conservationViolations } from '../../server/services/economy/ledger';
import { DEMO_PLAYERS, seedDemo } from '../../server/jobs/demoSeed';
import { Client, registerPlayer, solveBotCheck, startApp, testConfig, testDatabases, uniqueName, type TestApp } from './helpers';

const GAME = { authorization: `Bearer ${testConfig().GAME_SERVER_KEY}` };
const ITEM = BASE_SET_ITEMS[0]!.uuid;

describe.each(testDatabases())('economy basics on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  const award = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/server/award', headers: GAME, payload });
  const inventory = async (c: Client) => (await c.get('/api/getBaseInventory')).json() as { inventory: Record<string, string>; tripcoins: number };

  describe('catalogue and sprites', () => {
    it('lists every item with the spec fields, and more when not cleaned', async () => {
      const r = await t.app.inject({ url: '/api/itemv4?cleaned=true' });
      expect(r.statusCode).toBe(200);
      const items = r.json().items as Array<Record<string, unknown>>;
      expect(items).toHaveLength(CATALOGUE.length);
      for (const i of items) expect(Object.keys(i).sort()).toEqual(['description', 'dex_id', 'name', 'uuid']);
      expect(items.find((i) => i.uuid === ITEM_IDS.baseSetCrate)?.name).toBe('Base Set Crate');
      const full = (await t.app.inject({ url: '/api/itemv4?cleaned=false' })).json().items as Array<Record<string, unknown>>;
      expect(full.find((i) => i.uuid === ITEM_IDS.mythicalTicket)).toMatchObject({ kind: 'ticket', collection: null });
    });

    it('draws a distinct SVG for every item at both sizes, with ETag and 304', async () => {
      const etags = new Set<string>();
      for (const item of CATALOGUE) {
        for (const size of ['256', '512']) {
          const r = await t.app.inject({ url: `/api/itemv4/${item.uuid}/sprite?size=${size}` });
          expect(r.statusCode).toBe(200);
          expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
          expect(r.headers['cache-control']).toMatch(/max-age=\d+/);
          expect(r.body).toMatch(new RegExp(`^<svg[^>]* width="${size}" height="${size}"`));
          expect(r.body).toContain(item.name.replace(/&/g, '&#38;'));
          etags.add(String(r.headers.etag));
        }
      }
      expect(etags.size).toBe(CATALOGUE.length * 2);
      const first = await t.app.inject({ url: `/api/itemv4/${ITEM}/sprite` });
      const again = await t.app.inject({ url: `/api/itemv4/${ITEM}/sprite?size=256`, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const weak = await t.app.inject({ url: `/api/itemv4/${ITEM}/sprite`, headers: { 'if-none-match': `"other", W/${first.headers.etag}` } });
      expect(weak.statusCode).toBe(304);
      const changed = await t.app.inject({ url: `/api/itemv4/${ITEM}/sprite`, headers: { 'if-none-match': '"stale"' } });
      expect(changed.statusCode).toBe(200);
    });

    it('answers an unknown item with 404 and a bad size with 400', async () => {
      for (const uuid of [randomUUID(), 'not-an-item', '%27%3B--']) {
        const r = await t.app.inject({ url: `/api/itemv4/${uuid}/sprite` });
        expect(r.statusCode).toBe(404);
        expect(r.json()).toMatchObject({ error: ECONOMY_TEXT.itemNotFound, code: 'NOT_FOUND' });
      }
      for (const size of ['128', 'big', '']) {
        const r = await t.app.inject({ url: `/api/itemv4/${ITEM}/sprite?size=${size}` });
        expect(r.statusCode).toBe(400);
        expect(r.json().error).toBe(ECONOMY_TEXT.spriteSizeRule);
      }
    });
  });

  describe('inventory and search', () => {
    it('requires a login and starts empty', async () => {
      expect((await new Client(t.app).get('/api/getBaseInventory')).statusCode).toBe(401);
      const { client } = await registerPlayer(t.app);
      expect(await inventory(client)).toEqual({ inventory: {}, tripcoins: 0 });
    });

    it('finds players by prefix or substring, case-insensitively, never the caller, at most 5', async () => {
      const tag = `Zq${randomUUID().slice(0, 4)}`;
      const me = await registerPlayer(t.app, `${tag}_me`);
      const names = [`${tag}_a`, `x${tag}_b`, `${tag}_c`, `yy${tag}`, `${tag}_d`, `${tag}_e`];
      for (const n of names) await registerPlayer(t.app, n);
      const all = (await me.client.get(`/api/searchPlayers/${tag.toLowerCase()}`)).json() as Array<{ uuid: string; username: string }>;
      expect(all).toHaveLength(5);
      expect(all.map((p) => p.username)).not.toContain(`${tag}_me`);
      // Prefix matches come first.
      expect(all.slice(0, 4).every((p) => p.username.startsWith(tag))).toBe(true);
      const two = (await me.client.get(`/api/searchPlayers/${tag}?limit=2`)).json();
      expect(two).toHaveLength(2);
      const inner = (await me.client.get(`/api/searchPlayers/y${tag.toUpperCase()}`)).json();
      expect(inner).toEqual([{ uuid: expect.any(String), username: `yy${tag}` }]);
      for (const limit of ['0', '6', 'x']) expect((await me.client.get(`/api/searchPlayers/${tag}?limit=${limit}`)).statusCode).toBe(400);
      expect((await new Client(t.app).get(`/api/searchPlayers/${tag}`)).statusCode).toBe(401);
    });

    it('treats LIKE wildcards in the query as plain text', async () => {
      const me = await registerPlayer(t.app);
      const name = uniqueName('pct');
      await registerPlayer(t.app, name);
      for (const q of ['%', '_', '%25', '\\', 'a%b']) {
        const r = await me.client.get(`/api/searchPlayers/${encodeURIComponent(q)}`);
        expect(r.statusCode).toBe(200);
        for (const p of r.json() as Array<{ username: string }>) expect(p.username.toLowerCase()).toContain(q.toLowerCase());
      }
      expect((await me.client.get('/api/searchPlayers/_')).json().length).toBeGreaterThan(0);
      expect((await me.client.get('/api/searchPlayers/%25')).json()).toEqual([]);
    });
  });

  describe('game-server awards', () => {
    it('needs the game server key', async () => {
      const { uuid } = await registerPlayer(t.app);
      const body = { uuid, tripcoins: 5, awardId: randomUUID() };
      expect((await t.app.inject({ method: 'POST', url: '/api/server/award', payload: body })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/server/award', payload: body, headers: { authorization: 'Bearer wrong-key-wrong-key-1234' } })).statusCode).toBe(401);
      const { client } = await registerPlayer(t.app);
      expect((await client.post('/api/server/award', body)).statusCode).toBe(401);
    });

    it('answers 503 when no key is configured', async () => {
      // The key is read per request; one app without it is enough (a second app costs a database).
      const saved = t.app.config.GAME_SERVER_KEY;
      t.app.config.GAME_SERVER_KEY = undefined;
      try {
        const r = await award({ username: 'someone', xp: 1, awardId: 'no-key' });
        expect(r.statusCode).toBe(503);
      } finally {
        t.app.config.GAME_SERVER_KEY = saved;
      }
    });

    it('awards coins, items and XP once, unlocking levels', async () => {
      const { client, uuid, username } = await registerPlayer(t.app);
      const awardId = `match:${randomUUID()}`;
      const body = { username: username.toUpperCase(), tripcoins: '1234.56', xp: 3500, items: { [ITEM]: 2, [ITEM_IDS.baseSetCrate]: 1 }, awardId };
      const first = await award(body);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ awardId, uuid, username, tripcoins: 1234.56, totalXp: 3500, currentLevel: 3, newLevels: [2, 3], replayed: false });
      const again = await award(body);
      expect(again.json()).toEqual({ ...first.json(), replayed: true });
      expect(await inventory(client)).toEqual({ inventory: { [ITEM]: '2', [ITEM_IDS.baseSetCrate]: '1' }, tripcoins: 1234.56 });
      const levels = await t.handle.db.selectFrom('achieved_levels').select(['level', 'unlocked_at']).where('user_id', '=', uuid).orderBy('level').execute();
      expect(levels.map((l) => l.level)).toEqual([1, 2, 3]);

      const different = await award({ ...body, xp: 1 });
      expect(different.statusCode).toBe(409);
      expect(different.json()).toMatchObject({ error: ECONOMY_TEXT.awardIdReused, code: 'AWARD_ID_REUSED' });

      const more = await award({ uuid, xp: 500, awardId: `${awardId}:2` });
      expect(more.json()).toMatchObject({ totalXp: 4000, currentLevel: 3, newLevels: [] });
      expect(await conservationViolations(t.handle.db)).toEqual([]);
    });

    it('applies a burst of identical retries once', async () => {
      const { client, uuid } = await registerPlayer(t.app);
      const body = { uuid, tripcoins: 10, items: { [ITEM]: 1 }, awardId: randomUUID() };
      const answers = await Promise.all(Array.from({ length: 8 }, () => award(body)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      expect(answers.filter((a) => !a.json().replayed)).toHaveLength(1);
      expect(await inventory(client)).toEqual({ inventory: { [ITEM]: '1' }, tripcoins: 10 });
    });

    it('refuses bad awards with 4xx and changes nothing', async () => {
      const { client, uuid } = await registerPlayer(t.app);
      const cases: Array<[Record<string, unknown>, number, string?]> = [
        [{ uuid, awardId: 'nothing' }, 400, ECONOMY_TEXT.awardEmpty],
        [{ tripcoins: 5, awardId: 'no-target' }, 400, ECONOMY_TEXT.awardTarget],
        [{ uuid: randomUUID(), tripcoins: 5, awardId: 'ghost' }, 404, ECONOMY_TEXT.playerNotFound],
        [{ username: 'no_such_player_x', tripcoins: 5, awardId: 'ghost2' }, 404, ECONOMY_TEXT.playerNotFound],
        [{ uuid, tripcoins: '1.234', awardId: 'decimals' }, 400],
        [{ uuid, tripcoins: -5, awardId: 'negative' }, 400],
        [{ uuid, tripcoins: 5, awardId: 'bad id with spaces' }, 400],
        [{ uuid, items: { [randomUUID()]: 1 }, awardId: 'unknown-item' }, 400],
        [{ uuid, items: { 'not-a-uuid': 1 }, awardId: 'unknown-item2' }, 400],
        [{ uuid, items: { [ITEM]: 0 }, awardId: 'zero' }, 400],
        [{ uuid, xp: 1.5, awardId: 'fraction' }, 400],
      ];
      for (const [body, status, error] of cases) {
        const r = await award(body);
        expect(r.statusCode, JSON.stringify(body)).toBe(status);
        if (error) expect(r.json().error).toBe(error);
      }
      expect(await inventory(client)).toEqual({ inventory: {}, tripcoins: 0 });
    });
  });

  describe('transfers', () => {
    it('moves items to another player by username', async () => {
      const alice = await registerPlayer(t.app);
      const bob = await registerPlayer(t.app);
      await award({ uuid: alice.uuid, items: { [ITEM]: 3 }, awardId: randomUUID() });
      const r = await alice.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: bob.username.toLowerCase(), itemUuid: ITEM, quantity: 2 });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ message: ECONOMY_TEXT.transferSuccess });
      expect((await inventory(alice.client)).inventory).toEqual({ [ITEM]: '1' });
      expect((await inventory(bob.client)).inventory).toEqual({ [ITEM]: '2' });
      const rows = await t.handle.db.selectFrom('ledger').select(['amount', 'reason']).where('reason', '=', 'transfer').where('ref', '=', bob.uuid).execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses with the spec texts and moves nothing', async () => {
      const alice = await registerPlayer(t.app);
      const bob = await registerPlayer(t.app);
      await award({ uuid: alice.uuid, items: { [ITEM]: 2 }, awardId: randomUUID() });
      const send = (body: Record<string, unknown>) => alice.client.post('/api/inventory/transfer-onchain', body);
      const valid = { toPlayerUsername: bob.username, itemUuid: ITEM, quantity: 1 };
      for (const body of [{}, { ...valid, quantity: 0 }, { ...valid, quantity: 1.5 }, { ...valid, toPlayerUsername: '' }, { ...valid, itemUuid: '' }, { toPlayerUsername: bob.username, itemUuid: ITEM }]) {
        const r = await send(body);
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
        expect(r.json().error).toBe(ECONOMY_TEXT.transferIncomplete);
      }
      const tooMany = await send({ ...valid, quantity: 3 });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json()).toMatchObject({ error: 'You only have 2 of this item.' });
      const none = await send({ ...valid, itemUuid: ITEM_IDS.mythicalTicket });
      expect(none.json().error).toBe('You only have 0 of this item.');
      const self = await send({ ...valid, toPlayerUsername: alice.username });
      expect(self.statusCode).toBe(400);
      expect(self.json().error).toBe(ECONOMY_TEXT.transferToSelf);
      const ghost = await send({ ...valid, toPlayerUsername: 'nobody_by_that_name' });
      expect(ghost.statusCode).toBe(404);
      expect(ghost.json().error).toBe(ECONOMY_TEXT.recipientNotFound);
      const unknown = await send({ ...valid, itemUuid: randomUUID() });
      expect(unknown.statusCode).toBe(404);
      expect((await new Client(t.app).post('/api/inventory/transfer-onchain', valid)).statusCode).toBe(401);
      expect((await inventory(alice.client)).inventory).toEqual({ [ITEM]: '2' });
      expect((await inventory(bob.client)).inventory).toEqual({});
    });
  });

  describe('demo players', () => {
    it('seeds players with coins, items and levels, and a second run changes nothing', async () => {
      const first = await seedDemo(t.handle.db, 10);
      expect(first.map((p) => p.username)).toEqual(DEMO_PLAYERS.map((p) => p.username));
      expect(first.every((p) => p.created)).toBe(true);
      const ledgerBefore = await t.handle.db.selectFrom('ledger').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const second = await seedDemo(t.handle.db, 10);
      expect(second.map((p) => [p.created, p.tripcoins, p.level])).toEqual(first.map((p) => [false, p.tripcoins, p.level]));
      const ledgerAfter = await t.handle.db.selectFrom('ledger').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      expect(Number(ledgerAfter.n)).toBe(Number(ledgerBefore.n));
      const carol = first.find((p) => p.username === 'carol_demo')!;
      expect(carol.level).toBe(50);
      const login = new Client(t.app);
      const me = await login.post('/api/login', { username: 'alice_demo', password: 'demo-alice-pass', remember_me: true, turnstile_token: await solveBotCheck(t.app) });
      expect(me.statusCode).toBe(200);
      expect((await inventory(login)).tripcoins).toBe(5000);
      const listings = (await t.app.inject({ url: '/api/seaport/listings' })).json().listings as Array<{ seller_username: string }>;
      expect(listings.some((l) => l.seller_username === 'carol_demo')).toBe(true);
    });
  });
});
