// The contract's texts as the shell shows them: in the player's language (localized.ts). Import
// these instead of the contract's own objects in src/ (the contract's stay English for the
// server). `CONTRACT_TEXTS` lists every one with its catalog prefix, for the catalog test.
import { AIRDROP_TEXT as AIRDROP, DISCORD_TEXT as DISCORD, PORTAL_TEXT as PORTAL, WALLET_TEXT as WALLET } from '../../contract/accounts';
import { AGE_TEXT as AGE } from '../../contract/age';
import { AUTH_TEXT as AUTH } from '../../contract/auth';
import { BRIDGE_TEXT as BRIDGE } from '../../contract/bridge';
import { CLAN_TEXT as CLAN } from '../../contract/clans';
import { COINFLIP_TEXT as COINFLIP } from '../../contract/coinflip';
import { CRATE_TEXT as CRATE } from '../../contract/crates';
import { ECONOMY_TEXT as ECONOMY } from '../../contract/economy';
import { MARKET_TEXT as MARKET } from '../../contract/marketplace';
import { NAME_TEXT as NAME } from '../../contract/names';
import { PROFILE_TEXT as PROFILE } from '../../contract/profile';
import { SETTINGS_IMPORT_TEXT as SETTINGS_IMPORT } from '../../contract/settings';
import { INVENTORY_TEXT as INVENTORY } from '../../contract/myEconomy';
import { LIVE_TEXT as LIVE } from '../../contract/liveEvents';
import { PURCHASE_TEXT as PURCHASE } from '../../contract/purchases';
import { HTTP_TEXT as HTTP } from '../../contract/http';
import { TRADE_TEXT as TRADE } from '../../contract/trade';
import { localized, type ArgFormat } from './localized';
import { coinsPlain, formatDate, formatNumber } from './format';
import { parseTripcoins } from '../../contract/coins';

/** Coin amounts in hundredths (bigint), or as the server sends them ("300.00"), as the locale writes them with two decimals. */
const coins = (value: unknown) => {
  const hundredths = typeof value === 'bigint' ? value : typeof value === 'string' ? parseTripcoins(value) : null;
  return hundredths === null ? String(value) : coinsPlain(hundredths);
};
const amounts: ArgFormat = (args) => Object.fromEntries(args.map((value, i) => [String(i), coins(value)]));
const count: ArgFormat = ([n]) => ({ 0: formatNumber(Number(n), { useGrouping: false }), soldOut: Number(n) <= 0 ? 'yes' : 'no' });
/** An ISO instant (a hold's end) as the player's locale writes a date and time. */
export const whenText = (value: unknown) => {
  const at = typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? formatDate(at, { dateStyle: 'medium', timeStyle: 'short' }) : String(value);
};
const held: ArgFormat = ([action, reason, until]) => ({ 0: String(action), 1: String(reason), 2: whenText(until) });
const boughtHeld: ArgFormat = ([amount, until]) => ({ 0: coins(amount), 1: whenText(until) });
const number: ArgFormat = ([n]) => ({ 0: Number(n) });

export const CONTRACT_TEXTS = {
  'text.airdrop': AIRDROP, 'text.discord': DISCORD, 'text.portal': PORTAL, 'text.wallet': WALLET, 'text.auth': AUTH, 'text.age': AGE,
  'text.bridge': BRIDGE, 'text.clan': CLAN, 'text.coinflip': COINFLIP, 'text.crate': CRATE, 'text.economy': ECONOMY,
  'text.market': MARKET, 'text.name': NAME, 'text.profile': PROFILE, 'text.settingsImport': SETTINGS_IMPORT,
  'text.inventory': INVENTORY, 'text.live': LIVE, 'text.purchase': PURCHASE, 'text.http': HTTP, 'text.trade': TRADE,
} as const;

export const ARG_FORMATS: Record<string, ArgFormat> = {
  'text.coinflip.insufficient': amounts,
  'text.market.insufficient': amounts,
  'text.crate.insufficient': amounts,
  'text.crate.spent': amounts,
  'text.crate.onlyAvailable': count,
  'text.economy.onlyHave': count,
  'text.trade.held': held,
  'text.trade.boughtCoinsHeld': boughtHeld,
  'text.trade.outsideBand': amounts,
  'text.trade.outsideBandDaily': number,
};

export const AIRDROP_TEXT = localized('text.airdrop', AIRDROP, ARG_FORMATS);
export const DISCORD_TEXT = localized('text.discord', DISCORD, ARG_FORMATS);
export const PORTAL_TEXT = localized('text.portal', PORTAL, ARG_FORMATS);
export const WALLET_TEXT = localized('text.wallet', WALLET, ARG_FORMATS);
export const AUTH_TEXT = localized('text.auth', AUTH, ARG_FORMATS);
export const AGE_TEXT = localized('text.age', AGE, ARG_FORMATS);
export const BRIDGE_TEXT = localized('text.bridge', BRIDGE, ARG_FORMATS);
export const CLAN_TEXT = localized('text.clan', CLAN, ARG_FORMATS);
export const COINFLIP_TEXT = localized('text.coinflip', COINFLIP, ARG_FORMATS);
export const CRATE_TEXT = localized('text.crate', CRATE, ARG_FORMATS);
export const ECONOMY_TEXT = localized('text.economy', ECONOMY, ARG_FORMATS);
export const MARKET_TEXT = localized('text.market', MARKET, ARG_FORMATS);
export const NAME_TEXT = localized('text.name', NAME, ARG_FORMATS);
export const PROFILE_TEXT = localized('text.profile', PROFILE, ARG_FORMATS);
export const SETTINGS_IMPORT_TEXT = localized('text.settingsImport', SETTINGS_IMPORT, ARG_FORMATS);
export const INVENTORY_TEXT = localized('text.inventory', INVENTORY, ARG_FORMATS);
export const LIVE_TEXT = localized('text.live', LIVE, ARG_FORMATS);
export const PURCHASE_TEXT = localized('text.purchase', PURCHASE, ARG_FORMATS);
export const TRADE_TEXT = localized('text.trade', TRADE, ARG_FORMATS);
