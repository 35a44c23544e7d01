-- The age screen keeps only a band, never a birth date (docs/domain/age.md). NULL: not asked yet;
-- every account made through Discord or the portal starts so, as does a web sign-up from a client
-- that sends no birth date: the host (or the sign-up) vouches for 13 or older, and the band is
-- asked before a first wager. Under 13 never gets a row.
ALTER TABLE users ADD COLUMN age_band text NULL CHECK (age_band IN ('13_17', '18_plus'));
