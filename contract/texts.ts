// The contract's text objects in one list, each with its group name. The server answers errors
// with these texts (English) and a stable `code` derived from where the text lives
// (`textCode('clan', 'nameTaken')` = `CLAN_NAME_TAKEN`), unless the error names its own code;
// the shell shows its own translation for a code it knows (src/i18n/serverTexts.ts) and the
// server's text otherwise.
import { AIRDROP_TEXT, DISCORD_TEXT, PORTAL_TEXT, WALLET_TEXT } from './accounts';
import { AUTH_TEXT } from './auth';
import { BRIDGE_TEXT } from './bridge';
import { CLAN_TEXT } from './clans';
import { COINFLIP_TEXT } from './coinflip';
import { CRATE_TEXT } from './crates';
import { ECONOMY_TEXT } from './economy';
import { MARKET_TEXT } from './marketplace';
import { INVENTORY_TEXT } from './myEconomy';
import { LIVE_TEXT } from './liveEvents';
import { NAME_TEXT } from './names';
import { PROFILE_TEXT } from './profile';
import { PURCHASE_TEXT } from './purchases';
import { SETTINGS_IMPORT_TEXT } from './settings';

export const CONTRACT_TEXT_GROUPS = {
  airdrop: AIRDROP_TEXT, discord: DISCORD_TEXT, portal: PORTAL_TEXT, wallet: WALLET_TEXT, auth: AUTH_TEXT,
  bridge: BRIDGE_TEXT, clan: CLAN_TEXT, coinflip: COINFLIP_TEXT, crate: CRATE_TEXT, economy: ECONOMY_TEXT,
  market: MARKET_TEXT, name: NAME_TEXT, profile: PROFILE_TEXT, settingsImport: SETTINGS_IMPORT_TEXT,
  inventory: INVENTORY_TEXT, live: LIVE_TEXT, purchase: PURCHASE_TEXT,
} as const;

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
