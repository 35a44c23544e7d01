// Holds and limits on value leaving a player, and the marketplace's sale fee: what the shell asks
// before the player fills a form (GET /api/me/trade-status, GET /api/seaport/price-band) and the
// refusals' texts. The rules in words: docs/domain/money.md, "Holds, limits and the sale fee".
import { z } from 'zod';
import { defineEndpoint } from './http';
import { tcFixed } from './economy';

/** What a hold or limit stops: giving items, new listings, the bridge, and buying a listing
 * priced outside its item's usual range. Receiving, playing, crates and the shop are never held. */
export const TRADE_ACTIONS = ['give', 'list', 'bridge', 'buy'] as const;
export type TradeAction = (typeof TRADE_ACTIONS)[number];
/** Why: a credential change (password changed, a sign-in method linked or removed), a new
 * account, or TripCoins bought with real money within the provider's refund window. */
export const HOLD_REASONS = ['passwordChanged', 'signInLinked', 'signInRemoved', 'newAccount', 'purchase'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];
export type CredentialHoldReason = Extract<HoldReason, 'passwordChanged' | 'signInLinked' | 'signInRemoved'>;

/** The refusal codes (each a 4xx): a hold, a listing outside the band unconfirmed, past the daily
 * number of such listings, past the value two players may move between them in a day. */
export const TRADE_HOLD = 'TRADE_HOLD';
export const PRICE_OUTSIDE_BAND = 'PRICE_OUTSIDE_BAND';
export const OUTSIDE_BAND_DAILY_LIMIT = 'OUTSIDE_BAND_DAILY_LIMIT';
export const PAIR_DAILY_CAP = 'PAIR_DAILY_CAP';

const ACTION_EN: Record<TradeAction, string> = {
  give: 'Giving items', list: 'New listings', bridge: 'The Mythical Bridge', buy: 'Buying listings priced outside their usual range',
};
const REASON_EN: Record<HoldReason, string> = {
  passwordChanged: 'your password was changed',
  signInLinked: 'a sign-in method was linked to your account',
  signInRemoved: 'a sign-in method was removed from your account',
  newAccount: 'your account is new',
  purchase: 'you bought TripCoins recently',
};
const en = <T extends string>(table: Record<T, string>, key: string) => (table as Record<string, string>)[key] ?? key;

export const TRADE_TEXT = {
  /** `until`: ISO 8601 (the shell writes it as a date and time in the player's language). */
  held: (action: string, reason: string, until: string) => `${en(ACTION_EN, action)}: on hold until ${until}, because ${en(REASON_EN, reason)}`,
  boughtCoinsHeld: (amount: bigint, until: string) =>
    `Ŧ${tcFixed(amount)} of your TripCoins were bought recently and stay on hold until ${until}: they pay for crates, the shop and listings at their usual price, but cannot leave your account yet`,
  outsideBand: (low: bigint, high: bigint) => `This price is outside the usual range for this item (Ŧ${tcFixed(low)} to Ŧ${tcFixed(high)} each): confirm to list it anyway`,
  outsideBandDaily: (count: number) => `You can list at most ${count} ${count === 1 ? 'item' : 'items'} a day priced outside their usual range`,
  pairCap: (username: string) => `You and ${username} have moved as much value between you today as one day allows: try again tomorrow (UTC)`,
} as const;

export const TradeHold = z.object({
  /** A credential hold's id (the console releases it by this), null for the derived ones. */
  id: z.string().nullable(),
  reason: z.enum(HOLD_REASONS),
  /** ISO 8601. */
  until: z.string(),
  actions: z.array(z.enum(TRADE_ACTIONS)),
});
export type TradeHold = z.infer<typeof TradeHold>;

export const TradeStatus = z.object({
  /** Every hold in force, the one ending last first. */
  holds: z.array(TradeHold),
  /** TripCoins bought within their refund window and not yet spent on crates or the shop. */
  boughtHeld: z.object({ amount: z.number(), until: z.string() }).nullable(),
  /** Balance − boughtHeld (never below 0): what may pay for a listing outside its usual range. */
  transferable: z.number(),
  /** The sale fee, a percentage of each sale taken from what the seller receives. */
  saleFeePercent: z.number(),
  outsideBandToday: z.number().int(),
  outsideBandPerDay: z.number().int(),
});
export type TradeStatus = z.infer<typeof TradeStatus>;

export const PriceBand = z.object({
  itemUuid: z.string(),
  /** Recent sales the band is made from (the last 30 at most). */
  sales: z.number().int(),
  /** Per unit; all null when there are too few recent sales for a band. */
  median: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  saleFeePercent: z.number(),
});
export type PriceBand = z.infer<typeof PriceBand>;

export const tradeStatus = defineEndpoint({
  method: 'GET', path: '/api/me/trade-status', access: 'user', summary: "The caller's holds and limits on giving, listing and the bridge, and the sale fee",
  response: TradeStatus,
});
export const priceBand = defineEndpoint({
  method: 'GET', path: '/api/seaport/price-band', access: 'public', summary: "An item's usual price range (from its recent sales) and the sale fee",
  query: z.object({ itemUuid: z.guid() }), response: PriceBand,
});

/** The fee on a sale of `price` hundredths at `feeBasisPoints` (1 % = 100): rounded down, so the
 * seller is never charged a fraction more than the rate. */
export const saleFeeOf = (price: bigint, feeBasisPoints: number) => (price * BigInt(feeBasisPoints)) / 10_000n;

export const tradeEndpoints = { tradeStatus, priceBand };
