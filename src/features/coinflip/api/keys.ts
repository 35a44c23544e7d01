// Every coin flip query lives under this root, so one invalidation refreshes the open wagers
// and the games being followed.
export const COINFLIP_KEY = ['coinflip'] as const;
