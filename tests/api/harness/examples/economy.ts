// Valid calls of the economy endpoints that need coins, items or an existing game or listing.
import { randomUUID } from 'node:crypto';
import { BASE_SET_ITEMS, ITEM_IDS } from '../../../../contract/items';
import { LISTING_DURATION_DAYS } from '../../../../contract/marketplace';
import type { Actor } from '../actors';
import type { Example, ExampleContext } from '../examples';
import { api, counterpartOf, fundCoins, fundItems } from '../setup';

const TRADED_ITEM = BASE_SET_ITEMS[0]?.uuid ?? ITEM_IDS.baseSetCrate;
/** The price every example listing asks (TripCoins): one price, so the listings of a run never
 * fall outside the price band their own sales make (the bench's direct runs list at it too). */
export const LISTING_PRICE_TC = 5;
const retrySafe = () => ({ 'idempotency-key': randomUUID() });

/** An open coin flip offered by `creator` (funded for the stake first). */
async function openFlip(ctx: ExampleContext, creator: Actor): Promise<string> {
  await fundCoins(ctx.db, creator, 100_00n);
  const game = await api<{ game_id: string }>(ctx, creator, 'POST', '/api/coinflip/create', { wager_amount: 10, choice: 0 });
  return game.game_id;
}

/** An active listing of one item by `seller` (given the item first). */
async function listing(ctx: ExampleContext, seller: Actor): Promise<string> {
  await fundItems(ctx.db, seller, TRADED_ITEM, 1n);
  const answer = await api<{ listing: { order_id: string } }>(ctx, seller, 'POST', '/api/seaport/create-listing', {
    itemUuid: TRADED_ITEM, priceInTripCoins: LISTING_PRICE_TC, quantity: 1, durationDays: LISTING_DURATION_DAYS,
  });
  return answer.listing.order_id;
}

export const ECONOMY_EXAMPLES: Record<string, Example> = {
  // An item's picture: the uuid is a catalogue item, nobody's property.
  'GET /api/itemv4/:uuid/sprite': { call: () => ({ params: { uuid: ITEM_IDS.baseSetCrate } }), ownerParams: [] },

  'POST /api/coinflip/create': {
    async call(ctx) { await fundCoins(ctx.db, ctx.owner, 100_00n); return { body: { wager_amount: 10, choice: 0 } }; },
  },
  'GET /api/coinflip/:id': { async call(ctx) { return { params: { id: await openFlip(ctx, ctx.owner) } }; }, ownership: 'anyone' },
  'POST /api/coinflip/:id/cancel': { async call(ctx) { return { params: { id: await openFlip(ctx, ctx.owner) }, body: {} }; }, ownership: 'owner-only' },
  // Anyone but its creator may take up a wager (the taker is funded too).
  'POST /api/coinflip/:id/accept': {
    async call(ctx) {
      const id = await openFlip(ctx, ctx.owner);
      if (ctx.caller) await fundCoins(ctx.db, ctx.caller, 100_00n);
      return { params: { id }, body: {} };
    },
    ownership: 'anyone',
  },

  'POST /api/seaport/create-listing': {
    async call(ctx) {
      await fundItems(ctx.db, ctx.owner, TRADED_ITEM, 1n);
      return { body: { itemUuid: TRADED_ITEM, priceInTripCoins: LISTING_PRICE_TC, quantity: 1, durationDays: LISTING_DURATION_DAYS } };
    },
  },
  'GET /api/marketplace/listing/:id': { async call(ctx) { return { params: { id: await listing(ctx, ctx.owner) } }; }, ownership: 'anyone' },
  'POST /api/seaport/cancel-listing': { async call(ctx) { return { body: { orderId: await listing(ctx, ctx.owner) } }; } },
  // The caller buys a listing of the owner's counterpart (funded first).
  'POST /api/seaport/buy-listing': {
    async call(ctx) {
      const orderId = await listing(ctx, await counterpartOf(ctx));
      await fundCoins(ctx.db, ctx.caller ?? ctx.owner, 100_00n);
      return { body: { orderId }, headers: retrySafe() };
    },
  },

  'POST /api/inventory/transfer-onchain': {
    async call(ctx) {
      await fundItems(ctx.db, ctx.owner, TRADED_ITEM, 1n);
      return { body: { toPlayerUsername: (await counterpartOf(ctx)).username, itemUuid: TRADED_ITEM, quantity: 1 } };
    },
  },
  'POST /api/server/award': { call: (ctx) => ({ body: { uuid: ctx.owner.uuid, tripcoins: 1, awardId: `harness-${randomUUID()}` } }) },

  'POST /api/crates/buy': {
    async call(ctx) { await fundCoins(ctx.db, ctx.owner, 10_000_00n); return { body: { quantity: 1 }, headers: retrySafe() }; },
  },
  'POST /api/crates/buy/v2': {
    async call(ctx) { await fundCoins(ctx.db, ctx.owner, 10_000_00n); return { body: { quantity: 1 }, headers: retrySafe() }; },
  },
  'POST /api/crates/open': {
    async call(ctx) { await fundItems(ctx.db, ctx.owner, ITEM_IDS.baseSetCrate, 1n); return { body: {}, headers: retrySafe() }; },
  },
};
