// The marketplace under the original product's seaport paths (spec part 2 §7), plus per-item
// price statistics for the shell's chart.
import type { FastifyInstance } from 'fastify';
import { buyListing, cancelListing, createListing, listingDetail, listings, MARKET_TEXT, marketStats } from '../../contract/marketplace';
import { inTransaction } from '../db/tx';
import { route } from '../route';
import * as market from '../services/marketplace';

export async function marketplaceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  route(app, createListing, async ({ body, user }) => {
    await market.sweepExpired(db);
    const listing = await inTransaction(db, (trx) => market.createListing(trx, user, body));
    return { message: MARKET_TEXT.listed, listing };
  });

  route(app, listings, async ({ query, request, reply }) => {
    await market.sweepExpired(db);
    reply.header('cache-control', 'no-store');
    return market.activeListings(db, request.user?.id ?? null, query);
  });

  route(app, listingDetail, async ({ params, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return market.listingDetail(db, request.user?.id ?? null, params.id);
  });

  route(app, cancelListing, async ({ body, user }) => {
    const id = await market.prepareListing(db, body.orderId);
    await inTransaction(db, (trx) => market.cancelListing(trx, user.id, id));
    return { message: MARKET_TEXT.cancelled };
  });

  route(app, buyListing, async ({ body, user }) => {
    const id = await market.prepareListing(db, body.orderId);
    return inTransaction(db, (trx) => market.buyListing(trx, user.id, id));
  });

  route(app, marketStats, async ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    return market.marketStats(db, query.itemUuid);
  });
}
