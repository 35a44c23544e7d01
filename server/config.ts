// Every setting the server reads, parsed once from the environment with zod.
// README.md's configuration table documents each of these.
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { parseTripcoins } from '../contract/money';

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
 * TRUST_PROXY as Fastify takes it (issue 22 item 5: a client connecting directly never chooses
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

export const DEFAULT_FRAME_ANCESTORS = [
  "'self'",
  'https://*.crazygames.com',
  'https://crazygames.com',
  'https://discord.com',
  'https://*.discord.com',
  'https://*.discordsays.com',
];

export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Built shell to serve; empty string disables static serving (API only, e.g. behind `npm run dev`). */
  STATIC_DIR: z.string().default('./dist'),
  /** A real Unity WebGL build to serve at /game/build/* instead of the demo game. */
  UNITY_BUILD_DIR: z.string().optional(),
  /** Where `npm run build` puts the demo game's four files (served when UNITY_BUILD_DIR is unset). */
  DEMO_GAME_DIR: z.string().min(1).default('./dist/game'),
  /** Origins other than our own allowed to make state-changing requests (the hosts' iframes). */
  ALLOWED_ORIGINS: list.default(['https://*.crazygames.com', 'https://*.discordsays.com']),
  FRAME_ANCESTORS: list.default(DEFAULT_FRAME_ANCESTORS),
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
   * check for one address or one username; the doubling stops at 16x (README, Accounts). */
  AUTH_FAILURES_PER_LEVEL: z.coerce.number().int().min(1).max(1000).default(5),
  /** scrypt cost parameter N = 2^SCRYPT_LOG_N (17 in production; tests may lower it). */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
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
  /** The token /metrics asks for (`Authorization: Bearer`); unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Shares the global rate limit's counters between every API process (redis:// or rediss://);
   * unset: each process counts in its own memory. */
  REDIS_URL: z.string().url().refine((u) => /^rediss?:\/\//.test(u), 'must be a redis:// or rediss:// URL').optional(),
  /** Requests per minute per address across the API (0 disables; login/register have their own limits). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  /** Attempts per minute from one address at every password check and sign-up (429 past it);
   * per username at sign-up, and per Discord identity at the Discord fuse. A username is never
   * refused at sign-in: failures raise its bot check's work instead (README, Accounts). */
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
  DISCORD_CLIENT_ID: z.string().optional(),
  DISCORD_CLIENT_SECRET: z.string().optional(),
  DISCORD_API_BASE: z.string().url().default('https://discord.com/api'),
  /** Discord's authorize page the sign-in popup opens. */
  DISCORD_AUTHORIZE_URL: z.string().url().default('https://discord.com/oauth2/authorize'),
  /** Where CrazyGames publishes the key its user tokens are signed with (JSON {publicKey}). */
  CRAZYGAMES_PUBLIC_KEY_URL: z.string().url().default('https://sdk.crazygames.com/publicKey.json'),
  /** When set, portal tokens for another game are refused. */
  CRAZYGAMES_GAME_ID: z.string().optional(),
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
  /** Folder with privacy.html and terms.html, the bodies of /privacy and /terms. */
  LEGAL_DIR: z.string().min(1).default('./server/data/legal'),
  /** Crate shops (contract/crates.ts): price per crate in TC (two decimals at most) and the
   * total supply minted into each shop the first time it starts. Raising a supply later mints
   * the difference; lowering it changes nothing (crates already minted are never destroyed). */
  CRATE_V1_PRICE: tcPrice.default('100'),
  CRATE_V2_PRICE: tcPrice.default('300'),
  CRATE_V1_SUPPLY: z.coerce.number().int().min(0).max(1_000_000_000).default(10_000),
  CRATE_V2_SUPPLY: z.coerce.number().int().min(0).max(1_000_000_000).default(10_000),
  /** Path of the crate drop tables (default server/data/drop-tables.json); checked at start. */
  CRATE_DROP_TABLES: z.string().min(1).optional(),
});
export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

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
  return { ...parsed.data, ...overrides };
}
