-- TripCoin packs bought with real money on a host (the web provider, Discord, the CrazyGames
-- portal through Xsolla), granted exactly once, and reversed once on a refund.

-- The coins a host sold come from outside the game: each host's revenue account pays them and,
-- like the mint, is allowed below zero (it holds the negative of what was sold there).
ALTER TABLE value_accounts DROP CONSTRAINT value_accounts_kind_check;
ALTER TABLE value_accounts ADD CONSTRAINT value_accounts_kind_check
  CHECK (kind IN ('player', 'escrow', 'shop', 'sink', 'mint', 'revenue'));

-- A player's balance may be below zero only as a debt left by a refunded purchase whose coins
-- were already spent, and never by more than their refunded purchases: debt_limit is raised by
-- the reversal of a purchase (in its transaction, by what it takes back) and by nothing else. The
-- ledger's ordinary debit still needs balance >= amount; only that reversal overdraws a player.
ALTER TABLE coin_balances ADD COLUMN debt_limit bigint NOT NULL DEFAULT 0 CHECK (debt_limit >= 0);
ALTER TABLE coin_balances DROP CONSTRAINT coin_balances_check;
ALTER TABLE coin_balances ADD CONSTRAINT coin_balances_check
  CHECK (balance >= 0 OR account_id = 'mint' OR account_id LIKE 'revenue:%' OR (account_id LIKE 'player:%' AND balance >= -debt_limit));

-- One row per purchase, ever: (host, provider_purchase_id) is the provider's own id (a Discord
-- entitlement, an Xsolla transaction, a checkout session), so duplicate webhooks, a webhook racing
-- a poll, two processes and retries after a crash all meet on one row and grant once.
CREATE TABLE purchases (
  id                    uuid PRIMARY KEY,
  host                  text NOT NULL CHECK (host IN ('web', 'discord', 'crazygames')),
  provider_purchase_id  text NOT NULL CHECK (char_length(provider_purchase_id) BETWEEN 1 AND 200),
  -- A second id the provider's later events name (the web provider's payment intent).
  provider_ref          text,
  user_id               uuid NOT NULL REFERENCES users(id),
  product_id            text NOT NULL,
  -- Hundredths of a TripCoin, from the server's product table when granted.
  tripcoins             bigint NOT NULL CHECK (tripcoins > 0),
  status                text NOT NULL DEFAULT 'granted' CHECK (status IN ('granted', 'reversed')),
  needs_consume         boolean NOT NULL,
  consumed_at           timestamptz,
  consume_attempts      integer NOT NULL DEFAULT 0 CHECK (consume_attempts >= 0),
  consume_error         text,
  test_mode             boolean NOT NULL DEFAULT false,
  tx_id                 uuid NOT NULL,
  created_at            timestamptz NOT NULL DEFAULT now(),
  reversed_at           timestamptz,
  reversal_tx_id        uuid,
  reversal_reason       text CHECK (reversal_reason IN ('refund', 'chargeback', 'entitlementDeleted', 'manual')),
  -- Hundredths the player could no longer pay when it was reversed (their debt from it).
  reversal_debt         bigint NOT NULL DEFAULT 0 CHECK (reversal_debt >= 0),
  UNIQUE (host, provider_purchase_id),
  CHECK ((status = 'reversed') = (reversed_at IS NOT NULL)),
  CHECK ((status = 'reversed') = (reversal_tx_id IS NOT NULL))
);
CREATE INDEX purchases_by_user ON purchases (user_id, created_at DESC);
CREATE INDEX purchases_by_day ON purchases (created_at);
CREATE INDEX purchases_to_consume ON purchases (host, created_at) WHERE needs_consume AND consumed_at IS NULL;
CREATE INDEX purchases_by_ref ON purchases (host, provider_ref) WHERE provider_ref IS NOT NULL;

-- A refund that arrived before its purchase was granted (a refund webhook overtaking the
-- payment's): recorded so that the purchase never grants later.
CREATE TABLE purchase_refunds_before_grant (
  host                  text NOT NULL CHECK (host IN ('web', 'discord', 'crazygames')),
  provider_purchase_id  text NOT NULL,
  reason                text NOT NULL CHECK (reason IN ('refund', 'chargeback', 'entitlementDeleted', 'manual')),
  created_at            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (host, provider_purchase_id)
);

INSERT INTO value_accounts (id, kind) VALUES ('revenue:web', 'revenue'), ('revenue:discord', 'revenue'), ('revenue:crazygames', 'revenue');
INSERT INTO coin_balances (account_id, balance) VALUES ('revenue:web', 0), ('revenue:discord', 0), ('revenue:crazygames', 0);
