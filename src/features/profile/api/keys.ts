// Every profile query lives under this root, so saving your own profile refreshes it wherever
// it is shown.
export const PROFILE_KEY = ['profile'] as const;
