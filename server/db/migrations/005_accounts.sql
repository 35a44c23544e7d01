-- Linked identities (Discord, CrazyGames), pending Discord sign-ins, wallets, the airdrop.

ALTER TABLE users ADD COLUMN discord_id text UNIQUE;
ALTER TABLE users ADD COLUMN discord_username text;
ALTER TABLE users ADD COLUMN crazygames_id text UNIQUE;

-- A Discord identity proven by a code exchange, waiting for the player's account decision.
-- Only a hash of its token is kept; the token lives in an HttpOnly cookie (and the answer).
CREATE TABLE pending_identities (
  token_hash        text PRIMARY KEY,
  provider          text NOT NULL CHECK (provider IN ('discord')),
  external_id       text NOT NULL,
  external_username text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  used_at           timestamptz
);

CREATE TABLE wallets (
  address    text PRIMARY KEY CHECK (address ~ '^0x[0-9a-f]{40}$'),
  user_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  linked_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallets_by_user ON wallets (user_id, linked_at);

CREATE TABLE wallet_nonces (
  nonce       text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  address     text NOT NULL,
  message     text NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- One claim per account (primary key), written with the grant in one transaction.
CREATE TABLE airdrop_claims (
  user_id     uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  airdrop     text NOT NULL,
  claimed_at  timestamptz NOT NULL DEFAULT now()
);
