// The marketplace under the original product's seaport paths (spec part 2 §7), plus per-item
// price statistics for the shell's chart. Listings whose time is up give their items back before
// a request that touches them (`before`: committed whatever that request then answers).
import type { FastifyInstance } from 'fastify';
import { buyListing, cancelListing, createListing, listingDetail, listings, MARKET_TEXT, marketStats as marketStatsEndpoint, myListings } from '../../contract/marketplace';
import type { Executor, RunInTransaction } from '../db/tx';
import { route } from '../route';
import * as market from '../services/marketplace';
import { marketStats } from '../services/marketStats';

type Housekeeping = { db: Executor; transaction: RunInTransaction };
const sweep = async ({ db, transaction }: Housekeeping) => { await market.sweepExpired(db, transaction); };
const expire = (id: string, { db, transaction }: Housekeeping) => market.expireListingIfDue(db, transaction, id);

export async function marketplaceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  route(app, createListing, async ({ body, user, trx }) => ({ message: MARKET_TEXT.listed, listing: await market.createListing(trx, user, body) }), { before: sweep });

  route(app, listings, async ({ query, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return market.activeListings(db, request.user?.id ?? null, query);
  }, { before: sweep });

  route(app, listingDetail, async ({ params, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return market.listingDetail(db, request.user?.id ?? null, params.id);
  }, { before: (ctx) => expire(ctx.params.id, ctx) });

  route(app, cancelListing, async ({ body, user, trx }) => {
    await market.cancelListing(trx, user.id, body.orderId);
    return { message: MARKET_TEXT.cancelled };
  }, { before: (ctx) => expire(ctx.body.orderId, ctx) });

  route(app, buyListing, async ({ body, user, trx }) => market.buyListing(trx, user.id, body.orderId), { before: (ctx) => expire(ctx.body.orderId, ctx) });

  route(app, marketStatsEndpoint, async ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    return marketStats(db, query.itemUuid);
  });

  route(app, myListings, async ({ query, user, reply }) => {
    reply.header('cache-control', 'no-store');
    return market.sellerListings(db, user.id, query);
  }, { before: sweep });
}
