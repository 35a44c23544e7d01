// The marketplace under the original product's seaport paths, plus per-item
// price statistics for the shell's chart. Listings whose time is up give their items back before
// a request that touches them (`before`: committed whatever that request then answers).
import type { FastifyInstance } from 'fastify';
import { buyListing, cancelListing, createListing, listingDetail, listings, MARKET_TEXT, marketStats as marketStatsEndpoint, myListings } from '../../contract/marketplace';
import type { Executor, RunInTransaction } from '../db/tx';
import { constantAnswer, route } from '../route';
import { firstListingEnd } from '../services/economy/listingsCache';
import * as market from '../services/economy/marketplace';
import { marketStats } from '../services/economy/marketStats';
import { tradeRulesOf } from '../services/economy/tradeHolds';
import { notingRefusals, recordRefusals } from '../http/tradeRefusals';

type Housekeeping = { db: Executor; transaction: RunInTransaction };
/** Housekeeping's transactions are opened here, and only when a listing is due. */
const sweep = async ({ db, transaction }: Housekeeping) => {
  if (await market.anyListingExpired(db)) await transaction((trx) => market.sweepExpired(trx));
};
const expire = async (id: string, { db, transaction }: Housekeeping) => {
  const due = await market.listingDueToExpire(db, id);
  if (due) await transaction((trx) => market.expireListing(trx, due));
};

export async function marketplaceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const rules = tradeRulesOf(app.config);
  recordRefusals(app, db);

  route(app, createListing, async ({ body, user, trx, request }) => ({
    message: MARKET_TEXT.listed, listing: await notingRefusals(request, () => market.createListing(trx, user, body, rules)),
  }), { before: sweep, trustedAnswer: true });

  // Pages of listings kept between changes (app.listings, services/economy/listingsCache.ts,
  // listening from plugins/listeners.ts); the expiry sweep's query only when a listing may be due.
  const pages = app.listings;
  const readPage = (query: market.ListingsQuery) => async () => {
    const [answer, firstEnd] = await Promise.all([market.activeListings(db, null, query), firstListingEnd(db)]);
    return { answer: constantAnswer(answer), firstEnd };
  };
  route(app, listings, async ({ query, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return pages.page(request.user?.id ?? null, query, readPage(query));
  }, { before: (ctx) => (pages.nothingDue() ? Promise.resolve() : sweep(ctx)), trustedAnswer: true });

  route(app, listingDetail, async ({ params, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return market.listingDetail(db, request.user?.id ?? null, params.id);
  }, { before: (ctx) => expire(ctx.params.id, ctx) });

  route(app, cancelListing, async ({ body, user, trx }) => {
    await market.cancelListing(trx, user.id, body.orderId);
    return { message: MARKET_TEXT.cancelled };
  }, { before: (ctx) => expire(ctx.body.orderId, ctx), trustedAnswer: true });

  route(app, buyListing, async ({ body, user, trx, request }) => notingRefusals(request, () => market.buyListing(trx, user.id, body.orderId, rules)), { before: (ctx) => expire(ctx.body.orderId, ctx), trustedAnswer: true });

  route(app, marketStatsEndpoint, async ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    return marketStats(db, query.itemUuid);
  });

  route(app, myListings, async ({ query, user, reply }) => {
    reply.header('cache-control', 'no-store');
    return market.sellerListings(db, user.id, query);
  }, { before: sweep });
}
