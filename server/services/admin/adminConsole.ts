// The console's writes, each whole: the change, its audit row and what the player is told, in
// the route's transaction (server/routes/admin.ts owns it and the Idempotency-Key). Every write
// ends in settle(), the one place that records the audit entry and hands the notices on, so a
// change, its row and its notices commit together or not at all.
import { sql } from 'kysely';
import type { Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { notFound } from '../errors';
import { setCrateSupplyIn } from '../../jobs/crateSupply';
import { record, type AuditEntry } from './adminAudit';
import { setDropTable } from './adminCrates';
import { grantOrRemove, type GrantCaps } from './adminEconomy';
import { publishAdminNotices, type AdminNotice } from './adminNotices';
import * as players from './adminPlayers';
import type { CrateShop } from '../economy/crates';
import { returnToSellers } from '../economy/marketplace';
import { linkReversal, reverse } from '../economy/reversals';

/** Who writes, and the request it came in (kept in the audit row). */
export interface Actor { id: string; requestId: string }

/** Records the audit entry and sends the notices: every console write, once. */
async function settle(trx: Trx, actor: Actor, entry: Omit<AuditEntry, 'actorId' | 'requestId'>, notices: Array<{ userUuid: string; notice: AdminNotice }> = []): Promise<number> {
  const auditId = await record(trx, { ...entry, actorId: actor.id, requestId: actor.requestId });
  await publishAdminNotices(trx, notices);
  return auditId;
}

export async function revokeSessions(trx: Trx, actor: Actor, uuid: string, body: { reason: string; sessionId?: string | undefined }) {
  const message = await players.endSessions(trx, uuid, body.sessionId);
  const auditId = await settle(trx, actor, { action: body.sessionId ? 'session.revoke' : 'sessions.revokeAll', reason: body.reason, targetUserId: uuid, target: body.sessionId ?? null });
  return { ok: true as const, auditId, message };
}

export async function reversePosting(trx: Trx, actor: Actor, txId: string, body: { reason: string; playerMessage: string; partial: boolean }) {
  const id = txId.toLowerCase();
  const done = await reverse(trx, id, body.partial);
  const auditId = await settle(trx, actor, {
    action: body.partial ? 'posting.reversePartial' : 'posting.reverse', reason: body.reason,
    targetUserId: done.players[0] ?? null, target: id, details: { reversalTxId: done.reversalTxId, players: done.players },
  }, done.players.map((p) => ({ userUuid: p, notice: { kind: 'reversal', txId: id, reversalTxId: done.reversalTxId, partial: done.partial, message: body.playerMessage } })));
  await linkReversal(trx, id, done.reversalTxId, done.partial, auditId);
  return { ok: true as const, auditId, reversalTxId: done.reversalTxId, partial: done.partial, message: `Reversed${done.partial ? ' in part' : ''}: ${done.reversalTxId}` };
}

export async function grant(trx: Trx, actor: Actor, uuid: string, body: { reason: string; playerMessage: string; direction: 'grant' | 'remove'; asset: string; amount: string }, caps: GrantCaps) {
  const done = await grantOrRemove(trx, actor.id, uuid, body, caps);
  const auditId = await settle(trx, actor, {
    action: body.direction === 'grant' ? 'value.grant' : 'value.remove', reason: body.reason,
    targetUserId: uuid, target: done.txId, details: { asset: done.asset, amount: done.amount },
  }, [{ userUuid: uuid.toLowerCase(), notice: { kind: 'grant', direction: body.direction, asset: done.asset, assetName: done.assetName, amount: done.amount, message: body.playerMessage } }]);
  const verb = body.direction === 'grant' ? 'Granted' : 'Removed';
  return { ok: true as const, auditId, txId: done.txId, message: `${verb} ${done.amount} ${done.assetName} ${body.direction === 'grant' ? 'to' : 'from'} ${done.username}` };
}

export async function ban(trx: Trx, actor: Actor, uuid: string, reason: string, playerMessage: string) {
  const done = await players.ban(trx, uuid, actor.id, reason, playerMessage);
  const auditId = await settle(trx, actor, {
    action: 'player.ban', reason, targetUserId: uuid, details: { listingsCancelled: done.listingsCancelled, wagersCancelled: done.wagersCancelled },
  }, [{ userUuid: uuid.toLowerCase(), notice: { kind: 'ban', message: playerMessage } }]);
  return { ok: true as const, auditId, listingsCancelled: done.listingsCancelled, wagersCancelled: done.wagersCancelled, message: `${done.username} is banned` };
}

export async function unban(trx: Trx, actor: Actor, uuid: string, reason: string) {
  const done = await players.unban(trx, uuid);
  const auditId = await settle(trx, actor, { action: 'player.unban', reason, targetUserId: uuid, details: { previousReason: done.previousReason } });
  return { ok: true as const, auditId, message: `${done.username} is no longer banned` };
}

/** A shop's supply (the admin command's job); a SupplyError says why it was refused. */
export async function setSupply(trx: Trx, actor: Actor, shop: CrateShop, supply: number, reason: string) {
  const change = await setCrateSupplyIn(trx, shop, supply);
  const auditId = await settle(trx, actor, { action: 'crates.supply', reason, target: `crates-v${shop.version.id + 1}`, details: { ...change } });
  return { ok: true as const, auditId, before: change.before, after: change.after, sold: change.sold, remaining: change.remaining, message: `${change.version} supply: ${change.before} -> ${change.after}` };
}

export async function setDrops(trx: Trx, actor: Actor, shop: CrateShop, drops: Array<{ itemUuid: string; percent: number }>, reason: string) {
  const stored = await setDropTable(trx, shop.version.id, drops, actor.id);
  const auditId = await settle(trx, actor, { action: 'crates.drops', reason, target: `crates-v${shop.version.id + 1}`, details: { drops: stored } });
  return { ok: true as const, auditId, message: `${shop.version.name} drop table updated (${stored.length} items)` };
}

/** Cancels an active listing: its items go back to the seller, who is told. */
export async function cancelListing(trx: Trx, actor: Actor, listingId: string, reason: string, playerMessage: string) {
  const id = listingId.toLowerCase();
  const closed = await trx.updateTable('market_listings').set({ status: 'cancelled', closed_at: sql`now()` })
    .where('id', '=', id).where('status', '=', 'active').returning(['id', 'seller_id', 'item_uuid', 'quantity']).execute();
  const listing = closed[0];
  if (!listing) throw notFound('No active listing has this id');
  await returnToSellers(trx, closed, 'listing cancelled (admin)');
  const quantity = Number(toBigInt(listing.quantity));
  const itemName = players.assetName(listing.item_uuid);
  const auditId = await settle(trx, actor, { action: 'listing.cancel', reason, targetUserId: listing.seller_id, target: id },
    [{ userUuid: listing.seller_id, notice: { kind: 'listingCancelled', listingId: id, itemName, quantity, message: playerMessage } }]);
  return { ok: true as const, auditId, message: `Listing cancelled; ${quantity} × ${itemName} back to the seller` };
}
