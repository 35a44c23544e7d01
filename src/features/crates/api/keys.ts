// Every crate query lives under this root, so one invalidation refreshes both shops.
export const CRATES_KEY = ['crates'] as const;
