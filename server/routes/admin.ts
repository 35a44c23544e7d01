// The studio's console API (contract/admin.ts, access 'admin'). Every write runs in the route
// layer's one transaction with its audit row (services/adminAudit.ts), so the change and the row
// commit together or not at all, and honours Idempotency-Key (server/route.ts). What the player
// is told goes through services/adminNotices.ts (wired to the live event stream at the merge).
import type { FastifyInstance } from 'fastify';
import * as api from '../../contract/admin';
import { CRATE_VERSIONS } from '../../contract/crates';
import { notFound } from '../errors';
import { setCrateSupplyIn, SupplyError } from '../jobs/crateSupply';
import { route } from '../route';
import { HttpError } from '../errors';
import { auditRows, record } from '../services/adminAudit';
import { percentsOf, setDropTable, tableInForce } from '../services/adminCrates';
import { economyOverview, grantOrRemove, runConservationCheck } from '../services/adminEconomy';
import { publishAdminNotices } from '../services/adminNotices';
import * as players from '../services/adminPlayers';
import { crateShops, crateStatus } from '../services/crates';
import { DEFAULT_DROP_TABLES, loadDropTables } from '../services/dropTables';
import { assetName } from '../services/adminPlayers';
import { returnToSellers } from '../services/marketplace';
import { linkReversal, reversalPlan, reverse } from '../services/reversals';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const shops = crateShops(config);
  const tables = loadDropTables(config.CRATE_DROP_TABLES ?? DEFAULT_DROP_TABLES);
  const shopOf = (version: string) => {
    const id = Number(version);
    const shop = shops.get(id);
    const table = tables.get(id);
    if (!shop || !table) throw notFound('No such crate shop');
    return { shop, table };
  };

  route(app, api.findPlayers, async ({ query }) => players.findPlayers(db, query.q));
  route(app, api.playerDetail, async ({ params }) => players.playerDetail(db, params.uuid));
  route(app, api.playerLedger, async ({ params, query }) => players.playerLedger(db, params.uuid, query.page, query.limit));
  route(app, api.auditLog, async ({ query }) => auditRows(db, query));
  route(app, api.listListings, async ({ query }) => players.activeListings(db, query));
  route(app, api.economyOverview, async ({ query }) => economyOverview(db, query.days));
  route(app, api.conservationCheck, async ({ reply }) => { reply.header('cache-control', 'no-store'); return runConservationCheck(db); });

  route(app, api.reversalPlan, async ({ params }) => {
    const { txId, reason, createdAt, legs, fullRefusal, partial, reversedBy } = await reversalPlan(db, params.txId);
    return { txId, reason, createdAt, legs, fullRefusal, partial, reversedBy };
  });

  route(app, api.revokeSessions, async ({ params, body, user, trx, request }) => {
    const message = await players.endSessions(trx, params.uuid, body.sessionId);
    const auditId = await record(trx, { actorId: user.id, action: body.sessionId ? 'session.revoke' : 'sessions.revokeAll', reason: body.reason, targetUserId: params.uuid, target: body.sessionId ?? null, requestId: request.id });
    return { ok: true as const, auditId, message };
  });

  route(app, api.reversePosting, async ({ params, body, user, trx, request }) => {
    const done = await reverse(trx, params.txId, body.partial);
    const auditId = await record(trx, {
      actorId: user.id, action: body.partial ? 'posting.reversePartial' : 'posting.reverse', reason: body.reason,
      targetUserId: done.players[0] ?? null, target: params.txId.toLowerCase(), requestId: request.id,
      details: { reversalTxId: done.reversalTxId, players: done.players },
    });
    await linkReversal(trx, params.txId, done.reversalTxId, done.partial, auditId);
    await publishAdminNotices(trx, done.players.map((p) => ({ userUuid: p, notice: { kind: 'reversal', txId: params.txId.toLowerCase(), reversalTxId: done.reversalTxId, partial: done.partial, reason: body.reason } })));
    return { ok: true as const, auditId, reversalTxId: done.reversalTxId, partial: done.partial, message: `Reversed${done.partial ? ' in part' : ''}: ${done.reversalTxId}` };
  });

  route(app, api.grantOrRemove, async ({ params, body, user, trx, request }) => {
    const done = await grantOrRemove(trx, params.uuid, body);
    const auditId = await record(trx, {
      actorId: user.id, action: body.direction === 'grant' ? 'value.grant' : 'value.remove', reason: body.reason,
      targetUserId: params.uuid, target: done.txId, requestId: request.id, details: { asset: done.asset, amount: done.amount },
    });
    await publishAdminNotices(trx, [{ userUuid: params.uuid.toLowerCase(), notice: { kind: 'grant', direction: body.direction, asset: done.asset, assetName: done.assetName, amount: done.amount, reason: body.reason } }]);
    const verb = body.direction === 'grant' ? 'Granted' : 'Removed';
    return { ok: true as const, auditId, txId: done.txId, message: `${verb} ${done.amount} ${done.assetName} ${body.direction === 'grant' ? 'to' : 'from'} ${done.username}` };
  });

  route(app, api.banPlayer, async ({ params, body, user, trx, request }) => {
    const done = await players.ban(trx, params.uuid, user.id, body.reason);
    const auditId = await record(trx, {
      actorId: user.id, action: 'player.ban', reason: body.reason, targetUserId: params.uuid, requestId: request.id,
      details: { listingsCancelled: done.listingsCancelled, wagersCancelled: done.wagersCancelled },
    });
    await publishAdminNotices(trx, [{ userUuid: params.uuid.toLowerCase(), notice: { kind: 'ban', reason: body.reason } }]);
    return { ok: true as const, auditId, listingsCancelled: done.listingsCancelled, wagersCancelled: done.wagersCancelled, message: `${done.username} is banned` };
  });

  route(app, api.unbanPlayer, async ({ params, body, user, trx, request }) => {
    const done = await players.unban(trx, params.uuid);
    const auditId = await record(trx, { actorId: user.id, action: 'player.unban', reason: body.reason, targetUserId: params.uuid, requestId: request.id, details: { previousReason: done.previousReason } });
    return { ok: true as const, auditId, message: `${done.username} is no longer banned` };
  });

  route(app, api.crateShops, async () => ({
    shops: await Promise.all(CRATE_VERSIONS.map(async (v) => {
      const { shop, table } = shopOf(String(v.id));
      const status = await crateStatus(db, shop, null);
      const inForce = await tableInForce(db, table);
      return {
        crateVersionId: v.id, name: v.name, crateItemUuid: v.crateItemUuid, totalSupply: status.totalSupply, remaining: status.remainingSupply,
        sold: status.totalSupply - status.remainingSupply, drops: percentsOf(inForce), dropsFrom: inForce.from,
      };
    })),
  }));

  route(app, api.setSupply, async ({ params, body, user, trx, request }) => {
    const { shop } = shopOf(params.version);
    let change;
    try {
      change = await setCrateSupplyIn(trx, shop, body.supply);
    } catch (error) {
      if (error instanceof SupplyError) throw new HttpError(409, error.message, 'SUPPLY_REFUSED');
      throw error;
    }
    const auditId = await record(trx, { actorId: user.id, action: 'crates.supply', reason: body.reason, target: `crates-v${shop.version.id + 1}`, requestId: request.id, details: { ...change } });
    return { ok: true as const, auditId, before: change.before, after: change.after, sold: change.sold, remaining: change.remaining, message: `${change.version} supply: ${change.before} -> ${change.after}` };
  });

  route(app, api.setDrops, async ({ params, body, user, trx, request }) => {
    const { shop } = shopOf(params.version);
    const stored = await setDropTable(trx, shop.version.id, body.drops, user.id);
    const auditId = await record(trx, { actorId: user.id, action: 'crates.drops', reason: body.reason, target: `crates-v${shop.version.id + 1}`, requestId: request.id, details: { drops: stored } });
    return { ok: true as const, auditId, message: `${shop.version.name} drop table updated (${stored.length} items)` };
  });

  route(app, api.cancelListing, async ({ params, body, user, trx, request }) => {
    const id = params.id.toLowerCase();
    const closed = await trx.updateTable('market_listings').set({ status: 'cancelled', closed_at: new Date() })
      .where('id', '=', id).where('status', '=', 'active').returning(['id', 'seller_id', 'item_uuid', 'quantity']).execute();
    const listing = closed[0];
    if (!listing) throw notFound('No active listing has this id');
    await returnToSellers(trx, closed, 'listing cancelled (admin)');
    const auditId = await record(trx, { actorId: user.id, action: 'listing.cancel', reason: body.reason, targetUserId: listing.seller_id, target: id, requestId: request.id });
    const quantity = Number(listing.quantity);
    await publishAdminNotices(trx, [{ userUuid: listing.seller_id, notice: { kind: 'listingCancelled', listingId: id, itemName: assetName(listing.item_uuid), quantity, reason: body.reason } }]);
    return { ok: true as const, auditId, message: `Listing cancelled; ${quantity} × ${assetName(listing.item_uuid)} back to the seller` };
  });
}
