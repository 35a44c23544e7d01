-- Foundation: accounts, sessions, bot-check replay protection, rate limits, the item catalogue,
-- the money model (balances, holdings, append-only ledger), levels and release logs.

CREATE TABLE users (
  id              uuid PRIMARY KEY,
  username        text NOT NULL,
  username_lower  text NOT NULL UNIQUE,
  password_hash   text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_login_at   timestamptz,
  is_admin        boolean NOT NULL DEFAULT false,
  verified        smallint NOT NULL DEFAULT 1,
  preferred_address text,
  CHECK (username_lower = lower(username)),
  CHECK (char_length(username) BETWEEN 1 AND 64)
);

CREATE TABLE sessions (
  id            uuid PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash    text NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  user_agent    text,
  ip            text
);
CREATE INDEX sessions_live_by_user ON sessions (user_id) WHERE revoked_at IS NULL;

-- Secrets the server generates once and shares between processes (HMAC keys).
CREATE TABLE server_secrets (
  name   text PRIMARY KEY,
  value  text NOT NULL
);

-- A bot-check token is single-use: its hash is recorded when it is accepted.
CREATE TABLE bot_check_tokens (
  token_hash  text PRIMARY KEY,
  used_at     timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);

-- Fixed-window counters shared by every API process.
CREATE TABLE rate_limit_hits (
  key           text NOT NULL,
  window_start  timestamptz NOT NULL,
  hits          integer NOT NULL,
  PRIMARY KEY (key, window_start)
);

-- The item catalogue (seeded from contract/items.ts at every start).
CREATE TABLE items (
  uuid         uuid PRIMARY KEY,
  name         text NOT NULL,
  description  text NOT NULL,
  dex_id       integer NOT NULL,
  kind         text NOT NULL,
  collection   text
);

-- Money model. Every holder of coins or items is an account: a player, an escrow, a shop, a
-- sink, or 'mint' (the one account allowed below zero: what the game awards comes from it).
-- Conservation: the sum of every coin balance, and of every holding per item, is zero.
CREATE TABLE value_accounts (
  id          text PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('player', 'escrow', 'shop', 'sink', 'mint')),
  user_id     uuid REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX value_accounts_player ON value_accounts (user_id) WHERE kind = 'player';

CREATE TABLE coin_balances (
  account_id  text PRIMARY KEY REFERENCES value_accounts(id),
  balance     bigint NOT NULL DEFAULT 0,
  CHECK (balance >= 0 OR account_id = 'mint')
);

CREATE TABLE item_holdings (
  account_id  text NOT NULL REFERENCES value_accounts(id),
  item_uuid   uuid NOT NULL REFERENCES items(uuid),
  quantity    bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, item_uuid),
  CHECK (quantity >= 0 OR account_id = 'mint')
);
CREATE INDEX item_holdings_by_item ON item_holdings (item_uuid);

-- Append-only: one row per movement, written in the same transaction as the movement.
-- asset is 'TC' (amount in hundredths) or an item uuid (amount in units).
CREATE TABLE ledger (
  id            bigserial PRIMARY KEY,
  tx_id         uuid NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  asset         text NOT NULL,
  from_account  text NOT NULL REFERENCES value_accounts(id),
  to_account    text NOT NULL REFERENCES value_accounts(id),
  amount        bigint NOT NULL CHECK (amount > 0),
  reason        text NOT NULL,
  ref           text,
  CHECK (from_account <> to_account)
);
CREATE INDEX ledger_from ON ledger (from_account, asset);
CREATE INDEX ledger_to ON ledger (to_account, asset);

CREATE FUNCTION ledger_is_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER ledger_no_update BEFORE UPDATE OR DELETE ON ledger
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();

-- A retried purchase with the same Idempotency-Key answers the first result.
CREATE TABLE idempotency_keys (
  user_id     uuid NOT NULL REFERENCES users(id),
  key         text NOT NULL,
  endpoint    text NOT NULL,
  status      integer NOT NULL,
  response    jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

INSERT INTO value_accounts (id, kind) VALUES ('mint', 'mint');
INSERT INTO coin_balances (account_id, balance) VALUES ('mint', 0);

-- Levels 1 to 50 (seeded) and each player's XP and unlocked levels.
CREATE TABLE level_requirements (
  level        integer PRIMARY KEY CHECK (level BETWEEN 1 AND 50),
  xp_required  bigint NOT NULL CHECK (xp_required >= 0)
);

CREATE TABLE player_progress (
  user_id   uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  total_xp  bigint NOT NULL DEFAULT 0 CHECK (total_xp >= 0)
);

CREATE TABLE achieved_levels (
  user_id      uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  level        integer NOT NULL REFERENCES level_requirements(level),
  unlocked_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, level)
);

-- Release logs (loaded from server/db/data/release-logs.json at every start).
CREATE TABLE release_logs (
  version       text PRIMARY KEY,
  name          text NOT NULL,
  release_date  date NOT NULL,
  added         jsonb NOT NULL DEFAULT '[]',
  fixed         jsonb NOT NULL DEFAULT '[]',
  removed       jsonb NOT NULL DEFAULT '[]'
);
