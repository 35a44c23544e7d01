// The features a host's rules or the studio's switches can turn off, named once (zod-free, so
// contract/http.ts can name them on an endpoint without importing the policy's schemas).
// contract/features.ts holds the policy's schemas, texts and endpoints.

/** coinflip: wagers of TripCoins; marketplace: listing and buying; gifts: giving items to another
 * player; bridge: sending a ticket out to the chain; crates: buying and opening crates;
 * purchases: TripCoin packs for real money. */
export const FEATURES = ['coinflip', 'marketplace', 'gifts', 'bridge', 'crates', 'purchases'] as const;
export type Feature = (typeof FEATURES)[number];

/** What the shell sends with each request to say which host frames it (its detected host): a
 * web sign-in in a portal's frame records that host on its session. */
export const HOST_HEADER = 'x-tripshell-host';

/** The error code of every refusal for a feature that is off. */
export const FEATURE_OFF = 'FEATURE_OFF';
