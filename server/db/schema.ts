// Kysely's view of the tables in server/db/migrations. Keep in step with the SQL.
import type { ColumnType, Generated } from 'kysely';

type Int8 = ColumnType<string | number | bigint, string | number | bigint, string | number | bigint>;
/** An int8 column with a database default. */
type GenInt8 = ColumnType<string | number | bigint, string | number | bigint | undefined, string | number | bigint>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: string;
  username: string;
  username_lower: string;
  /** 011: the confusable skeleton (services/accounts/names.ts); NULL only for a look-alike made before it. */
  username_skeleton: ColumnType<string | null, string | null | undefined, string | null>;
  password_hash: string | null;
  created_at: Timestamp;
  last_login_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  is_admin: Generated<boolean>;
  verified: Generated<number>;
  preferred_address: string | null;
  discord_id: ColumnType<string | null, string | null | undefined, string | null>;
  discord_username: ColumnType<string | null, string | null | undefined, string | null>;
  crazygames_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 012: a ban (all three set together, cleared together by an unban). */
  banned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ban_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** 021: what the banned player is told at sign-in ('' for nothing); ban_reason stays internal. */
  ban_message: ColumnType<string | null, string | null | undefined, string | null>;
  banned_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** 025: set when the account was deleted (the row stays, pseudonymised). */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 027: the age band the age screen gave ('13_17' | '18_plus'); NULL until asked. Never a date. */
  age_band: ColumnType<'13_17' | '18_plus' | null, '13_17' | '18_plus' | null | undefined, '13_17' | '18_plus' | null>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  user_agent: string | null;
  ip: string | null;
  /** The host the session was signed in from (026_feature_switches.sql); null: the web. */
  host: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ServerSecretsTable { name: string; value: string }
export interface BotCheckTokensTable { token_hash: string; used_at: Timestamp; expires_at: ColumnType<Date, Date | string, Date | string> }
export interface RateLimitHitsTable { key: string; window_start: ColumnType<Date, Date | string, Date | string>; hits: number }
export interface AuthPressureTable { key: string; score: number; updated_at: Timestamp }

export interface ItemsTable { uuid: string; name: string; description: string; dex_id: number; kind: string; collection: string | null }

export type AccountKind = 'player' | 'escrow' | 'shop' | 'sink' | 'mint' | 'revenue';
export interface ValueAccountsTable { id: string; kind: AccountKind; user_id: string | null; created_at: Timestamp }
export interface CoinBalancesTable { account_id: string; balance: Int8; debt_limit: GenInt8 }
export interface ItemHoldingsTable { account_id: string; item_uuid: string; quantity: Int8 }
export interface LedgerTable {
  id: GenInt8;
  tx_id: string;
  created_at: Timestamp;
  asset: string;
  from_account: string;
  to_account: string;
  amount: Int8;
  reason: string;
  ref: string | null;
}
export interface IdempotencyKeysTable {
  /** 009: the player's id, or 'game-server' for the game-server API's keys. */
  user_id: string; key: string; endpoint: string;
  /** 009: 0 while the first request with this key runs, then its answer's status. */
  status: number;
  response: ColumnType<unknown, string | null, string | null>; created_at: Timestamp;
  /** 002: a hash of the request body; a retry with another body is refused. */
  request_hash: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface LevelRequirementsTable { level: number; xp_required: Int8 }
export interface PlayerProgressTable { user_id: string; total_xp: Int8 }
export interface AchievedLevelsTable { user_id: string; level: number; unlocked_at: Timestamp }
export interface ReleaseLogsTable {
  version: string; name: string; release_date: ColumnType<Date | string, string, string>;
  added: Json<string[]>; fixed: Json<string[]>; removed: Json<string[]>;
  // 031_release_translations
  translations: ColumnType<Record<string, { name: string; added: string[]; fixed: string[]; removed: string[] }>, string | undefined, string>;
}
export interface ProfilesTable { user_id: string; location: Generated<string>; description: Generated<string>; views: GenInt8; updated_at: Timestamp }
export interface ProfileViewsTable { profile_id: string; viewer_id: string; viewed_hour: ColumnType<Date, Date | string, Date | string> }
export interface LoginDaysTable { user_id: string; day: ColumnType<Date | string, string, string> }
export interface PlayerStatsTable {
  user_id: string; wins: GenInt8; kills: GenInt8; deaths: GenInt8; headshots: GenInt8;
  timeplayed: GenInt8; quests: GenInt8; crates_opened: GenInt8;
}
export interface LegacyStatsTable { user_id: string; block: string; stats: Json<Record<string, unknown>> }
export interface StatReportsTable { report_id: string; user_id: string; received_at: Timestamp }
export interface ClansTable {
  id: string; name: string; tag: string; color: string; created_at: Timestamp; disbanded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 011: confusable skeletons of name and tag (services/accounts/names.ts). */
  name_skeleton: ColumnType<string | null, string | null | undefined, string | null>;
  tag_skeleton: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface ClanMembersTable { user_id: string; clan_id: string; role: 'admin' | 'member'; joined_at: Timestamp }
export interface ClanInvitesTable { id: string; clan_id: string; user_id: string; invited_by: string; status: Generated<string>; created_at: Timestamp }
export interface ClanRequestsTable { id: string; clan_id: string; user_id: string; status: Generated<string>; created_at: Timestamp }
// 002_economy
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type ListingStatus = 'active' | 'sold' | 'cancelled' | 'expired';
export interface MarketListingsTable {
  id: string; seller_id: string; item_uuid: string; quantity: Int8; price: Int8;
  status: ColumnType<ListingStatus, ListingStatus | undefined, ListingStatus>;
  created_at: Timestamp; end_time: ColumnType<Date, Date | string, Date | string>;
  buyer_id: string | null; closed_at: NullableTimestamp;
  /** 028: priced outside the band around recent sales (confirmed by the seller); the fee its sale took. */
  outside_band: Generated<boolean>; sale_fee: GenInt8;
}
export type CoinflipStatus = 'open' | 'settled' | 'cancelled';
export interface CoinflipGamesTable {
  id: string; creator_id: string; wager: Int8; choice: number; server_seed: string; server_seed_hash: string;
  status: ColumnType<CoinflipStatus, CoinflipStatus | undefined, CoinflipStatus>;
  acceptor_id: string | null; outcome: number | null; winner_id: string | null;
  created_at: Timestamp; closed_at: NullableTimestamp;
}
export interface CrateShopsTable { version_id: number; crate_item: string; total_supply: Int8; created_at: Timestamp }
export interface CrateOpeningsTable { id: GenInt8; user_id: string; version_id: number; won_item: string; opened_at: Timestamp }
export interface GameAwardsTable { award_id: string; user_id: string; request_hash: string; response: Json<unknown>; created_at: Timestamp }
export interface PendingIdentitiesTable {
  token_hash: string; provider: 'discord'; external_id: string; external_username: string;
  created_at: Timestamp; expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface WalletsTable { address: string; user_id: string; linked_at: Timestamp }
export interface WalletNoncesTable {
  nonce: string; user_id: string; address: string; message: string; expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface AirdropClaimsTable { user_id: string; airdrop: string; claimed_at: Timestamp }
export type BridgeStatus = 'pending' | 'signed' | 'sent' | 'confirmed' | 'failed';
export interface BridgeTransfersTable {
  id: string; user_id: string; destination: string; status: BridgeStatus; idempotency_key: string | null;
  nonce: ColumnType<string | number | null, string | number | null | undefined, string | number | null>;
  raw_tx: string | null; tx_hash: string | null; error: string | null; created_at: Timestamp; updated_at: Timestamp;
}
// 007_settings
export interface UserSettingsTable { user_id: string; settings: Json<unknown>; updated_at: Timestamp }
// 012_admin
export interface AdminAuditTable {
  id: GenInt8; created_at: Timestamp; actor_id: string; action: string; target_user_id: string | null; target: string | null;
  reason: string; details: Json<unknown>; request_id: string | null;
}
export interface LedgerReversalsTable { original_tx_id: string; reversal_tx_id: string; partial: boolean; audit_id: Int8; created_at: Timestamp }
export interface DropTableOverridesTable { crate_version_id: number; drops: Json<unknown>; updated_at: Timestamp; updated_by: string }
// 019_console_safety
export interface AdminReauthTable { session_id: string; at: Timestamp }
export interface FeatureSwitchesTable { feature: string; host: string; message: string; reason: string; set_by: string; set_at: Timestamp }
export interface AdminGrantDaysTable { actor_id: string; day: ColumnType<string, string, string>; kind: 'coins' | 'items'; total: Int8 }
export interface BridgeReturnsTable { transfer_id: string; given_by: 'refund' | 'reversal'; created_at: Timestamp }
// 013_live_events
export interface LiveEventsTable { id: GenInt8; user_id: string; event: Json<unknown>; created_at: Timestamp }
export interface PurchasesTable {
  id: string;
  host: 'web' | 'discord' | 'crazygames';
  provider_purchase_id: string;
  provider_ref: string | null;
  user_id: string;
  product_id: string;
  tripcoins: Int8;
  status: ColumnType<'granted' | 'reversed', 'granted' | 'reversed' | undefined, 'granted' | 'reversed'>;
  needs_consume: boolean;
  consumed_at: NullableTimestamp;
  consume_attempts: ColumnType<number, number | undefined, number>;
  consume_error: string | null;
  test_mode: ColumnType<boolean, boolean | undefined, boolean>;
  tx_id: string;
  created_at: Timestamp;
  reversed_at: NullableTimestamp;
  reversal_tx_id: string | null;
  reversal_reason: 'refund' | 'chargeback' | 'entitlementDeleted' | 'manual' | null;
  reversal_debt: GenInt8;
  // 024_purchase_sightings
  taken_back: GenInt8;
}
export interface PurchaseSightingsTable {
  host: 'web' | 'discord' | 'crazygames'; provider_purchase_id: string; payload: Json<unknown>; seen_at: Timestamp;
  settled_at: NullableTimestamp; attempts: ColumnType<number, number | undefined, number>; last_error: string | null;
}
// 023_xsolla_orders
export interface XsollaOrdersTable {
  order_id: string; user_id: string; portal_user_id: string; paid_micros: Int8; currency: string; granted_hundredths: Int8;
  refunded_micros: GenInt8; taken_back_hundredths: GenInt8;
  status: ColumnType<'granted' | 'reversed', 'granted' | 'reversed' | undefined, 'granted' | 'reversed'>; created_at: Timestamp;
}
export interface XsollaTransactionsTable { transaction_id: string; order_id: string; created_at: Timestamp }
export interface XsollaPartialRefundsTable { signature: string; order_id: string; refunded_micros: Int8; created_at: Timestamp }
export interface PurchaseRefundsBeforeGrantTable { host: 'web' | 'discord' | 'crazygames'; provider_purchase_id: string; reason: 'refund' | 'chargeback' | 'entitlementDeleted' | 'manual'; created_at: Timestamp }
// 025_account_rights
export type DeletionHow = 'self' | 'discordDeauthorized' | 'console';
export interface AccountDeletionsTable { id: string; user_id: string; deleted_at: Timestamp; how: DeletionHow; by_admin: string | null; settled: Json<unknown> }
export interface ReservedNamesTable { skeleton: string; until: ColumnType<Date, Date | string, Date | string> }
export interface DataExportsTable { user_id: string; requested_at: Timestamp }
/** 028: holds on outgoing value after a credential change, value moved per pair and day, limit refusals. */
export type TradeHoldReason = 'passwordChanged' | 'signInLinked' | 'signInRemoved';
export interface TradeHoldsTable {
  id: string; user_id: string; reason: TradeHoldReason; created_at: Timestamp; ends_at: ColumnType<Date, Date | string, Date | string>;
  released_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  released_by: ColumnType<string | null, string | null | undefined, string | null>;
  release_reason: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface TradePairDaysTable { player_a: string; player_b: string; day: ColumnType<string, string, string>; coins: GenInt8; items: GenInt8 }
export interface TradeLimitHitsTable { id: Generated<string>; user_id: string; rule: string; action: string; created_at: Timestamp }
/** 029: what the game server reported, per season ('all' or a week's ISO start), stat and player. */
export interface LeaderboardScoresTable { season: string; stat: string; user_id: string; value: Int8; reached_at: ColumnType<Date, Date | string, Date | string> }
export interface LeaderboardSeasonsTable { season: string; opened_at: Timestamp; opened_by: string; closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null> }
export interface SchemaMigrationsTable { name: string; applied_at: Timestamp }

export interface Database {
  users: UsersTable;
  account_deletions: AccountDeletionsTable;
  reserved_names: ReservedNamesTable;
  data_exports: DataExportsTable;
  sessions: SessionsTable;
  server_secrets: ServerSecretsTable;
  bot_check_tokens: BotCheckTokensTable;
  rate_limit_hits: RateLimitHitsTable;
  auth_pressure: AuthPressureTable;
  items: ItemsTable;
  value_accounts: ValueAccountsTable;
  coin_balances: CoinBalancesTable;
  item_holdings: ItemHoldingsTable;
  ledger: LedgerTable;
  idempotency_keys: IdempotencyKeysTable;
  level_requirements: LevelRequirementsTable;
  player_progress: PlayerProgressTable;
  achieved_levels: AchievedLevelsTable;
  release_logs: ReleaseLogsTable;
  schema_migrations: SchemaMigrationsTable;
  profiles: ProfilesTable;
  profile_views: ProfileViewsTable;
  login_days: LoginDaysTable;
  player_stats: PlayerStatsTable;
  legacy_stats: LegacyStatsTable;
  stat_reports: StatReportsTable;
  clans: ClansTable;
  clan_members: ClanMembersTable;
  clan_invites: ClanInvitesTable;
  clan_requests: ClanRequestsTable;
  pending_identities: PendingIdentitiesTable;
  wallets: WalletsTable;
  wallet_nonces: WalletNoncesTable;
  airdrop_claims: AirdropClaimsTable;
  bridge_transfers: BridgeTransfersTable;
  market_listings: MarketListingsTable;
  coinflip_games: CoinflipGamesTable;
  crate_shops: CrateShopsTable;
  crate_openings: CrateOpeningsTable;
  game_awards: GameAwardsTable;
  user_settings: UserSettingsTable;
  admin_audit: AdminAuditTable;
  ledger_reversals: LedgerReversalsTable;
  drop_table_overrides: DropTableOverridesTable;
  live_events: LiveEventsTable;
  admin_reauth: AdminReauthTable;
  feature_switches: FeatureSwitchesTable;
  admin_grant_days: AdminGrantDaysTable;
  bridge_returns: BridgeReturnsTable;
  purchases: PurchasesTable;
  purchase_refunds_before_grant: PurchaseRefundsBeforeGrantTable;
  xsolla_orders: XsollaOrdersTable;
  xsolla_transactions: XsollaTransactionsTable;
  xsolla_partial_refunds: XsollaPartialRefundsTable;
  purchase_sightings: PurchaseSightingsTable;
  trade_holds: TradeHoldsTable;
  trade_pair_days: TradePairDaysTable;
  trade_limit_hits: TradeLimitHitsTable;
  leaderboard_scores: LeaderboardScoresTable;
  leaderboard_seasons: LeaderboardSeasonsTable;
}
