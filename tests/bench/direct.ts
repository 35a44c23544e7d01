// The database's own limit for each money-moving endpoint: the same SQL transaction the route
// runs, issued directly by a pool of clients, with no HTTP, validation or sessions. The bench
// divides the endpoint's throughput by this (how much of the database's speed the API keeps).
//
// Adding one (for an endpoint flagged `movesValue` in contract/): key it `METHOD path` and
// call the service function the route calls, in the same transaction shape as server/route.ts:
// one transaction that claims a fresh key (`once`, as for the key every money call of the shell
// and the bench carries), runs the service, stores the answer and commits once; the listing's
// expiry check that the route runs first (`before`) is run first here too.
// `setup` runs once per client outside the timing and prepares `calls` operations (fund a
// player, create listings or wagers to act on); `run` is the client's i-th transaction and must
// succeed. Both sides are measured over the same number of calls from the same number of clients.
import { randomUUID } from 'node:crypto';
import { CRATE_VERSIONS } from '../../contract/crates';
import { BASE_SET_ITEMS } from '../../contract/items';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/createDb';
import { inTransaction, type Trx } from '../../server/db/tx';
import { awardOnce } from '../../server/services/economy/awards';
import * as coinflip from '../../server/services/economy/coinflip';
import * as crates from '../../server/services/economy/crates';
import { once as keyedOnce, requestHash } from '../../server/services/system/idempotency';
import { assertMayWager } from '../../server/services/accounts/age';
import { transferItems } from '../../server/services/economy/inventory';
import { MINT, moveCoins, moveItems, playerAccount } from '../../server/services/economy/ledger';
import * as market from '../../server/services/economy/marketplace';
import { tradeRulesOf } from '../../server/services/economy/tradeHolds';
import { z } from 'zod';
import { LISTING_PRICE_TC } from '../api/harness/examples/economy';
import { steadyRate } from './rate';

export interface DirectPlayer { uuid: string; username: string }

export interface DirectContext {
  db: Db;
  config: Config;
  /** A player of its own for this client, and another one to deal with. */
  player: DirectPlayer;
  other: DirectPlayer;
  /** What setup prepared for the run (listing ids, wager ids). */
  prepared: string[];
}

export interface DirectTransaction {
  setup(ctx: DirectContext, calls: number): Promise<void>;
  run(ctx: DirectContext, i: number): Promise<void>;
}

/** Endpoints the bench cannot repeat directly, and why (printed in the table). */
export const NOT_REPEATABLE: Record<string, string> = {
  'POST /api/claimTechnicalDifficulties': 'once per player by design: no repeatable direct transaction',
  'POST /api/mythicalBridgeFinalize': 'ends in a chain transaction (outbox): measured by tests/api/bridge.test.ts, not here',
};

const ITEM = BASE_SET_ITEMS[0]?.uuid ?? '';
const Anything = z.unknown();
const fund = (db: Db, uuid: string, hundredths: bigint) =>
  inTransaction(db, (trx) => moveCoins(trx, { from: MINT, to: playerAccount(uuid), amount: hundredths, reason: 'bench-setup' }));
const give = (db: Db, uuid: string, item: string, amount: bigint) =>
  inTransaction(db, (trx) => moveItems(trx, item, { from: MINT, to: playerAccount(uuid), amount, reason: 'bench-setup' }));
/** A money route's one transaction with the Idempotency-Key the shell always sends (server/route.ts). */
const once = (ctx: DirectContext, endpoint: string, work: (trx: Trx) => Promise<unknown>) =>
  inTransaction(ctx.db, (trx) => keyedOnce(trx, { scope: ctx.player.uuid, key: randomUUID(), endpoint, hash: requestHash({}) }, Anything, () => work(trx)));
const expire = async (ctx: DirectContext, id: string) => {
  const due = await market.listingDueToExpire(ctx.db, id);
  if (due) await inTransaction(ctx.db, (trx) => market.expireListing(trx, due));
};

/** Shops and drop tables, read once as the routes read them at start (not inside the timing). */
let shopsOf: { config: Config; setup: crates.CrateSetup } | undefined;
function catalogue(ctx: DirectContext) {
  if (shopsOf?.config !== ctx.config) {
    shopsOf = { config: ctx.config, setup: crates.crateSetup(ctx.config) };
  }
  return shopsOf.setup;
}
function crateShop(ctx: DirectContext, versionId: number) {
  const shop = catalogue(ctx).shops.get(versionId);
  if (!shop) throw new Error(`no crate shop ${versionId}`);
  return shop;
}
/** Tops the shop's supply up so the direct run never sells out (the API run has its own). */
const restock = (ctx: DirectContext, shop: crates.CrateShop, calls: number) =>
  inTransaction(ctx.db, (trx) => moveItems(trx, shop.version.crateItemUuid, { from: MINT, to: shop.account, amount: BigInt(calls), reason: 'bench-setup' }));

function crateBuy(versionId: number, path: string): DirectTransaction {
  return {
    setup: async (ctx, calls) => { await fund(ctx.db, ctx.player.uuid, 10_000_000_00n); await restock(ctx, crateShop(ctx, versionId), calls); },
    run: async (ctx) => { await once(ctx, `POST ${path}`, (trx) => crates.buyCrates(trx, crateShop(ctx, versionId), ctx.player.uuid, 1)); },
  };
}

export const DIRECT_TRANSACTIONS: Record<string, DirectTransaction> = {
  'POST /api/coinflip/create': {
    setup: async (ctx) => { await fund(ctx.db, ctx.player.uuid, 100_000_000_00n); },
    // As the route runs it: the wager's age check first, in the same transaction.
    run: async (ctx) => { await once(ctx, 'bench', async (trx) => { await assertMayWager(trx, ctx.player.uuid); return coinflip.createCoinflip(trx, ctx.player.uuid, 10_00n, 0); }); },
  },
  'POST /api/coinflip/:id/accept': {
    setup: async (ctx, calls) => {
      await fund(ctx.db, ctx.other.uuid, BigInt(calls) * 10_00n);
      await fund(ctx.db, ctx.player.uuid, BigInt(calls) * 10_00n);
      for (let i = 0; i < calls; i++) ctx.prepared.push((await inTransaction(ctx.db, (trx) => coinflip.createCoinflip(trx, ctx.other.uuid, 10_00n, 0))).game_id);
    },
    run: async (ctx, i) => { await once(ctx, 'bench', async (trx) => { await assertMayWager(trx, ctx.player.uuid); return coinflip.acceptCoinflip(trx, ctx.player.uuid, ctx.prepared[i] ?? ''); }); },
  },
  'POST /api/coinflip/:id/cancel': {
    setup: async (ctx, calls) => {
      await fund(ctx.db, ctx.player.uuid, BigInt(calls) * 10_00n);
      for (let i = 0; i < calls; i++) ctx.prepared.push((await inTransaction(ctx.db, (trx) => coinflip.createCoinflip(trx, ctx.player.uuid, 10_00n, 0))).game_id);
    },
    run: async (ctx, i) => { await once(ctx, 'bench', (trx) => coinflip.cancelCoinflip(trx, ctx.player.uuid, ctx.prepared[i] ?? '')); },
  },
  'POST /api/inventory/transfer-onchain': {
    setup: async (ctx, calls) => { await give(ctx.db, ctx.player.uuid, ITEM, BigInt(calls)); },
    run: async (ctx) => { await once(ctx, 'bench', (trx) => transferItems(trx, { id: ctx.player.uuid, username: ctx.player.username }, { toPlayerUsername: ctx.other.username, itemUuid: ITEM, quantity: 1 }, tradeRulesOf(ctx.config))); },
  },
  'POST /api/server/award': {
    setup: async () => undefined,
    // As the route runs it: the header's key and the awardId, both claimed in the one transaction.
    run: async (ctx) => { await once({ ...ctx, player: { ...ctx.player, uuid: 'game-server' } }, 'POST /api/server/award', (trx) => awardOnce(trx, { uuid: ctx.player.uuid, tripcoins: 1, awardId: `bench-${randomUUID()}` })); },
  },
  'POST /api/seaport/create-listing': {
    setup: async (ctx, calls) => { await give(ctx.db, ctx.player.uuid, ITEM, BigInt(calls)); },
    run: async (ctx) => {
      if (await market.anyListingExpired(ctx.db)) await inTransaction(ctx.db, (trx) => market.sweepExpired(trx));
      await once(ctx, 'bench', (trx) => market.createListing(trx, { id: ctx.player.uuid, username: ctx.player.username }, { itemUuid: ITEM, priceInTripCoins: LISTING_PRICE_TC, quantity: 1 }, tradeRulesOf(ctx.config)));
    },
  },
  'POST /api/seaport/cancel-listing': {
    setup: async (ctx, calls) => {
      await give(ctx.db, ctx.player.uuid, ITEM, BigInt(calls));
      for (let i = 0; i < calls; i++) {
        ctx.prepared.push((await inTransaction(ctx.db, (trx) => market.createListing(trx, { id: ctx.player.uuid, username: ctx.player.username }, { itemUuid: ITEM, priceInTripCoins: LISTING_PRICE_TC, quantity: 1 }, tradeRulesOf(ctx.config)))).order_id);
      }
    },
    run: async (ctx, i) => {
      const id = ctx.prepared[i] ?? '';
      await expire(ctx, id);
      await once(ctx, 'bench', (trx) => market.cancelListing(trx, ctx.player.uuid, id));
    },
  },
  'POST /api/seaport/buy-listing': {
    setup: async (ctx, calls) => {
      await give(ctx.db, ctx.other.uuid, ITEM, BigInt(calls));
      await fund(ctx.db, ctx.player.uuid, BigInt(calls) * BigInt(LISTING_PRICE_TC) * 1_00n);
      for (let i = 0; i < calls; i++) {
        ctx.prepared.push((await inTransaction(ctx.db, (trx) => market.createListing(trx, { id: ctx.other.uuid, username: ctx.other.username }, { itemUuid: ITEM, priceInTripCoins: LISTING_PRICE_TC, quantity: 1 }, tradeRulesOf(ctx.config)))).order_id);
      }
    },
    run: async (ctx, i) => {
      const id = ctx.prepared[i] ?? '';
      await expire(ctx, id);
      await once(ctx, 'POST /api/seaport/buy-listing', (trx) => market.buyListing(trx, ctx.player.uuid, id, tradeRulesOf(ctx.config)));
    },
  },
  'POST /api/crates/buy': crateBuy(0, '/api/crates/buy'),
  'POST /api/crates/buy/v2': crateBuy(1, '/api/crates/buy/v2'),
  'POST /api/crates/open': {
    setup: async (ctx, calls) => {
      const version = CRATE_VERSIONS[0];
      if (!version) throw new Error('no crate version');
      await give(ctx.db, ctx.player.uuid, version.crateItemUuid, BigInt(calls));
    },
    run: async (ctx) => {
      const table = catalogue(ctx).tables.get(0);
      if (!table) throw new Error('no drop table 0');
      await once(ctx, 'POST /api/crates/open', (trx) => crates.openCrate(trx, crateShop(ctx, 0), table, ctx.player.uuid));
    },
  },
};

/**
 * Runs `calls` transactions (split evenly) from the contexts' concurrent clients, after each
 * client's setup; transactions per second, read as the API's runs are (bench/rate.ts: from each
 * client's first transaction done to the last). `timing` hears when the timed part starts and
 * ends.
 */
export async function directThroughput(transaction: DirectTransaction, contexts: DirectContext[], calls: number, timing?: { started(): void; ended(): void }): Promise<number> {
  const share = Math.ceil(calls / contexts.length);
  for (const ctx of contexts) await transaction.setup(ctx, share);
  timing?.started();
  const started = performance.now();
  const doneAt: number[] = [];
  await Promise.all(contexts.map(async (ctx) => {
    for (let i = 0; i < share; i++) {
      await transaction.run(ctx, i);
      doneAt.push(performance.now());
    }
  }));
  timing?.ended();
  return steadyRate(started, doneAt, contexts.length);
}
