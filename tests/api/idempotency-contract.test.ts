// Idempotency belongs to the contract: every endpoint marked `movesValue`
// honours Idempotency-Key through the one route layer. For each of them: the same key twice
// has one effect (the retry gets the first answer and writes nothing), and the same key on a
// different request is refused the same way everywhere (409, one error text), writing nothing.
// The bridge (which needs a chain) has the same checks in tests/api/bridge.test.ts.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../contract/endpoints';
import { BASE_SET_ITEMS, ITEM_IDS } from '../../contract/items';
import { setAdmin } from '../../server/jobs/adminRole';
import { inTransaction } from '../../server/db/tx';
import { moveCoins, playerAccount } from '../../server/services/economy/ledger';
import { grantPurchase, reversePurchase } from '../../server/services/purchases/ledger';
import { KEY_REUSED } from '../../server/services/system/idempotency';
import { changeMark, changesSince, installChangeLog } from './harness/snapshot';
import { reauthenticate, registerPlayer, registerPlayerWith, startApp, testConfig, testDatabases, type TestApp } from './helpers';

type Player = Awaited<ReturnType<typeof registerPlayerWith>>;
/** Sends the case's request (variant 0) or a different one (variant 1) with `key`. */
type Send = (key: Record<string, string>, variant: 0 | 1) => Promise<LightMyRequestResponse>;

const GAME = { authorization: `Bearer ${testConfig().GAME_SERVER_KEY}` };
const ITEM = BASE_SET_ITEMS[3]!.uuid;
const COVERED_ELSEWHERE: Record<string, string> = { 'POST /api/mythicalBridgeFinalize': 'tests/api/bridge.test.ts (needs the local chain)' };

describe.each(testDatabases())('Idempotency-Key on every movesValue endpoint on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); await installChangeLog(t.handle.db); });
  afterAll(async () => { await t.close(); });

  const player = (kit: { tripcoins?: number; items?: Record<string, number> } = {}): Promise<Player> => registerPlayerWith(t.app, kit);
  async function anAdmin(): Promise<Player> {
    const p = await registerPlayer(t.app);
    await setAdmin(t.handle.db, p.username, true);
    t.app.sessions.clear();
    await reauthenticate(p);
    return p;
  }
  /** A TripCoin pack bought on the web by this player (as a checked webhook would grant it). */
  async function bought(uuid: string): Promise<{ purchaseId: string; providerPurchaseId: string }> {
    const providerPurchaseId = `cs_${randomUUID()}`;
    const r = await inTransaction(t.handle.db, (trx) => grantPurchase(trx, t.app.products, { host: 'web', providerPurchaseId, userId: uuid, productId: 'tc-500', needsConsume: false }));
    return { purchaseId: r.grant.purchaseId, providerPurchaseId };
  }
  const listing = async (p: Player, price = 10) => (await p.client.post('/api/seaport/create-listing', { itemUuid: ITEM, priceInTripCoins: price, quantity: 1, durationDays: 30 })).json().listing.order_id as string;
  const wager = async (p: Player) => (await p.client.post('/api/coinflip/create', { wager_amount: 10, choice: 0 })).json().game_id as string;

  const CASES: Record<string, () => Promise<Send>> = {
    'POST /api/inventory/transfer-onchain': async () => {
      const [a, b] = [await player({ items: { [ITEM]: 5 } }), await player()];
      return (key, v) => a.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: b.username, itemUuid: ITEM, quantity: v + 1 }, key);
    },
    'POST /api/server/award': async () => {
      const a = await player();
      const awardIds = [randomUUID(), randomUUID()];
      return (key, v) => t.app.inject({ method: 'POST', url: '/api/server/award', headers: { ...GAME, ...key }, payload: { uuid: a.uuid, tripcoins: 5, awardId: awardIds[v] } });
    },
    'POST /api/seaport/create-listing': async () => {
      const a = await player({ items: { [ITEM]: 3 } });
      return (key, v) => a.client.post('/api/seaport/create-listing', { itemUuid: ITEM, priceInTripCoins: 10 + v, quantity: 1, durationDays: 30 }, key);
    },
    'POST /api/seaport/cancel-listing': async () => {
      const a = await player({ items: { [ITEM]: 2 } });
      const ids = [await listing(a), await listing(a)];
      return (key, v) => a.client.post('/api/seaport/cancel-listing', { orderId: ids[v] }, key);
    },
    'POST /api/seaport/buy-listing': async () => {
      const [seller, buyer] = [await player({ items: { [ITEM]: 2 } }), await player({ tripcoins: 100 })];
      const ids = [await listing(seller), await listing(seller)];
      return (key, v) => buyer.client.post('/api/seaport/buy-listing', { orderId: ids[v] }, key);
    },
    'POST /api/coinflip/create': async () => {
      const a = await player({ tripcoins: 100 });
      return (key, v) => a.client.post('/api/coinflip/create', { wager_amount: 10, choice: v }, key);
    },
    'POST /api/coinflip/:id/accept': async () => {
      const [creator, acceptor] = [await player({ tripcoins: 100 }), await player({ tripcoins: 100 })];
      const ids = [await wager(creator), await wager(creator)];
      return (key, v) => acceptor.client.post(`/api/coinflip/${ids[v]}/accept`, undefined, key);
    },
    'POST /api/coinflip/:id/cancel': async () => {
      const creator = await player({ tripcoins: 100 });
      const ids = [await wager(creator), await wager(creator)];
      return (key, v) => creator.client.post(`/api/coinflip/${ids[v]}/cancel`, undefined, key);
    },
    'POST /api/crates/buy': async () => {
      const a = await player({ tripcoins: 1000 });
      return (key, v) => a.client.post('/api/crates/buy', { quantity: v + 1 }, key);
    },
    'POST /api/crates/buy/v2': async () => {
      const a = await player({ tripcoins: 1000 });
      return (key, v) => a.client.post('/api/crates/buy/v2', { quantity: v + 1 }, key);
    },
    'POST /api/crates/open': async () => {
      const a = await player({ items: { [ITEM_IDS.baseSetCrate]: 3, [ITEM_IDS.baseSetIICrate]: 3 } });
      return (key, v) => a.client.post('/api/crates/open', { crateVersionId: v }, key);
    },
    'POST /api/admin/players/:uuid/grant': async () => {
      const [admin, a] = [await anAdmin(), await player()];
      return (key, v) => admin.client.post(`/api/admin/players/${a.uuid}/grant`, { reason: 'compensation', direction: 'grant', asset: 'TC', amount: String(5 + v) }, key);
    },
    'POST /api/admin/players/:uuid/ban': async () => {
      const [admin, a, b] = [await anAdmin(), await player(), await player()];
      return (key, v) => admin.client.post(`/api/admin/players/${[a, b][v]!.uuid}/ban`, { reason: 'cheating' }, key);
    },
    'POST /api/admin/players/:uuid/delete': async () => {
      const [admin, a, b] = [await anAdmin(), await player({ tripcoins: 20 }), await player({ tripcoins: 20 })];
      return (key, v) => admin.client.post(`/api/admin/players/${[a, b][v]!.uuid}/delete`, { reason: 'asked support to delete it' }, key);
    },
    'POST /api/admin/postings/:txId/reverse': async () => {
      const [admin, a] = [await anAdmin(), await player({ tripcoins: 1000 })];
      for (const q of [1, 2]) await a.client.post('/api/crates/buy', { quantity: q }, { 'idempotency-key': randomUUID() });
      const rows = await t.handle.db.selectFrom('ledger').select('tx_id').where('reason', '=', 'crate purchase').where('to_account', '=', `player:${a.uuid}`).orderBy('id').execute();
      return (key, v) => admin.client.post(`/api/admin/postings/${rows[v]!.tx_id}/reverse`, { reason: 'wrong crate' }, key);
    },
    'POST /api/admin/crates/:version/supply': async () => {
      const admin = await anAdmin();
      const total = (await admin.client.get('/api/admin/crates')).json().shops[0].totalSupply as number;
      return (key, v) => admin.client.post('/api/admin/crates/0/supply', { reason: 'restock', supply: total + 5 + v }, key);
    },
    'POST /api/admin/listings/:id/cancel': async () => {
      const [admin, a] = [await anAdmin(), await player({ items: { [ITEM]: 2 } })];
      const ids = [await listing(a), await listing(a)];
      return (key, v) => admin.client.post(`/api/admin/listings/${ids[v]}/cancel`, { reason: 'offensive' }, key);
    },
    'POST /api/admin/purchases/:id/reverse': async () => {
      const [admin, a] = [await anAdmin(), await player()];
      const ids = await Promise.all([0, 1].map(async () => (await bought(a.uuid)).purchaseId));
      return (key, v) => admin.client.post(`/api/admin/purchases/${ids[v]}/reverse`, { reason: 'refund by mail' }, key);
    },
    'POST /api/admin/players/:uuid/forgive-debt': async () => {
      const [admin, a, b, sink] = [await anAdmin(), await player(), await player(), await player()];
      for (const p of [a, b]) {
        const { providerPurchaseId } = await bought(p.uuid);
        await inTransaction(t.handle.db, (trx) => moveCoins(trx, { from: playerAccount(p.uuid), to: playerAccount(sink.uuid), amount: 10_000n, reason: 'test spend' }));
        await inTransaction(t.handle.db, (trx) => reversePurchase(trx, 'web', providerPurchaseId, 'refund'));
      }
      return (key, v) => admin.client.post(`/api/admin/players/${[a, b][v]!.uuid}/forgive-debt`, { reason: 'goodwill' }, key);
    },
    'POST /api/claimTechnicalDifficulties': async () => {
      const a = await player();
      return (key, v) => a.client.post('/api/claimTechnicalDifficulties', v ? { again: true } : undefined, key);
    },
  };

  it('has a case for every endpoint the contract marks movesValue', () => {
    const moving = ALL_ENDPOINTS.filter((e) => e.movesValue).map((e) => `${e.method} ${e.path}`).sort();
    expect([...Object.keys(CASES), ...Object.keys(COVERED_ELSEWHERE)].sort()).toEqual(moving);
  });

  it.each(Object.keys(CASES))('%s: one effect per key, the retry gets the first answer, another request with the key gets 409', async (name) => {
    const send = await CASES[name]!();
    const key = { 'idempotency-key': `idem-${randomUUID()}` };
    let mark = await changeMark(t.handle.db);
    const first = await send(key, 0);
    expect(first.statusCode, first.body).toBe(200);
    expect((await changesSince(t.handle.db, mark)).length).toBeGreaterThan(0);

    mark = await changeMark(t.handle.db);
    const retry = await send(key, 0);
    expect([retry.statusCode, retry.body]).toEqual([200, first.body]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await changesSince(t.handle.db, mark)).toEqual([]);

    const other = await send(key, 1);
    expect([other.statusCode, other.json()]).toEqual([409, { error: KEY_REUSED, detail: KEY_REUSED, code: 'IDEMPOTENCY_KEY_REUSED' }]);
    expect(await changesSince(t.handle.db, mark)).toEqual([]);

    // Without a key, or with a fresh one, the other request runs as usual.
    expect((await send({ 'idempotency-key': `idem-${randomUUID()}` }, 1)).statusCode).toBeLessThan(500);
  });

  it('a burst of concurrent retries with one key: one effect, every answer the first one', async () => {
    const [a, b] = [await player({ items: { [ITEM]: 10 } }), await player()];
    const key = { 'idempotency-key': `burst-${randomUUID()}` };
    const answers = await Promise.all(Array.from({ length: 6 }, () => a.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: b.username, itemUuid: ITEM, quantity: 1 }, key)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    const inventory = (await b.client.get('/api/getBaseInventory')).json() as { inventory: Record<string, string | number> };
    expect(Number(inventory.inventory[ITEM])).toBe(1);
  });

  it('refuses a malformed key on every movesValue endpoint before running anything', async () => {
    const send = await CASES['POST /api/crates/buy']!();
    const mark = await changeMark(t.handle.db);
    const r = await send({ 'idempotency-key': 'no spaces allowed' }, 0);
    expect([r.statusCode, r.json().code]).toEqual([400, 'INVALID_IDEMPOTENCY_KEY']);
    expect(await changesSince(t.handle.db, mark)).toEqual([]);
  });
});
