-- A player's wallet nonces are capped when one is issued (services/wallets.ts): this index finds
-- them without reading the whole table.
CREATE INDEX wallet_nonces_by_user ON wallet_nonces (user_id, expires_at);
