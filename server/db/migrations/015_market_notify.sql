-- The listings cache (server/services/listingsCache.ts): every change to market_listings, and a
-- player's new name (the listings show sellers' names), tells every API process with a NOTIFY on
-- 'tripshell_market', sent when the transaction commits and never when it rolls back, whoever
-- writes (a route, a job, an admin, a hand-run statement). One per statement, not per row; the
-- payload is empty (PostgreSQL folds a transaction's identical notifications into one).
CREATE FUNCTION market_listings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tripshell_market', '');
  RETURN NULL;
END $$;

CREATE TRIGGER market_listings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON market_listings
  FOR EACH STATEMENT EXECUTE FUNCTION market_listings_changed();
CREATE TRIGGER users_name_notify AFTER UPDATE OF username ON users
  FOR EACH STATEMENT EXECUTE FUNCTION market_listings_changed();
