// The database's own limit for each money-moving endpoint: the same SQL transaction the route
// runs, issued directly by a pool of clients, with no HTTP, validation or sessions. The bench
// divides the endpoint's throughput by this (how much of the database's speed the API keeps).
//
// Adding one (for an endpoint flagged `movesValue` in contract/): key it `METHOD path` and
// call the service function the route calls, in the same transaction shape. `setup` runs once
// per client outside the timing (fund a player, create something to act on); `run` is one
// transaction, repeated for as long as the measurement lasts, and must succeed each time.
import { randomUUID } from 'node:crypto';
import { BASE_SET_ITEMS } from '../../contract/items';
import type { Db } from '../../server/db/createDb';
import { inTransaction } from '../../server/db/tx';
import { grantAward } from '../../server/services/awards';
import * as coinflip from '../../server/services/coinflip';
import { transferItems } from '../../server/services/inventory';
import { MINT, moveCoins, moveItems, playerAccount } from '../../server/services/ledger';

export interface DirectPlayer { uuid: string; username: string }

export interface DirectContext {
  db: Db;
  /** A player of its own for this client, and another one to deal with. */
  player: DirectPlayer;
  other: DirectPlayer;
}

export interface DirectTransaction {
  setup(ctx: DirectContext): Promise<void>;
  run(ctx: DirectContext): Promise<void>;
}

const ITEM = BASE_SET_ITEMS[0]?.uuid ?? '';
const fund = (ctx: DirectContext, hundredths: bigint) =>
  inTransaction(ctx.db, (trx) => moveCoins(trx, { from: MINT, to: playerAccount(ctx.player.uuid), amount: hundredths, reason: 'bench-setup' }));

export const DIRECT_TRANSACTIONS: Record<string, DirectTransaction> = {
  'POST /api/coinflip/create': {
    setup: async (ctx) => { await fund(ctx, 100_000_000_00n); },
    run: async (ctx) => { await inTransaction(ctx.db, (trx) => coinflip.createCoinflip(trx, ctx.player.uuid, 10_00n, 0)); },
  },
  'POST /api/inventory/transfer-onchain': {
    setup: (ctx) => inTransaction(ctx.db, (trx) => moveItems(trx, ITEM, { from: MINT, to: playerAccount(ctx.player.uuid), amount: 1_000_000n, reason: 'bench-setup' })).then(() => undefined),
    run: (ctx) => inTransaction(ctx.db, (trx) => transferItems(trx, { id: ctx.player.uuid }, { toPlayerUsername: ctx.other.username, itemUuid: ITEM, quantity: 1 })),
  },
  'POST /api/server/award': {
    setup: async () => undefined,
    run: async (ctx) => { await grantAward(ctx.db, { uuid: ctx.player.uuid, tripcoins: 1, awardId: `bench-${randomUUID()}` }); },
  },
};

/** Runs `transaction` from `clients` concurrent loops for `seconds`; transactions per second. */
export async function directThroughput(transaction: DirectTransaction, contexts: DirectContext[], seconds: number): Promise<number> {
  for (const ctx of contexts) await transaction.setup(ctx);
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const started = Date.now();
  await Promise.all(contexts.map(async (ctx) => {
    while (Date.now() < deadline) { await transaction.run(ctx); done += 1; }
  }));
  return done / ((Date.now() - started) / 1000);
}
