-- Tables that only grew are pruned on a schedule (server/services/maintenance.ts): these
-- indexes let each prune find what has expired without reading the whole table.
CREATE INDEX bot_check_tokens_expiry ON bot_check_tokens (expires_at);
CREATE INDEX rate_limit_hits_window ON rate_limit_hits (window_start);
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);
CREATE INDEX wallet_nonces_expiry ON wallet_nonces (expires_at);
CREATE INDEX pending_identities_expiry ON pending_identities (expires_at);
