// Every setting the server reads, parsed once from the environment with zod.
// docs/operations.md's configuration table documents each of these.
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import activity from '../activity.config.json';
import { ActivityConfig } from '../contract/activity';
import { parseTripcoins } from '../contract/money';
import { LeaderboardStat } from '../contract/leaderboards';
import { strangerWildcard } from '../contract/origins';
import { purchaseConfigProblems } from './providers/purchaseConfig';

const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
/** A price: 0.01 to 1,000,000 TC with at most two decimals, kept as text (parsed to hundredths where used). */
const tcPrice = z.string().refine((v) => { const h = parseTripcoins(v) ?? 0n; return h > 0n && h <= 100_000_000n; }, 'must be 0.01 to 1000000 with at most 2 decimals');
/**
 * Which proxies' X-Forwarded-For / -Proto to believe, in the forms Fastify's trustProxy takes:
 * a hop count ('1' behind one load balancer: the address it appends is the client's) or the
 * proxies' addresses / CIDRs ('10.0.0.0/8, 192.168.1.7'). 'true' is refused: it would believe
 * whatever address a client writes in X-Forwarded-For, which defeats every per-address limit.
 */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (v: string) => {
  if (PROXY_NAMES.has(v)) return true;
  const [ip, bits, extra] = v.split('/');
  if (extra !== undefined || !ip || !isIP(ip)) return false;
  if (bits === undefined) return true;
  const max = isIP(ip) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};
export const TRUST_PROXY_TRUE_REFUSED = 'TRUST_PROXY=true would believe any X-Forwarded-For a client sends; give the number of proxies in front (1 behind one load balancer) or their addresses/CIDRs';
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const v = raw.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') { ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_REFUSED }); return z.NEVER; }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) { ctx.addIssue({ code: 'custom', message: 'a hop count is 1 to 10' }); return z.NEVER; }
    return hops;
  }
  const entries = v.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (!entries.length || bad.length) { ctx.addIssue({ code: 'custom', message: `not a hop count or proxy addresses/CIDRs: ${bad.join(', ') || raw}` }); return z.NEVER; }
  return entries;
});

/** Addresses a load balancer in the same network connects from: loopback, private, link-local. */
const NEAR = new BlockList();
for (const [net, bits] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16], ['100.64.0.0', 10]] as const) NEAR.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) NEAR.addSubnet(net, bits, 'ipv6');
export function isNearAddress(address: string): boolean {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) return NEAR.check(v4, 'ipv4');
  const kind = isIP(address);
  return kind !== 0 && NEAR.check(address, kind === 4 ? 'ipv4' : 'ipv6');
}

/**
 * TRUST_PROXY as Fastify takes it (a client connecting directly never chooses
 * the address the limits count). Addresses/CIDRs: X-Forwarded-For is believed only from those
 * proxies. A hop count trusts that many proxies nearest to us, but only when the connection
 * itself comes from a loopback, private or link-local address (a load balancer inside the
 * network); a connection from a public address is the client, whatever it writes in the header.
 */
export function trustProxyOf(setting: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (address, hop) => hop < hops && (hop > 0 || isNearAddress(address));
}

const list = z.string().transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));

/** One origin, scheme://host[:port] and nothing after it (a trailing slash is dropped). */
const originText = (v: string): string | null => {
  try {
    const url = new URL(v.trim());
    if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) return null;
    return url.origin === v.trim().replace(/\/$/, '') ? url.origin : null;
  } catch { return null; }
};
const origin = z.string().transform((v, ctx) => {
  const parsed = originText(v);
  if (parsed === null) { ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port], nothing after it): ${v}` }); return z.NEVER; }
  return parsed;
});
const origins = list.transform((values, ctx) => values.map((v) => {
  const parsed = originText(v);
  if (parsed === null) ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port], nothing after it): ${v}` });
  return parsed ?? v;
}));

/** The pages Discord's own clients run the Activity frame in (web, public test build, canary). */
export const DISCORD_PARENT_ORIGINS = ['https://discord.com', 'https://ptb.discord.com', 'https://canary.discord.com'];
/** The portal's own pages, around a game's frame. */
export const CRAZYGAMES_PARENT_ORIGINS = ['https://www.crazygames.com', 'https://crazygames.com'];

/** The Activity's own origin: Discord serves each Activity from its client id's subdomain. */
export const discordActivityOrigin = (clientId: string) => `https://${clientId.toLowerCase()}.discordsays.com`;

export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** With DATA_DIR=memory:// only: start the throwaway database from this PGlite dump (a migrated,
   * seeded one, as the test runs make once) instead of running initdb and every migration again.
   * The migrations still run after it, so an older dump is brought up to date. */
  PGLITE_TEMPLATE: z.string().default(''),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Built shell to serve; empty string disables static serving (API only, e.g. behind `npm run dev`). */
  STATIC_DIR: z.string().default('./dist'),
  /** A real Unity WebGL build to serve at /game/build/* instead of the demo game. */
  UNITY_BUILD_DIR: z.string().optional(),
  /** Where `npm run build` puts the demo game's four files (served when UNITY_BUILD_DIR is unset). */
  DEMO_GAME_DIR: z.string().min(1).default('./dist/game'),
  /** Set to `production` on a deployment: start-up then refuses what productionProblems lists. */
  NODE_ENV: z.string().default('development'),
  /** Our own origin as players' browsers reach it (https://game.example.com): the origin check,
   * the Discord popup's return address and the wallet message name it; never a request's Host or
   * X-Forwarded-Host. Unset (local runs only): the loopback names of the port the server listens on. */
  PUBLIC_ORIGIN: origin.optional(),
  /** Origins other than our own allowed to make state-changing requests (the hosts' iframes).
   * Unset: our Activity's origin (with DISCORD_CLIENT_ID) and CRAZYGAMES_GAME_ORIGINS. */
  ALLOWED_ORIGINS: list.optional(),
  /** CSP frame-ancestors. Unset: 'self', and the pages of the hosts that are configured. */
  FRAME_ANCESTORS: list.optional(),
  /** The host playground's origin (`npm run hosts`, local only): its stand-in portal SDK may load and answer. */
  PLAYGROUND_ORIGIN: z.string().regex(/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/, 'a loopback http origin, such as http://127.0.0.1:8082').optional(),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A request taking at least this long (ms) is logged at info; errors (status >= 500) always
   * are; every request only at LOG_LEVEL=debug or trace, or a LOG_SAMPLE fraction of them. */
  LOG_SLOW_MS: z.coerce.number().int().min(0).default(500),
  /** The fraction of ordinary requests logged at info (0 to 1; default 0: none). */
  LOG_SAMPLE: z.coerce.number().min(0).max(1).default(0),
  TURNSTILE_SECRET: z.string().min(1).optional(),
  TURNSTILE_SITE_KEY: z.string().default(''),
  TURNSTILE_VERIFY_URL: z.string().url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  /** ALTCHA proof-of-work cost (PBKDF2 iterations per attempt) and the largest counter of the
   * easiest level: the solver tries maxCounter/2..maxCounter attempts (`npm run bench` shows the
   * solve times; 1000 x 2500 solves in about 0.4 s in a desktop browser). */
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  ALTCHA_MAX_COUNTER: z.coerce.number().int().min(10).max(10_000_000).default(2_500),
  /** Failed or refused attempts (decaying, half-life 5 minutes) that double the work of the bot
   * check for one address or one username; the doubling stops at 16x (docs/domain/accounts.md). */
  AUTH_FAILURES_PER_LEVEL: z.coerce.number().int().min(1).max(1000).default(5),
  /** scrypt cost parameter N = 2^SCRYPT_LOG_N (17 in production; tests may lower it). */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Days a deleted player's name (and every name that looks like it) is not offered to anyone. */
  DELETED_NAME_HOLD_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Downloads of their data a player may make in any hour (429 with Retry-After past it). */
  DATA_EXPORTS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(3),
  /** How long (ms) one process reuses a session lookup (0: every request reads the store). A
   * revocation reaches every process at once (PostgreSQL LISTEN/NOTIFY); other changes to the
   * player made through another process show after at most this long. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** How often an open live-event stream gets a comment line (and its session is checked). */
  LIVE_EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Caps on open live-event streams (429 with Retry-After past one): per player, per address
   * (an IPv6 client's /64) and per process (docs/limits.md). */
  LIVE_EVENTS_PER_PLAYER: z.coerce.number().int().min(1).max(1000).default(8),
  LIVE_EVENTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(64),
  LIVE_EVENTS_PER_PROCESS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** How long a stream stays open before the server ends it (the client resumes at once with
   * Last-Event-ID); each stream ends up to a tenth earlier, so they do not all end together. */
  LIVE_EVENTS_MAX_LIFETIME_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(30 * 60_000),
  /** Seconds a process keeps serving after SIGTERM/SIGINT while /api/ready says 503, so the load
   * balancer takes it out before it stops accepting (server/shutdown.ts). Unset: 10 in
   * production, 0 elsewhere (shutdownDrainSeconds). */
  SHUTDOWN_DRAIN_S: z.coerce.number().int().min(0).max(600).optional(),
  /** The token /metrics asks for (`Authorization: Bearer`); unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Shares the global rate limit's counters between every API process (redis:// or rediss://);
   * unset: each process counts in its own memory. */
  REDIS_URL: z.string().url().refine((u) => /^rediss?:\/\//.test(u), 'must be a redis:// or rediss:// URL').optional(),
  /** Requests per minute per address across the API (0 disables; login/register have their own limits). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  /** Attempts per minute from one address at every password check and sign-up (429 past it);
   * per username at sign-up, and per Discord identity at the Discord fuse. A username is never
   * refused at sign-in: failures raise its bot check's work instead (docs/domain/accounts.md). */
  AUTH_RATE_PER_USERNAME: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  /** Password changes per minute per account (429 past it), whatever the addresses they come
   * from: a stolen session cannot guess the current password without end. */
  AUTH_RATE_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** scrypt runs at most this many at once per process; up to PASSWORD_WORK_QUEUE more wait,
   * and past that a password check answers 503 with Retry-After (docs/limits.md). */
  PASSWORD_WORK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PASSWORD_WORK_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  GAME_SERVER_KEY: z.string().min(16).optional(),
  /** The local demo game server (server/routes/demoGameServer.ts): a finished round of the demo
   * game pays a little XP and TripCoins through POST /api/server/award with GAME_SERVER_KEY, so a
   * newcomer can try the economy without seeding. `npm start` turns it on outside production;
   * a production process refuses to start with it. */
  DEMO_GAME_SERVER: bool.default(false),
  /** The shortest demo round that is paid, in seconds. */
  DEMO_ROUND_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  DISCORD_CLIENT_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a Discord application id (digits)').optional(),
  DISCORD_CLIENT_SECRET: z.string().optional(),
  DISCORD_API_BASE: z.string().url().default('https://discord.com/api/v10'),
  /** Discord's authorize page the sign-in popup opens. */
  DISCORD_AUTHORIZE_URL: z.string().url().default('https://discord.com/oauth2/authorize'),
  /** Where CrazyGames publishes the key its user tokens are signed with (JSON {publicKey}). */
  CRAZYGAMES_PUBLIC_KEY_URL: z.string().url().default('https://sdk.crazygames.com/publicKey.json'),
  /** Our game's id on the portal. Portal sign-in is off without it; a token must name this game. */
  CRAZYGAMES_GAME_ID: z.string().min(1).max(100).optional(),
  /** The exact origins the portal serves our game's frame from (no wildcards): allowed to make
   * state-changing requests and to frame us, beside the portal's own pages. */
  CRAZYGAMES_GAME_ORIGINS: origins.default([]),
  /** Leaderboards (docs/leaderboards.md): the weekly season starts every Monday at this hour,
   * UTC (CrazyGames' own seasons end on Monday morning); which of the game server's stats make
   * boards (the first is the one a board opens on); how long a read board is kept in memory. */
  LEADERBOARD_RESET_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  LEADERBOARD_STATS: list.pipe(z.array(LeaderboardStat).min(1, 'at least one stat')).default(['wins', 'kills']),
  LEADERBOARD_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** CrazyGames' Leaderboard API (server-side scores): its base URL and our game's API key (the
   * Developer Portal's Leaderboard tab). Both set: every weekly score of LEADERBOARD_CRAZYGAMES_STAT
   * of a player signed in through the portal is sent there too, off the game server's request. */
  CRAZYGAMES_LEADERBOARD_URL: z.string().url().optional(),
  CRAZYGAMES_LEADERBOARD_KEY: z.string().min(1).optional(),
  LEADERBOARD_CRAZYGAMES_STAT: LeaderboardStat.default('wins'),
  /** The Technical Difficulties airdrop: open or closed, and which accounts may claim it. */
  AIRDROP_ENABLED: bool.default(true),
  /** Only accounts created before this instant are eligible (ISO date); unset: every account. */
  AIRDROP_ACCOUNTS_CREATED_BEFORE: z.string().datetime({ offset: true }).or(z.string().date()).optional(),
  /** The Mythical Bridge: the chain, the token contract (ERC-1155), and the studio's sender key.
   * Without CHAIN_RPC_URL, BRIDGE_CONTRACT_ADDRESS and BRIDGE_SENDER_PRIVATE_KEY the bridge answers 503. */
  CHAIN_RPC_URL: z.string().url().optional(),
  CHAIN_ID: z.coerce.number().int().positive().default(1),
  BRIDGE_CONTRACT_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/).optional(),
  BRIDGE_TOKEN_ID: z.coerce.bigint().nonnegative().default(1n),
  BRIDGE_SENDER_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/).optional(),
  BLOCK_EXPLORER_TX_URL: z.string().url().default('https://etherscan.io/tx/'),
  /** The NFT marketplace account lookup behind "Confirm that this is you". */
  MARKETPLACE_API_BASE: z.string().url().default('https://api.opensea.io'),
  MARKETPLACE_API_KEY: z.string().optional(),
  APP_VERSION: z.string().default('1.3.0'),
  /** Error reporting through Sentry's SDKs (docs/operations.md#error-reporting): the project's
   * DSN (`https://<public key>@<ingest host>/<project id>`). Unset: nothing is reported and the
   * shell never loads the SDK. The server's unexpected errors and the pages' both go there. */
  SENTRY_DSN: z.string().url().refine((v) => {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.username !== '' && /\/\d+$/.test(u.pathname) && !u.search && !u.hash;
  }, 'a Sentry DSN: https://<public key>@<host>/<project id>').optional(),
  /** The `environment` reports are filed under (default: NODE_ENV). */
  SENTRY_ENVIRONMENT: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - (at most 64)').optional(),
  /** Folder with the bodies of /privacy and /terms: one folder per language (en/privacy.html,
   * de/terms.html, …), or a studio's own privacy.html and terms.html in English. */
  LEGAL_DIR: z.string().min(1).default('./server/data/legal'),
  /** Where players reach the studio (About, the legal pages): an address, a support page, or both.
   * Without either, about.support in activity.config.json is used; production refuses to sell
   * without one (supportProblems). */
  SUPPORT_EMAIL: z.email('an e-mail address, such as support@studio.com').optional(),
  SUPPORT_URL: z.url({ protocol: /^https$/, error: 'an https:// address of the support page' }).optional(),
  /** Crate shops (contract/crates.ts): price per crate in TC (two decimals at most) and the
   * total supply minted into each shop the first time it starts. Raising a supply later mints
   * the difference; lowering it changes nothing (crates already minted are never destroyed). */
  CRATE_V1_PRICE: tcPrice.default('100'),
  CRATE_V2_PRICE: tcPrice.default('300'),
  CRATE_V1_SUPPLY: z.coerce.number().int().min(0).max(1_000_000_000).default(10_000),
  CRATE_V2_SUPPLY: z.coerce.number().int().min(0).max(1_000_000_000).default(10_000),
  /** Path of the crate drop tables (default server/data/drop-tables.json); checked at start. */
  CRATE_DROP_TABLES: z.string().min(1).optional(),
  /** Real-money TripCoin packs (docs/domain/purchases-providers.md). Discord: the bot token
   * that lists and consumes entitlements, the application's public key (hex Ed25519) that signs
   * its webhook events, and whether test-mode entitlements (type 4) grant. */
  DISCORD_BOT_TOKEN: z.string().min(1).optional(),
  DISCORD_PUBLIC_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'the application public key: 64 hex digits').optional(),
  DISCORD_TEST_ENTITLEMENTS: bool.default(false),
  /** Xsolla (the portal's store): our project, its server API key, the webhook secret key. */
  XSOLLA_PROJECT_ID: z.string().regex(/^\d{1,12}$/, 'the Xsolla project id (digits)').optional(),
  XSOLLA_API_KEY: z.string().min(1).optional(),
  XSOLLA_WEBHOOK_SECRET: z.string().min(1).optional(),
  XSOLLA_API_BASE: z.string().url().default('https://store.xsolla.com/api'),
  /** The web checkout (Stripe's API): the secret key, the webhook signing secret, the API's
   * address, and where the checkout sends the player back ({SESSION}: the session id). */
  WEB_CHECKOUT_SECRET_KEY: z.string().min(1).optional(),
  WEB_CHECKOUT_WEBHOOK_SECRET: z.string().min(1).optional(),
  WEB_CHECKOUT_API_BASE: z.string().url().default('https://api.stripe.com'),
  WEB_CHECKOUT_RETURN_URL: z.string().url().optional(),
  /** How often a purchase whose consume call failed is tried again, and how often Discord's
   * entitlements are polled (its webhook events may never arrive), in ms. */
  PURCHASE_CONSUME_RETRY_MS: z.coerce.number().int().min(100).max(86_400_000).default(30_000),
  PURCHASE_RECONCILE_MS: z.coerce.number().int().min(100).max(86_400_000).default(300_000),
  /** Calls a player may make per minute that ask a payment provider (Discord sync, portal
   * confirm, web checkout and its poll, all together); past it 429 with Retry-After. */
  PURCHASE_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  /** Holds and limits on value leaving a player (docs/limits.md, "Trading holds and limits").
   * Hours outgoing value (gifts, new listings, the bridge) is held after a password change or a
   * sign-in method linked or removed; after sign-up (0: off, as tests and local demos set); and
   * how long TripCoins bought with real money stay held, per host (the provider's refund window). */
  TRADE_HOLD_HOURS: z.coerce.number().int().min(0).max(24 * 90).default(72),
  NEW_ACCOUNT_HOLD_HOURS: z.coerce.number().int().min(0).max(24 * 90).default(24),
  PURCHASE_HOLD_HOURS_WEB: z.coerce.number().int().min(0).max(24 * 180).default(14 * 24),
  PURCHASE_HOLD_HOURS_DISCORD: z.coerce.number().int().min(0).max(24 * 180).default(14 * 24),
  PURCHASE_HOLD_HOURS_CRAZYGAMES: z.coerce.number().int().min(0).max(24 * 180).default(14 * 24),
  /** The price band around an item's recent sales: median unit price x (100+P)/100 up, / the same
   * down; fewer than MIN_SALES recent sales: no band. Listings outside it need a confirmation and
   * at most PER_DAY a day per seller. */
  MARKET_PRICE_BAND_PERCENT: z.coerce.number().int().min(1).max(10_000).default(50),
  MARKET_BAND_MIN_SALES: z.coerce.number().int().min(1).max(30).default(3),
  MARKET_OUTSIDE_BAND_PER_DAY: z.coerce.number().int().min(0).max(1000).default(3),
  /** Value moved between two players per UTC day: TripCoins paid for each other's listings and
   * items given (0: no cap). */
  PAIR_DAILY_CAP_TC: z.coerce.number().int().min(0).max(1_000_000_000).default(20_000),
  PAIR_DAILY_CAP_ITEMS: z.coerce.number().int().min(0).max(1_000_000_000).default(100),
  /** The sale fee (a sink): a percentage (two decimals at most) of each completed sale, taken from
   * what the seller receives. 0: none, as the spec's free listing. */
  MARKET_SALE_FEE_PERCENT: z.coerce.number().min(0).max(50).refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'at most 2 decimals').default(0),
  /** The oldest webhook accepted, by its signed timestamp (s): an older one is a replay. */
  WEBHOOK_MAX_AGE_S: z.coerce.number().int().min(1).max(86_400).default(300),
  /** The console's grants (docs/domain/console.md): the most one grant may give, and the most one
   * admin may grant in a UTC day, in whole TripCoins and in item units (all items together).
   * Removals are not capped: they take value out, never make it. */
  ADMIN_GRANT_MAX_TC: z.coerce.number().int().min(1).max(1_000_000_000).default(10_000),
  ADMIN_GRANT_DAILY_TC: z.coerce.number().int().min(1).max(1_000_000_000).default(50_000),
  ADMIN_GRANT_MAX_ITEMS: z.coerce.number().int().min(1).max(1_000_000_000).default(100),
  ADMIN_GRANT_DAILY_ITEMS: z.coerce.number().int().min(1).max(1_000_000_000).default(500),
  /** How long (minutes) the admin's password, typed in the console, lets that session write
   * before it is asked again. */
  ADMIN_REAUTH_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  /** The TripCoin packs sold for real money and their id on each host (server/services/purchases/products.ts);
   * checked at start. Relative to the working directory. */
  PURCHASE_PRODUCTS_FILE: z.string().min(1).default('config/products.json'),
  /** What each host's own rules leave out (services/policy/featurePolicy.ts): per host, the
   * features off there whatever the switches say. Checked at start. Relative to the working directory. */
  HOST_FEATURES_FILE: z.string().min(1).default('config/host-features.json'),
  /** How often (ms) each process reads the console's feature switches again, besides hearing
   * every change at once through the database's notifications: the fallback for a missed one. */
  FEATURE_SWITCH_REFRESH_MS: z.coerce.number().int().min(200).max(600_000).default(10_000),
});
type Parsed = z.infer<typeof ConfigSchema>;
/** The parsed settings, with the host origins filled in from what is configured. */
export type Config = Omit<Parsed, 'ALLOWED_ORIGINS' | 'FRAME_ANCESTORS'> & { ALLOWED_ORIGINS: string[]; FRAME_ANCESTORS: string[] };

export class ConfigError extends Error {}

/** Origins allowed by default: our own Activity's, and our game's frames on the portal. */
export function defaultAllowedOrigins(c: Pick<Parsed, 'DISCORD_CLIENT_ID' | 'CRAZYGAMES_GAME_ORIGINS'>): string[] {
  return [...(c.DISCORD_CLIENT_ID ? [discordActivityOrigin(c.DISCORD_CLIENT_ID)] : []), ...c.CRAZYGAMES_GAME_ORIGINS];
}

/** Who may frame us by default: ourselves, and the pages of each configured host down to our frame. */
export function defaultFrameAncestors(c: Pick<Parsed, 'DISCORD_CLIENT_ID' | 'CRAZYGAMES_GAME_ID' | 'CRAZYGAMES_GAME_ORIGINS'>): string[] {
  const discord = c.DISCORD_CLIENT_ID ? [...DISCORD_PARENT_ORIGINS, discordActivityOrigin(c.DISCORD_CLIENT_ID)] : [];
  const portal = c.CRAZYGAMES_GAME_ID || c.CRAZYGAMES_GAME_ORIGINS.length ? [...CRAZYGAMES_PARENT_ORIGINS, ...c.CRAZYGAMES_GAME_ORIGINS] : [];
  return ["'self'", ...new Set([...discord, ...portal])];
}

/** The wildcards that would trust other people's sites, in every list of origins we trust. */
export function strangerOrigins(c: Pick<Config, 'ALLOWED_ORIGINS' | 'FRAME_ANCESTORS' | 'CRAZYGAMES_GAME_ORIGINS'>): string[] {
  const lists = [['ALLOWED_ORIGINS', c.ALLOWED_ORIGINS], ['FRAME_ANCESTORS', c.FRAME_ANCESTORS], ['CRAZYGAMES_GAME_ORIGINS', c.CRAZYGAMES_GAME_ORIGINS]] as const;
  return lists.flatMap(([name, values]) => values.flatMap((v) => {
    const why = strangerWildcard(v);
    return why ? [`${name}: ${why}; name the exact origin instead`] : [];
  }));
}

export const isProduction = (c: Pick<Config, 'NODE_ENV'>) => c.NODE_ENV === 'production';

/** The drain after a stop signal: SHUTDOWN_DRAIN_S, else 10 s in production (a load balancer's
 * health check needs a few polls to take a process out) and none elsewhere (Ctrl-C stops at once). */
export const shutdownDrainSeconds = (c: Pick<Config, 'NODE_ENV' | 'SHUTDOWN_DRAIN_S'>) => c.SHUTDOWN_DRAIN_S ?? (isProduction(c) ? 10 : 0);

/** Cookies are Secure (SameSite=None; Partitioned) on every answer when our public origin is https,
 * whether or not the TLS-terminating proxy in front says so. */
export const secureByConfig = (c: Pick<Config, 'PUBLIC_ORIGIN'>) => c.PUBLIC_ORIGIN?.startsWith('https://') === true;

/**
 * What a production process must not start without (NODE_ENV=production), every problem at once:
 * our public origin over https (so every cookie is Secure), the secrets the configured features
 * need, exact origins only, portal sign-in only with our game id, and no local-only setting.
 */
export function productionProblems(c: Config): string[] {
  const problems: string[] = [];
  if (!c.PUBLIC_ORIGIN) problems.push('PUBLIC_ORIGIN is not set: give the https origin players reach us at (https://game.example.com)');
  else if (!secureByConfig(c)) problems.push(`PUBLIC_ORIGIN is ${c.PUBLIC_ORIGIN}: it must be https, or session cookies go out without Secure`);
  if (!c.GAME_SERVER_KEY) problems.push('GAME_SERVER_KEY is not set: the game servers could not award anything');
  if (Boolean(c.DISCORD_CLIENT_ID) !== Boolean(c.DISCORD_CLIENT_SECRET)) problems.push('DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together: one of them is missing');
  if (c.TURNSTILE_SECRET && !c.TURNSTILE_SITE_KEY) problems.push('TURNSTILE_SECRET is set without TURNSTILE_SITE_KEY: the shell could not show the check');
  const bridge = [c.CHAIN_RPC_URL, c.BRIDGE_CONTRACT_ADDRESS, c.BRIDGE_SENDER_PRIVATE_KEY];
  if (bridge.some(Boolean) && !bridge.every(Boolean)) problems.push('the Mythical Bridge needs CHAIN_RPC_URL, BRIDGE_CONTRACT_ADDRESS and BRIDGE_SENDER_PRIVATE_KEY together: one is missing');
  if (c.CRAZYGAMES_GAME_ORIGINS.length && !c.CRAZYGAMES_GAME_ID) problems.push('CRAZYGAMES_GAME_ORIGINS is set without CRAZYGAMES_GAME_ID: portal sign-in would stay off');
  for (const [name, values] of [['ALLOWED_ORIGINS', c.ALLOWED_ORIGINS], ['FRAME_ANCESTORS', c.FRAME_ANCESTORS]] as const) {
    for (const v of values) if (v.includes('*')) problems.push(`${name}: "${v}" is a wildcard; production names exact origins`);
    for (const v of values) if (/^http:\/\//i.test(v)) problems.push(`${name}: "${v}" is plain http`);
  }
  problems.push(...trustProblems(c));
  if (c.PGLITE_TEMPLATE) problems.push('PGLITE_TEMPLATE is set: it starts a throwaway in-memory database, for test runs only');
  if (c.DEMO_GAME_SERVER) problems.push('DEMO_GAME_SERVER is set: the local demo game server pays anyone who plays a round; it is for local try-outs only');
  problems.push(...purchaseConfigProblems(c));
  problems.push(...supportProblems(c));
  if (c.PLAYGROUND_ORIGIN) problems.push('PLAYGROUND_ORIGIN is set: it is for the local host playground and lifts frame-ancestors');
  return problems;
}

/** The studio's support contact: SUPPORT_EMAIL and SUPPORT_URL, else about.support in
 * activity.config.json (its first mailto: address and first https page). */
export function supportContact(c: Pick<Config, 'SUPPORT_EMAIL' | 'SUPPORT_URL'>): { email: string | null; url: string | null } {
  if (c.SUPPORT_EMAIL || c.SUPPORT_URL) return { email: c.SUPPORT_EMAIL ?? null, url: c.SUPPORT_URL ?? null };
  const links = ActivityConfig.shape.about.parse((activity as { about?: unknown }).about).support;
  const email = links.find((l) => l.href.startsWith('mailto:'))?.href.slice('mailto:'.length) ?? null;
  const url = links.find((l) => l.href.startsWith('https://'))?.href ?? null;
  return { email, url };
}

/** A process that sells TripCoins for real money (any host's purchase keys set) must tell players
 * where to ask about a payment, a refund or their data: production refuses it without a contact. */
export function supportProblems(c: Config): string[] {
  const selling = [c.DISCORD_BOT_TOKEN, c.DISCORD_PUBLIC_KEY, c.XSOLLA_PROJECT_ID, c.XSOLLA_API_KEY, c.XSOLLA_WEBHOOK_SECRET, c.WEB_CHECKOUT_SECRET_KEY, c.WEB_CHECKOUT_WEBHOOK_SECRET].some(Boolean);
  const { email, url } = supportContact(c);
  if (selling && !email && !url) return ['purchases are on but there is no support contact: set SUPPORT_EMAIL or SUPPORT_URL (or about.support in activity.config.json); players need it for payments, refunds and their data'];
  return [];
}

/** The outside addresses whose answers we trust (sign-in keys, the bot check, Discord, the stores,
 * the marketplace, the chain): reached over plain http, anyone on the path could answer for them. */
export const TRUST_ANCHORS = ['CRAZYGAMES_PUBLIC_KEY_URL', 'TURNSTILE_VERIFY_URL', 'DISCORD_API_BASE', 'DISCORD_AUTHORIZE_URL', 'XSOLLA_API_BASE', 'WEB_CHECKOUT_API_BASE', 'MARKETPLACE_API_BASE', 'CHAIN_RPC_URL'] as const;

/** Production's refusals about whom we trust: test purchases that mint real coins, a trust anchor
 * or provider over http, an allowed origin that is not an https origin (`null`, a path, http). */
export function trustProblems(c: Pick<Config, (typeof TRUST_ANCHORS)[number] | 'DISCORD_TEST_ENTITLEMENTS' | 'ALLOWED_ORIGINS'>): string[] {
  const problems: string[] = [];
  if (c.DISCORD_TEST_ENTITLEMENTS) problems.push('DISCORD_TEST_ENTITLEMENTS is on: test-mode purchases are free and would grant real TripCoins');
  for (const name of TRUST_ANCHORS) {
    const value = c[name];
    if (value && !value.toLowerCase().startsWith('https://')) problems.push(`${name} is ${value}: a trust anchor or provider is reached over https only`);
  }
  for (const v of c.ALLOWED_ORIGINS) {
    let https: boolean;
    try { const u = new URL(v); https = u.protocol === 'https:' && u.origin === v; } catch { https = false; }
    if (!https && !/^http:\/\//i.test(v) && !v.includes('*')) problems.push(`ALLOWED_ORIGINS: "${v}" is not an https origin (https://host[:port])`);
  }
  return problems;
}

/** Which host sign-ins this process offers, and why (logged at start-up). */
export function hostSignIns(c: Config): string[] {
  const discord = c.DISCORD_CLIENT_ID && c.DISCORD_CLIENT_SECRET
    ? `Discord sign-in: on (client ${c.DISCORD_CLIENT_ID}; the Activity at ${discordActivityOrigin(c.DISCORD_CLIENT_ID)})`
    : 'Discord sign-in: off (DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are not both set)';
  const portal = c.CRAZYGAMES_GAME_ID
    ? `CrazyGames portal sign-in: on (tokens of game ${c.CRAZYGAMES_GAME_ID} only${c.CRAZYGAMES_GAME_ORIGINS.length ? `; frames at ${c.CRAZYGAMES_GAME_ORIGINS.join(', ')}` : ''})`
    : 'CrazyGames portal sign-in: off (CRAZYGAMES_GAME_ID is not set)';
  return [discord, portal];
}

/** Parses the environment (or any string map); throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(ConfigSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') relevant[key] = value;
  }
  const parsed = ConfigSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const merged = { ...parsed.data, ...overrides };
  const config: Config = {
    ...merged,
    ALLOWED_ORIGINS: merged.ALLOWED_ORIGINS ?? defaultAllowedOrigins(merged),
    FRAME_ANCESTORS: merged.FRAME_ANCESTORS ?? defaultFrameAncestors(merged),
  };
  const problems = [...strangerOrigins(config), ...(isProduction(config) ? productionProblems(config) : [])];
  if (problems.length) {
    const heading = isProduction(config) ? 'Refusing to start in production (NODE_ENV=production):' : 'Invalid configuration:';
    throw new ConfigError(`${heading}\n  ${problems.join('\n  ')}`);
  }
  return config;
}

/** Loopback host names, and the wildcard addresses a server listening on every interface has. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * Our own origins: PUBLIC_ORIGIN; else, for a local run, the loopback names of the port we listen
 * on (and HOST, when it is a particular address). A local PUBLIC_ORIGIN (http on a loopback name,
 * such as `npm run dev`'s Vite page) also covers its other loopback names and those of our own
 * port. Never anything a request says about itself.
 */
export function ownOriginsOf(c: Pick<Config, 'PUBLIC_ORIGIN' | 'HOST'>, port: number): string[] {
  const loopbacks = (portPart: string) => LOOPBACK_NAMES.map((h) => `http://${h}${portPart}`);
  const portPart = port === 80 ? '' : `:${port}`;
  if (c.PUBLIC_ORIGIN) {
    const url = new URL(c.PUBLIC_ORIGIN);
    const local = url.protocol === 'http:' && LOOPBACK_NAMES.includes(url.hostname);
    return local ? [...new Set([c.PUBLIC_ORIGIN, ...loopbacks(url.port ? `:${url.port}` : ''), ...loopbacks(portPart)])] : [c.PUBLIC_ORIGIN];
  }
  const host = c.HOST.includes(':') && !c.HOST.startsWith('[') ? `[${c.HOST}]` : c.HOST;
  const own = LOOPBACK_NAMES.includes(host) || ANY_ADDRESS.has(host) ? [] : [`http://${host}${portPart}`];
  return [...loopbacks(portPart), ...own];
}
