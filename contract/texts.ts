// The contract's text objects in one list, each with its group name. The server answers errors
// with these texts (English) and a stable `code` derived from where the text lives
// (`textCode('clan', 'nameTaken')` = `CLAN_NAME_TAKEN`), unless the error names its own code;
// the shell shows its own translation for a code it knows (src/i18n/serverTexts.ts) and the
// server's text otherwise. A text with values (a count, a name, an amount) is a function here;
// `TEXT_PARAMS` names its values, and `said()` gives the server its English with the code and
// the named values (TextRef) the shell words it from.
import type { TextParams, TextRef } from './http';
import { tcFixed } from './economy';
import { AIRDROP_TEXT, DISCORD_TEXT, PORTAL_TEXT, WALLET_TEXT } from './accounts';
import { AGE_TEXT } from './age';
import { AUTH_TEXT } from './auth';
import { HTTP_TEXT } from './http';
import { BRIDGE_TEXT } from './bridge';
import { CLAN_TEXT } from './clans';
import { COINFLIP_TEXT } from './coinflip';
import { CRATE_TEXT } from './crates';
import { FEATURE_TEXT } from './features';
import { ECONOMY_TEXT } from './economy';
import { MARKET_TEXT } from './marketplace';
import { INVENTORY_TEXT } from './myEconomy';
import { LIVE_TEXT } from './liveEvents';
import { LEADERBOARD_TEXT } from './leaderboards';
import { NAME_TEXT } from './names';
import { PROFILE_TEXT } from './profile';
import { PURCHASE_TEXT } from './purchases';
import { RIGHTS_TEXT } from './rights';
import { SETTINGS_IMPORT_TEXT } from './settings';
import { TRADE_TEXT } from './trade';

export const CONTRACT_TEXT_GROUPS = {
  airdrop: AIRDROP_TEXT, discord: DISCORD_TEXT, portal: PORTAL_TEXT, wallet: WALLET_TEXT, auth: AUTH_TEXT, age: AGE_TEXT,
  bridge: BRIDGE_TEXT, clan: CLAN_TEXT, coinflip: COINFLIP_TEXT, crate: CRATE_TEXT, economy: ECONOMY_TEXT,
  market: MARKET_TEXT, name: NAME_TEXT, profile: PROFILE_TEXT, settingsImport: SETTINGS_IMPORT_TEXT,
  inventory: INVENTORY_TEXT, live: LIVE_TEXT, purchase: PURCHASE_TEXT, rights: RIGHTS_TEXT, feature: FEATURE_TEXT, http: HTTP_TEXT, trade: TRADE_TEXT,
  leaderboard: LEADERBOARD_TEXT,
} as const;

/**
 * The named values of every contract text that takes some, in the order its function takes them.
 * Amounts of coins (`amount`, `balance`, `cost`, `price`) travel as decimal strings ("300.00").
 * tests/unit/i18n-server-codes.test.ts checks every function text is named here and every
 * catalog words every code with exactly these values.
 */
export const TEXT_PARAMS: Record<string, readonly string[]> = {
  'airdrop.received': ['items'],
  'auth.banned': ['message'],
  'clan.done.created': ['tag', 'name'], 'clan.done.joined': ['clan'], 'clan.done.inviteSent': ['username'],
  'clan.done.newAdmin': ['username'], 'clan.done.requestSent': ['clan'], 'clan.done.memberJoined': ['username'],
  'coinflip.insufficient': ['balance'],
  'crate.onlyAvailable': ['count'], 'crate.insufficient': ['balance', 'cost'], 'crate.purchased': ['count', 'name'], 'crate.spent': ['amount'],
  'economy.onlyHave': ['count'],
  'feature.offSaying': ['message'],
  'market.insufficient': ['price', 'balance'],
  'trade.held': ['action', 'reason', 'until'], 'trade.boughtCoinsHeld': ['amount', 'until'], 'trade.outsideBand': ['low', 'high'],
  'trade.outsideBandDaily': ['count'], 'trade.pairCap': ['username'],
  'name.invisible': ['what'], 'name.mixedScripts': ['what'],
  'settingsImport.invalid': ['path', 'message'],
  'inventory.count': ['count'], 'inventory.packBought': ['amount'], 'inventory.packRefunded': ['amount'], 'inventory.listingLine': ['count', 'price'], 'inventory.ends': ['date'], 'inventory.wagerLine': ['amount', 'side'],
  'live.listingSold': ['item', 'price'], 'live.coinsReceived': ['from', 'amount'], 'live.itemReceived': ['from', 'item', 'count'],
  'live.clanInvite': ['username', 'clan'], 'live.clanAccept': ['username', 'clan'], 'live.clanJoinRequest': ['username'], 'live.clanRemoval': ['clan'], 'live.clanLeft': ['username', 'clan'],
  'live.adminGranted': ['amount', 'asset'], 'live.adminRemoved': ['amount', 'asset'],
  'live.listingCancelled': ['count', 'item'], 'live.studioMessage': ['message'],
  'live.coinsAwarded': ['amount'], 'live.purchaseGranted': ['amount'], 'live.purchaseReversed': ['amount'], 'live.purchaseReversedDebt': ['amount', 'debt'],
};

/** `clan` + `nameTaken` → `CLAN_NAME_TAKEN`; nested paths join with `_` as well. */
export function textCode(...path: string[]): string {
  return path.map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_')).join('_').toUpperCase();
}

/** Every plain (argument-free) contract text with its code and its path (`clan.nameTaken`). */
export function contractTextEntries(): Array<{ text: string; code: string; path: string }> {
  const out: Array<{ text: string; code: string; path: string }> = [];
  const walk = (parts: string[], value: unknown) => {
    if (typeof value === 'string') { out.push({ text: value, code: textCode(...parts), path: parts.join('.') }); return; }
    if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk([...parts, key], inner);
  };
  for (const [group, object] of Object.entries(CONTRACT_TEXT_GROUPS)) walk([group], object);
  return out;
}

/** Every contract text, plain or with values, with its code, its path and the names of its values. */
export function contractTextCodes(): Array<{ code: string; path: string; params: readonly string[] }> {
  const out: Array<{ code: string; path: string; params: readonly string[] }> = [];
  const walk = (parts: string[], value: unknown) => {
    const path = parts.join('.');
    if (typeof value === 'string') out.push({ code: textCode(...parts), path, params: [] });
    else if (typeof value === 'function') out.push({ code: textCode(...parts), path, params: TEXT_PARAMS[path] ?? [] });
    else if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk([...parts, key], inner);
  };
  for (const [group, object] of Object.entries(CONTRACT_TEXT_GROUPS)) walk([group], object);
  return out;
}

/** The values that are amounts of coins: in hundredths (bigint) here, decimal strings on the wire. */
const COIN_PARAMS = new Set(['amount', 'balance', 'cost', 'price', 'low', 'high']);

/** A value as it travels: a coin amount as its decimal string, another bigint (a count) as a number. */
const wire = (name: string, value: unknown): string | number => {
  if (typeof value === 'bigint') return COIN_PARAMS.has(name) ? tcFixed(value) : Number(value);
  return typeof value === 'number' ? value : String(value);
};

/**
 * A contract text said with its values: its English (`clan.done.inviteSent`, 'alice' → "Invite
 * sent to alice") and what the shell words it from ({code: CLAN_DONE_INVITE_SENT, params:
 * {username: 'alice'}}). A path that is no contract text is a programming error.
 */
export function said(path: string, ...args: unknown[]): { text: string; ref: TextRef } {
  let value: unknown = CONTRACT_TEXT_GROUPS;
  for (const part of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  const parts = path.split('.');
  if (typeof value === 'string') return { text: value, ref: { code: textCode(...parts) } };
  if (typeof value !== 'function') throw new Error(`No contract text at ${path}`);
  const names = TEXT_PARAMS[path];
  if (!names || names.length !== args.length) throw new Error(`${path} takes ${names?.length ?? '?'} named values, got ${args.length}`);
  const params: TextParams = Object.fromEntries(names.map((name, i) => [name, wire(name, args[i])]));
  return { text: (value as (...a: unknown[]) => string)(...args), ref: { code: textCode(...parts), params } };
}

/** The code for an error text the contract holds (the first place it appears), else undefined. */
let byText: Map<string, string> | null = null;
export function codeForText(text: string): string | undefined {
  if (!byText) {
    byText = new Map();
    for (const entry of contractTextEntries()) if (!byText.has(entry.text)) byText.set(entry.text, entry.code);
  }
  return byText.get(text);
}

/** A code for an error that names none and whose text is not the contract's: by HTTP status. */
export function codeForStatus(status: number): string {
  const named: Record<number, string> = {
    400: 'BAD_REQUEST', 401: 'NOT_LOGGED_IN', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 410: 'GONE',
    413: 'TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 422: 'UNPROCESSABLE', 429: 'RATE_LIMITED', 503: 'UNAVAILABLE',
  };
  return named[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}
