// The console's view of one player (find, detail, ledger history) and what it does to them
// (sessions ended, ban and unban). Reads take the pool or the route's transaction; writes take
// the route's transaction (the audit row is the caller's: server/services/admin/adminConsole.ts).
import { sql } from 'kysely';
import { ADMIN_TEXT } from '../../../contract/admin';
import { hundredthsToNumber } from '../../../contract/money';
import type { Executor, Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { conflict, forbidden, notFound } from '../errors';
import { catalogueItem } from '../economy/catalogue';
import { escapeLike } from '../economy/inventory';
import { COINS, playerAccount, post } from '../economy/ledger';
import { escrowOf } from '../economy/marketplace';
import { escrowOfGame } from '../economy/coinflip';
import { revokeAllSessions, revokeSession } from '../accounts/sessions';
import { marketChanged } from '../economy/listingsCache';
import { leaderboardsChanged } from '../leaderboards/leaderboards';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const assetName = (asset: string) => (asset === COINS ? 'TC' : catalogueItem(asset)?.name ?? asset);

const summaryColumns = ['id', 'username', 'is_admin', 'discord_id', 'crazygames_id', 'created_at', 'banned_at'] as const;
type SummaryRow = { id: string; username: string; is_admin: boolean; discord_id: string | null; crazygames_id: string | null; created_at: Date | string; banned_at: Date | string | null };
const summary = (r: SummaryRow) => ({
  uuid: r.id, username: r.username, isAdmin: r.is_admin, discordId: r.discord_id, crazygamesId: r.crazygames_id,
  createdAt: new Date(r.created_at).toISOString(), bannedAt: iso(r.banned_at),
});

/** By uuid, Discord id or portal id exactly, or by name (case-insensitive prefix). */
export async function findPlayers(db: Executor, q: string) {
  const rows = await db.selectFrom('users').select(summaryColumns).where((eb) => eb.or([
    eb('username_lower', 'like', `${escapeLike(q.toLowerCase())}%`),
    eb('discord_id', '=', q), eb('crazygames_id', '=', q),
    ...(GUID.test(q) ? [eb('id', '=', q.toLowerCase())] : []),
  ])).orderBy('username_lower').limit(25).execute();
  return { players: rows.map(summary) };
}

export async function mustFindPlayer(db: Executor, uuid: string) {
  const row = await db.selectFrom('users').selectAll().where('id', '=', uuid.toLowerCase()).executeTakeFirst();
  if (!row) throw notFound(ADMIN_TEXT.notFound);
  return row;
}

export async function playerDetail(db: Executor, uuid: string) {
  const u = await mustFindPlayer(db, uuid);
  const account = playerAccount(u.id);
  const [coins, items, listings, wagers, clan, wallets, sessions] = await Promise.all([
    db.selectFrom('coin_balances').select('balance').where('account_id', '=', account).executeTakeFirst(),
    db.selectFrom('item_holdings').select(['item_uuid', 'quantity']).where('account_id', '=', account).where('quantity', '>', 0).execute(),
    activeListings(db, { seller: u.id, page: 1, limit: 100 }),
    db.selectFrom('coinflip_games').select(['id', 'wager', 'status', 'created_at']).where('creator_id', '=', u.id).where('status', '=', 'open').orderBy('created_at', 'desc').execute(),
    db.selectFrom('clan_members').innerJoin('clans', 'clans.id', 'clan_members.clan_id').select(['clans.id', 'clans.name', 'clans.tag', 'clan_members.role'])
      .where('clan_members.user_id', '=', u.id).where('clans.disbanded_at', 'is', null).executeTakeFirst(),
    db.selectFrom('wallets').select('address').where('user_id', '=', u.id).execute(),
    db.selectFrom('sessions').selectAll().where('user_id', '=', u.id).orderBy('created_at', 'desc').limit(50).execute(),
  ]);
  return {
    player: { ...summary(u), lastLoginAt: iso(u.last_login_at), banReason: u.ban_reason, discordUsername: u.discord_username },
    coins: hundredthsToNumber(toBigInt(coins?.balance)),
    items: items.map((i) => ({ itemUuid: i.item_uuid, name: assetName(i.item_uuid), quantity: Number(toBigInt(i.quantity)) })),
    listings: listings.listings,
    wagers: wagers.map((w) => ({ id: w.id, wager: hundredthsToNumber(toBigInt(w.wager)), status: w.status, createdAt: new Date(w.created_at).toISOString() })),
    clan: clan ? { id: clan.id, name: clan.name, tag: clan.tag, role: clan.role } : null,
    wallets: wallets.map((w) => w.address),
    sessions: sessions.map((s) => ({
      id: s.id, createdAt: new Date(s.created_at).toISOString(), lastSeenAt: new Date(s.last_seen_at).toISOString(),
      expiresAt: new Date(s.expires_at).toISOString(), revokedAt: iso(s.revoked_at), userAgent: s.user_agent, ip: s.ip,
    })),
  };
}

export async function activeListings(db: Executor, wanted: { seller?: string | undefined; page: number; limit: number }) {
  let q = db.selectFrom('market_listings').innerJoin('users', 'users.id', 'market_listings.seller_id')
    .select(['market_listings.id', 'seller_id', 'users.username', 'item_uuid', 'quantity', 'price', 'status', 'market_listings.created_at', 'end_time'])
    .where('status', '=', 'active');
  if (wanted.seller) q = q.where('seller_id', '=', wanted.seller.toLowerCase());
  const rows = await q.orderBy('market_listings.created_at', 'desc').limit(wanted.limit).offset((wanted.page - 1) * wanted.limit).execute();
  return {
    listings: rows.map((r) => ({
      id: r.id, sellerUuid: r.seller_id, sellerName: r.username, itemUuid: r.item_uuid, itemName: assetName(r.item_uuid),
      quantity: Number(toBigInt(r.quantity)), price: hundredthsToNumber(toBigInt(r.price)), status: r.status,
      createdAt: new Date(r.created_at).toISOString(), endTime: new Date(r.end_time).toISOString(),
    })),
  };
}

/** Every ledger row that touched the player, newest first, with the other side named. */
export async function playerLedger(db: Executor, uuid: string, page: number, limit: number) {
  const u = await mustFindPlayer(db, uuid);
  const account = playerAccount(u.id);
  const rows = await sql<{ id: string | number; tx_id: string; created_at: Date | string; reason: string; ref: string | null; asset: string; amount: string | number; from_account: string; to_account: string; counterparty_name: string | null; reversed_by: string | null; reverses: string | null }>`
    SELECT l.id, l.tx_id, l.created_at, l.reason, l.ref, l.asset, l.amount, l.from_account, l.to_account, cu.username AS counterparty_name,
           r.reversal_tx_id AS reversed_by, rv.original_tx_id AS reverses
    FROM ledger l
    LEFT JOIN value_accounts ca ON ca.id = CASE WHEN l.from_account = ${account} THEN l.to_account ELSE l.from_account END
    LEFT JOIN users cu ON cu.id = ca.user_id
    LEFT JOIN ledger_reversals r ON r.original_tx_id = l.tx_id
    LEFT JOIN ledger_reversals rv ON rv.reversal_tx_id = l.tx_id
    WHERE l.from_account = ${account} OR l.to_account = ${account}
    ORDER BY l.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`.execute(db);
  const total = await sql<{ n: string | number }>`SELECT count(*) AS n FROM ledger WHERE from_account = ${account} OR to_account = ${account}`.execute(db);
  return {
    page, limit, total: Number(toBigInt(total.rows[0]?.n ?? 0)),
    rows: rows.rows.map((r) => {
      const out = r.from_account === account;
      const units = toBigInt(r.amount);
      const amount = r.asset === COINS ? hundredthsToNumber(units) : Number(units);
      return {
        id: Number(toBigInt(r.id)), txId: r.tx_id, createdAt: new Date(r.created_at).toISOString(), reason: r.reason, ref: r.ref,
        asset: r.asset, assetName: assetName(r.asset), amount: out ? -amount : amount,
        counterparty: out ? r.to_account : r.from_account, counterpartyName: r.counterparty_name,
        reversedBy: r.reversed_by, reverses: r.reverses,
      };
    }),
  };
}

export async function endSessions(trx: Trx, uuid: string, sessionId?: string): Promise<string> {
  const u = await mustFindPlayer(trx, uuid);
  if (!sessionId) {
    await revokeAllSessions(trx, u.id);
    return `Every session of ${u.username} ended`;
  }
  const s = await trx.selectFrom('sessions').select('id').where('id', '=', sessionId.toLowerCase()).where('user_id', '=', u.id).executeTakeFirst();
  if (!s) throw notFound('No such session for this player');
  await revokeSession(trx, s.id);
  return `Session ${s.id} of ${u.username} ended`;
}

/**
 * A ban, in the route's transaction: the user row marked, every session ended (announced to every
 * process: services/accounts/sessions.ts), every active listing cancelled and every open wager cancelled,
 * their items and stakes back to the player.
 */
export async function ban(trx: Trx, uuid: string, by: string, reason: string, playerMessage = '') {
  const u = await mustFindPlayer(trx, uuid);
  // One admin account taken over must not lock the others out: only an operator, with shell
  // access to the server, takes an admin's role away (npm run admin -- revoke-admin).
  if (u.is_admin) throw forbidden(ADMIN_TEXT.adminNotBannable, 'ADMIN_PROTECTED');
  const marked = await trx.updateTable('users').set({ banned_at: sql`now()`, ban_reason: reason.trim(), ban_message: playerMessage.trim(), banned_by: by })
    .where('id', '=', u.id).where('banned_at', 'is', null).returning('id').executeTakeFirst();
  if (!marked) throw conflict(ADMIN_TEXT.alreadyBanned, 'ALREADY_BANNED');
  await revokeAllSessions(trx, u.id);
  // A banned player leaves the boards at once (they are read without banned players).
  leaderboardsChanged(trx);
  const account = playerAccount(u.id);
  const listings = await trx.updateTable('market_listings').set({ status: 'cancelled', closed_at: sql`now()` })
    .where('seller_id', '=', u.id).where('status', '=', 'active').returning(['id', 'item_uuid', 'quantity']).execute();
  if (listings.length) marketChanged(trx);
  const wagers = await trx.updateTable('coinflip_games').set({ status: 'cancelled', closed_at: new Date() })
    .where('creator_id', '=', u.id).where('status', '=', 'open').returning(['id', 'wager']).execute();
  const legs = [
    ...wagers.map((w) => ({ asset: COINS, from: escrowOfGame(w.id), to: account, amount: toBigInt(w.wager), reason: 'coinflip cancelled (ban)', ref: w.id })),
    ...listings.map((l) => ({ asset: l.item_uuid, from: escrowOf(l.id), to: account, amount: toBigInt(l.quantity), reason: 'listing cancelled (ban)', ref: l.id })),
  ];
  if (legs.length) await post(trx, { reason: 'ban', legs, openPlayers: [u.id] });
  return { username: u.username, listingsCancelled: listings.length, wagersCancelled: wagers.length, listings };
}

export async function unban(trx: Trx, uuid: string) {
  const u = await mustFindPlayer(trx, uuid);
  const cleared = await trx.updateTable('users').set({ banned_at: null, ban_reason: null, ban_message: null, banned_by: null })
    .where('id', '=', u.id).where('banned_at', 'is not', null).returning('id').executeTakeFirst();
  if (!cleared) throw conflict(ADMIN_TEXT.notBanned, 'NOT_BANNED');
  leaderboardsChanged(trx);
  return { username: u.username, previousReason: u.ban_reason };
}
