-- The item economy: marketplace listings, coin flips, crate shops and openings, game-server
-- awards. Coins and items themselves live in 001's accounts and ledger; these tables hold the
-- state of each offer, and the one conditional UPDATE on `status` decides who wins a race.

-- A retried request with the same Idempotency-Key but a different body is refused, not replayed.
ALTER TABLE idempotency_keys ADD COLUMN request_hash text;

-- A listing sells `quantity` units of one item for `price` hundredths in total. While active its
-- items sit in the account 'escrow:listing:<id>'.
CREATE TABLE market_listings (
  id          uuid PRIMARY KEY,
  seller_id   uuid NOT NULL REFERENCES users(id),
  item_uuid   uuid NOT NULL REFERENCES items(uuid),
  quantity    bigint NOT NULL CHECK (quantity > 0),
  price       bigint NOT NULL CHECK (price > 0),
  status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'sold', 'cancelled', 'expired')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  end_time    timestamptz NOT NULL,
  buyer_id    uuid REFERENCES users(id),
  closed_at   timestamptz,
  CHECK ((status = 'sold') = (buyer_id IS NOT NULL)),
  CHECK ((status = 'active') = (closed_at IS NULL)),
  CHECK (buyer_id IS NULL OR buyer_id <> seller_id)
);
CREATE INDEX market_listings_active_by_price ON market_listings (price, created_at) WHERE status = 'active';
CREATE INDEX market_listings_active_by_item ON market_listings (item_uuid, price) WHERE status = 'active';
CREATE INDEX market_listings_due ON market_listings (end_time) WHERE status = 'active';
CREATE INDEX market_listings_sales ON market_listings (item_uuid, closed_at DESC) WHERE status = 'sold';

-- A coin flip: the creator's stake (and the acceptor's, for the instant of settling) sits in
-- 'escrow:coinflip:<id>'. wager is in hundredths: 10 to 100,000,000 TC.
CREATE TABLE coinflip_games (
  id                uuid PRIMARY KEY,
  creator_id        uuid NOT NULL REFERENCES users(id),
  wager             bigint NOT NULL CHECK (wager BETWEEN 1000 AND 10000000000),
  choice            smallint NOT NULL CHECK (choice IN (0, 1)),
  server_seed       text NOT NULL,
  server_seed_hash  text NOT NULL,
  status            text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'cancelled')),
  acceptor_id       uuid REFERENCES users(id),
  outcome           smallint CHECK (outcome IN (0, 1)),
  winner_id         uuid REFERENCES users(id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  closed_at         timestamptz,
  CHECK (acceptor_id IS NULL OR acceptor_id <> creator_id),
  CHECK ((status = 'settled') = (acceptor_id IS NOT NULL AND outcome IS NOT NULL AND winner_id IS NOT NULL)),
  CHECK ((status = 'open') = (closed_at IS NULL))
);
CREATE INDEX coinflip_games_open ON coinflip_games (created_at DESC) WHERE status = 'open';

-- One row per crate shop, written once when its supply is first minted into 'shop:crates-v<n>'
-- (raised later only by minting the difference). The remaining supply is that account's holding.
CREATE TABLE crate_shops (
  version_id    integer PRIMARY KEY CHECK (version_id >= 0),
  crate_item    uuid NOT NULL REFERENCES items(uuid),
  total_supply  bigint NOT NULL CHECK (total_supply >= 0),
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE crate_openings (
  id          bigserial PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users(id),
  version_id  integer NOT NULL,
  won_item    uuid NOT NULL REFERENCES items(uuid),
  opened_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX crate_openings_by_user ON crate_openings (user_id);

-- Game-server awards, idempotent by the game's awardId: the first result is kept and replayed.
CREATE TABLE game_awards (
  award_id      text PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES users(id),
  request_hash  text NOT NULL,
  response      jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
