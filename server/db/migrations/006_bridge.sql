-- The bridge outbox. A row is written in the same transaction that burns the ticket; the
-- signed transaction is stored before it is broadcast, so a crash can only ever rebroadcast the
-- very same transaction (same hash), never send a second one.
CREATE TABLE bridge_transfers (
  id               uuid PRIMARY KEY,
  user_id          uuid NOT NULL REFERENCES users(id),
  destination      text NOT NULL CHECK (destination ~ '^0x[0-9a-f]{40}$'),
  status           text NOT NULL CHECK (status IN ('pending', 'signed', 'sent', 'confirmed', 'failed')),
  idempotency_key  text,
  nonce            bigint,
  raw_tx           text,
  tx_hash          text UNIQUE,
  error            text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX bridge_transfers_idempotency ON bridge_transfers (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX bridge_transfers_open ON bridge_transfers (status) WHERE status IN ('pending', 'signed', 'sent');
