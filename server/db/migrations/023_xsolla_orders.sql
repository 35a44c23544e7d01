-- Xsolla orders we granted (the CrazyGames portal's store). An order may hold several packs and
-- quantities: each pack line is one purchases row keyed '<order id>:<sku>'; this row is the
-- order as a whole, so a refund, a cancellation or a partial refund finds every line of it and
-- the player it was granted to, and a partial refund knows what was paid and what it took back.
CREATE TABLE xsolla_orders (
  order_id               text PRIMARY KEY CHECK (char_length(order_id) BETWEEN 1 AND 64),
  user_id                uuid NOT NULL REFERENCES users(id),
  -- The CrazyGames user id the order_paid notification named (user.external_id).
  portal_user_id         text NOT NULL,
  -- order.amount in millionths of the order's currency (only the ratio to a refund is used).
  paid_micros            bigint NOT NULL CHECK (paid_micros >= 0),
  currency               text NOT NULL,
  -- Hundredths of a TripCoin granted for the whole order.
  granted_hundredths     bigint NOT NULL CHECK (granted_hundredths > 0),
  refunded_micros        bigint NOT NULL DEFAULT 0 CHECK (refunded_micros >= 0),
  taken_back_hundredths  bigint NOT NULL DEFAULT 0 CHECK (taken_back_hundredths >= 0),
  status                 text NOT NULL DEFAULT 'granted' CHECK (status IN ('granted', 'reversed')),
  created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX xsolla_orders_by_user ON xsolla_orders (user_id);

-- Xsolla's payment-level notifications (payment, refund, partial_refund) name a transaction, not
-- an order; the payment notification (with its order object) and order_paid (with billing) say
-- which order a transaction paid.
CREATE TABLE xsolla_transactions (
  transaction_id  text PRIMARY KEY CHECK (char_length(transaction_id) BETWEEN 1 AND 64),
  order_id        text NOT NULL CHECK (char_length(order_id) BETWEEN 1 AND 64),
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Each partial_refund notification counts once: Xsolla sends one again until it is answered,
-- and names no refund id, so the notification's own signature (sha1 of its exact body) is kept.
CREATE TABLE xsolla_partial_refunds (
  signature        text PRIMARY KEY,
  order_id         text NOT NULL,
  refunded_micros  bigint NOT NULL CHECK (refunded_micros >= 0),
  created_at       timestamptz NOT NULL DEFAULT now()
);
