// Every marketplace query lives under this root, so one invalidation refreshes the listings,
// the stats and the open listing.
export const MARKET_KEY = ['market'] as const;
