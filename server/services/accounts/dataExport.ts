// A player's data, all of it, in one JSON document (GET /api/account/export): what the privacy
// page promises a player can take with them. Every column in the database that points at a
// player is named in EXPORT_COVERAGE, either as the section that carries it or as excluded with
// the reason; tests/api/data-export.test.ts walks the migrated schema and fails on a table or
// column that points at a player and is not named here, so the export stays complete as the
// product grows. Secrets (the password's hash, session tokens, wager seeds still secret) are
// never in it, and nothing of another player beyond what they show everyone.
import { sql, type RawBuilder } from 'kysely';
import { tcFixed } from '../../../contract/economy';
import { EXPORT_FORMAT, RIGHTS_TEXT, type DataExport } from '../../../contract/rights';
import type { Executor } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { retryLater } from '../errors';
import { playerAccount } from '../economy/ledger';

type Coverage = { section: string } | { excluded: string };

/**
 * Every `table.column` that refers to a player (a foreign key to users, or a column named
 * user_id), and every column of the users row: where the export carries it, or why it does not.
 */
export const EXPORT_COVERAGE: Record<string, Coverage> = {
  // The account row itself.
  'users.id': { section: 'account' },
  'users.username': { section: 'account' },
  'users.username_lower': { excluded: 'the username in lower case, for uniqueness: the same as the username' },
  'users.username_skeleton': { excluded: 'a look-alike key computed from the username, for uniqueness' },
  'users.password_hash': { excluded: 'a secret: the password itself is never stored, only this hash' },
  'users.created_at': { section: 'account' },
  'users.age_band': { section: 'account' },
  'users.last_login_at': { section: 'account' },
  'users.is_admin': { section: 'account' },
  'users.verified': { section: 'account' },
  'users.preferred_address': { section: 'account' },
  'users.discord_id': { section: 'signInMethods' },
  'users.discord_username': { section: 'signInMethods' },
  'users.crazygames_id': { section: 'signInMethods' },
  'users.banned_at': { section: 'ban' },
  'users.ban_reason': { excluded: "the studio's internal note on a ban (fraud signals, other players' reports); the player's own message is included" },
  'users.ban_message': { section: 'ban' },
  'users.banned_by': { excluded: "which of the studio's staff banned the account" },
  'users.deleted_at': { excluded: 'always empty for an account that can still ask for its data' },
  // Rows that point at the player.
  'sessions.user_id': { section: 'sessions' },
  'value_accounts.user_id': { section: 'tripcoins' },
  'idempotency_keys.user_id': { excluded: 'technical records that let a retried request get its first answer; kept a short time' },
  'player_progress.user_id': { section: 'progress' },
  'achieved_levels.user_id': { section: 'levels' },
  'market_listings.seller_id': { section: 'listings' },
  'market_listings.buyer_id': { section: 'purchasesOnMarket' },
  'coinflip_games.creator_id': { section: 'wagers' },
  'coinflip_games.acceptor_id': { section: 'wagers' },
  'coinflip_games.winner_id': { section: 'wagers' },
  'crate_openings.user_id': { section: 'crates' },
  'game_awards.user_id': { section: 'gameAwards' },
  'profiles.user_id': { section: 'profile' },
  'profile_views.profile_id': { section: 'profileViews' },
  'profile_views.viewer_id': { section: 'profilesViewed' },
  'login_days.user_id': { section: 'activeDays' },
  'player_stats.user_id': { section: 'stats' },
  'legacy_stats.user_id': { section: 'stats' },
  'stat_reports.user_id': { excluded: "the game servers' report ids, kept so a report is counted once; the stats they added are included" },
  'clan_members.user_id': { section: 'clan' },
  'clan_invites.user_id': { section: 'clanInvites' },
  'clan_invites.invited_by': { section: 'clanInvitesSent' },
  'clan_requests.user_id': { section: 'clanRequests' },
  'wallets.user_id': { section: 'wallets' },
  'wallet_nonces.user_id': { section: 'walletLinkRequests' },
  'airdrop_claims.user_id': { section: 'airdrops' },
  'bridge_transfers.user_id': { section: 'bridgeTransfers' },
  'user_settings.user_id': { section: 'settings' },
  'admin_audit.actor_id': { section: 'consoleActions' },
  'admin_audit.target_user_id': { section: 'studioActions' },
  'drop_table_overrides.updated_by': { excluded: "the studio's crate configuration, not data about the player" },
  'admin_grant_days.actor_id': { section: 'consoleActions' },
  'live_events.user_id': { section: 'messages' },
  'purchases.user_id': { section: 'purchases' },
  'xsolla_orders.user_id': { section: 'portalOrders' },
  'trade_holds.user_id': { section: 'tradeHolds' },
  'trade_holds.released_by': { excluded: "which of the studio's staff released a hold early" },
  'trade_limit_hits.user_id': { section: 'tradeLimitHits' },
  'leaderboard_scores.user_id': { section: 'leaderboards' },
  'feature_switches.set_by': { excluded: "the studio's switches, set in the console; not data about the player" },
  'account_deletions.user_id': { excluded: 'written only once the account is deleted, when no one can ask for its data' },
  'account_deletions.by_admin': { excluded: "the studio's record of deletions an admin made" },
  'data_exports.user_id': { section: 'dataExports' },
};

/** JSON-ready: dates as ISO strings, int8 as it came (a string on PostgreSQL, a number on PGlite) made a string. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

async function rows(db: Executor, query: RawBuilder<Record<string, unknown>>): Promise<Array<Record<string, unknown>>> {
  const result = await query.execute(db);
  return result.rows.map((r) => plain(r) as Record<string, unknown>);
}

/** Each section: one query over the player's own rows (never a column of another player's but
 * what every player sees of them: a name on a listing or a wager, a clan's name). */
const SECTIONS = (u: string, account: string): Record<string, RawBuilder<Record<string, unknown>>> => ({
  sessions: sql`SELECT created_at, last_seen_at, expires_at, revoked_at, user_agent AS device, ip FROM sessions WHERE user_id = ${u} ORDER BY created_at`,
  inventory: sql`SELECT h.item_uuid, i.name, h.quantity::text AS quantity FROM item_holdings h JOIN items i ON i.uuid = h.item_uuid WHERE h.account_id = ${account} AND h.quantity <> 0 ORDER BY i.name`,
  ledger: sql`SELECT created_at, tx_id, asset, CASE WHEN from_account = ${account} THEN 'out' ELSE 'in' END AS direction,
    amount::text AS amount, reason, ref, CASE WHEN from_account = ${account} THEN to_account ELSE from_account END AS counterpart_kind
    FROM ledger WHERE from_account = ${account} OR to_account = ${account} ORDER BY id`,
  progress: sql`SELECT total_xp::text AS total_xp FROM player_progress WHERE user_id = ${u}`,
  levels: sql`SELECT level, unlocked_at FROM achieved_levels WHERE user_id = ${u} ORDER BY level`,
  listings: sql`SELECT id, item_uuid, quantity::text AS quantity, price::text AS price_hundredths, status, created_at, end_time, closed_at FROM market_listings WHERE seller_id = ${u} ORDER BY created_at`,
  purchasesOnMarket: sql`SELECT id, item_uuid, quantity::text AS quantity, price::text AS price_hundredths, closed_at AS bought_at FROM market_listings WHERE buyer_id = ${u} ORDER BY closed_at`,
  // The seed of a wager still open is the game's secret until it is settled.
  wagers: sql`SELECT id, CASE WHEN creator_id = ${u} THEN 'created' ELSE 'accepted' END AS role, wager::text AS wager_hundredths, choice, status,
    outcome, (winner_id = ${u}) AS won, server_seed_hash, CASE WHEN status = 'open' THEN NULL ELSE server_seed END AS server_seed, created_at, closed_at
    FROM coinflip_games WHERE creator_id = ${u} OR acceptor_id = ${u} ORDER BY created_at`,
  crates: sql`SELECT version_id, won_item, opened_at FROM crate_openings WHERE user_id = ${u} ORDER BY id`,
  gameAwards: sql`SELECT award_id, created_at FROM game_awards WHERE user_id = ${u} ORDER BY created_at`,
  profile: sql`SELECT location, description, views::text AS views, updated_at FROM profiles WHERE user_id = ${u}`,
  // Who looked is the other player's: only when, and how many.
  profileViews: sql`SELECT viewed_hour, count(*)::int AS views FROM profile_views WHERE profile_id = ${u} GROUP BY viewed_hour ORDER BY viewed_hour`,
  profilesViewed: sql`SELECT profile_id, viewed_hour FROM profile_views WHERE viewer_id = ${u} ORDER BY viewed_hour`,
  activeDays: sql`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM login_days WHERE user_id = ${u} ORDER BY day`,
  stats: sql`SELECT 'current' AS block, to_jsonb(s) - 'user_id' AS stats FROM player_stats s WHERE s.user_id = ${u}
    UNION ALL SELECT block, stats::jsonb FROM legacy_stats WHERE user_id = ${u}`,
  clan: sql`SELECT c.name, c.tag, c.color, m.role, m.joined_at FROM clan_members m JOIN clans c ON c.id = m.clan_id WHERE m.user_id = ${u}`,
  clanInvites: sql`SELECT c.name AS clan, i.status, i.created_at FROM clan_invites i JOIN clans c ON c.id = i.clan_id WHERE i.user_id = ${u} ORDER BY i.created_at`,
  clanInvitesSent: sql`SELECT c.name AS clan, i.status, i.created_at FROM clan_invites i JOIN clans c ON c.id = i.clan_id WHERE i.invited_by = ${u} ORDER BY i.created_at`,
  clanRequests: sql`SELECT c.name AS clan, r.status, r.created_at FROM clan_requests r JOIN clans c ON c.id = r.clan_id WHERE r.user_id = ${u} ORDER BY r.created_at`,
  wallets: sql`SELECT address, linked_at FROM wallets WHERE user_id = ${u} ORDER BY linked_at`,
  walletLinkRequests: sql`SELECT address, expires_at, used_at FROM wallet_nonces WHERE user_id = ${u} ORDER BY expires_at`,
  airdrops: sql`SELECT airdrop, claimed_at FROM airdrop_claims WHERE user_id = ${u}`,
  bridgeTransfers: sql`SELECT id, destination, status, tx_hash, created_at, updated_at FROM bridge_transfers WHERE user_id = ${u} ORDER BY created_at`,
  settings: sql`SELECT settings, updated_at FROM user_settings WHERE user_id = ${u}`,
  // Holds on what the player gives away (never who released one early), and the limits they hit.
  tradeHolds: sql`SELECT reason, created_at, ends_at, released_at, release_reason FROM trade_holds WHERE user_id = ${u} ORDER BY created_at`,
  tradeLimitHits: sql`SELECT rule, action, created_at FROM trade_limit_hits WHERE user_id = ${u} ORDER BY id`,
  leaderboards: sql`SELECT season, stat, value::text AS value, reached_at FROM leaderboard_scores WHERE user_id = ${u} ORDER BY season, stat`,
  // The portal store's orders as a whole (each pack line of one is in purchases).
  portalOrders: sql`SELECT order_id, portal_user_id, currency, paid_micros::text AS paid_micros, granted_hundredths::text AS granted_hundredths,
    refunded_micros::text AS refunded_micros, taken_back_hundredths::text AS taken_back_hundredths, status, created_at FROM xsolla_orders WHERE user_id = ${u} ORDER BY created_at`,
  // What the studio did to the account (never which admin, nor the internal reason).
  studioActions: sql`SELECT action, created_at FROM admin_audit WHERE target_user_id = ${u} ORDER BY id`,
  consoleActions: sql`SELECT action, target, created_at FROM admin_audit WHERE actor_id = ${u}
    UNION ALL SELECT 'grant totals (' || kind || ')', total::text, day::timestamptz FROM admin_grant_days WHERE actor_id = ${u} ORDER BY created_at`,
  // Messages from the studio and everything the game told the player live.
  messages: sql`SELECT event, created_at FROM live_events WHERE user_id = ${u} ORDER BY id`,
  purchases: sql`SELECT id, host, provider_purchase_id, product_id, tripcoins::text AS tripcoins_hundredths, status, test_mode, created_at,
    reversed_at, reversal_reason, reversal_debt::text AS debt_hundredths FROM purchases WHERE user_id = ${u} ORDER BY created_at`,
  dataExports: sql`SELECT requested_at FROM data_exports WHERE user_id = ${u} ORDER BY requested_at`,
});

const ACCOUNT_COLUMNS = new Set(['id', 'username', 'created_at', 'last_login_at', 'is_admin', 'verified', 'preferred_address']);

/** Counts this download against the hourly limit: 429 with the seconds to wait past it. */
export async function chargeExport(db: Executor, userId: string, perHour: number): Promise<void> {
  const recent = await db.selectFrom('data_exports').select(['requested_at']).where('user_id', '=', userId)
    .where('requested_at', '>', sql<Date>`now() - interval '1 hour'`).orderBy('requested_at', 'asc').execute();
  if (recent.length >= perHour) {
    const oldest = new Date(recent[0]!.requested_at).getTime();
    const retryAfter = Math.max(1, Math.ceil((oldest + 3_600_000 - Date.now()) / 1000));
    throw retryLater('rateLimited', RIGHTS_TEXT.exportTooOften, 'EXPORT_TOO_OFTEN', retryAfter);
  }
  await db.insertInto('data_exports').values({ user_id: userId }).execute();
}

/** Everything we hold about `userId`, as the contract's DataExport. */
export async function exportData(db: Executor, userId: string): Promise<DataExport> {
  const user = await sql<Record<string, unknown>>`SELECT * FROM users WHERE id = ${userId} AND deleted_at IS NULL`.execute(db);
  const row = user.rows[0];
  if (!row) throw new Error('export of an account that does not exist');
  const account = playerAccount(userId);
  const balance = await db.selectFrom('coin_balances').select(['balance', 'debt_limit']).where('account_id', '=', account).executeTakeFirst();
  const sections: Record<string, Array<Record<string, unknown>>> = {};
  for (const [name, query] of Object.entries(SECTIONS(userId, account))) sections[name] = await rows(db, query);
  if (row.banned_at) sections.ban = [{ banned_at: plain(row.banned_at), message: row.ban_message ?? '' }];
  else sections.ban = [];

  // Columns later parts of the product add to the account row come along by themselves, unless
  // EXPORT_COVERAGE says they stay out.
  const more: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    const cover = EXPORT_COVERAGE[`users.${column}`];
    if (ACCOUNT_COLUMNS.has(column) || (cover && 'excluded' in cover) || cover?.section === 'signInMethods' || cover?.section === 'ban') continue;
    more[column] = plain(value);
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const methods: DataExport['signInMethods'] = [];
  if (row.password_hash) methods.push({ kind: 'password', externalId: null, externalName: null });
  if (row.discord_id) methods.push({ kind: 'discord', externalId: text(row.discord_id), externalName: text(row.discord_username) });
  if (row.crazygames_id) methods.push({ kind: 'crazygames', externalId: text(row.crazygames_id), externalName: null });
  const notIncluded = Object.fromEntries(Object.entries(EXPORT_COVERAGE).flatMap(([k, c]) => ('excluded' in c ? [[k, c.excluded]] : [])));
  const date = (v: unknown) => (v ? new Date(v as string | Date).toISOString() : null);
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    account: {
      uuid: String(row.id), username: String(row.username), createdAt: date(row.created_at) ?? '', lastLoginAt: date(row.last_login_at),
      isAdmin: Boolean(row.is_admin), verified: Number(row.verified), preferredAddress: text(row.preferred_address), more,
    },
    signInMethods: methods,
    tripcoins: { balance: tcFixed(toBigInt(balance?.balance ?? 0)), debtLimit: tcFixed(toBigInt(balance?.debt_limit ?? 0)) },
    sections,
    notIncluded,
  };
}
