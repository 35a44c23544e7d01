-- Holds and limits on value leaving a player (docs/domain/money.md, "Holds, limits and the sale
-- fee"). A hold after a credential change is a row, so the console can show it and release it
-- early; the new-account and bought-coins holds are derived from users.created_at and purchases.
CREATE TABLE trade_holds (
  id              uuid PRIMARY KEY,
  user_id         uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason          text NOT NULL CHECK (reason IN ('passwordChanged', 'signInLinked', 'signInRemoved')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  ends_at         timestamptz NOT NULL,
  released_at     timestamptz,
  released_by     uuid REFERENCES users(id) ON DELETE SET NULL,
  release_reason  text
);
CREATE INDEX trade_holds_user ON trade_holds (user_id, ends_at DESC);

-- Value moved between two players in one UTC day, the lower uuid first: TripCoins paid for
-- listings (hundredths) and items given. One row per pair and day, updated under its row lock,
-- so two concurrent moves cannot both pass the cap.
CREATE TABLE trade_pair_days (
  player_a  uuid NOT NULL,
  player_b  uuid NOT NULL,
  day       date NOT NULL,
  coins     bigint NOT NULL DEFAULT 0 CHECK (coins >= 0),
  items     bigint NOT NULL DEFAULT 0 CHECK (items >= 0),
  PRIMARY KEY (player_a, player_b, day),
  CHECK (player_a < player_b)
);

-- Every refusal by a limit or hold, written after the refused request rolled back: the console's
-- report of players who hit the limits.
CREATE TABLE trade_limit_hits (
  id          bigserial PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  rule        text NOT NULL,
  action      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trade_limit_hits_time ON trade_limit_hits (created_at DESC);
CREATE INDEX trade_limit_hits_user ON trade_limit_hits (user_id, created_at DESC);

-- A listing priced outside the band around the item's recent sales (confirmed by the seller):
-- counted per seller and day. The sale fee a sale took, in hundredths (0 without a fee).
ALTER TABLE market_listings ADD COLUMN outside_band boolean NOT NULL DEFAULT false;
ALTER TABLE market_listings ADD COLUMN sale_fee bigint NOT NULL DEFAULT 0 CHECK (sale_fee >= 0);
CREATE INDEX market_listings_outside_band ON market_listings (seller_id, created_at) WHERE outside_band;
