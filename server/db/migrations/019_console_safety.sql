-- The console's guards: what an admin's session proved lately, how much each admin granted today,
-- and who gave a bridge transfer's ticket back.

-- When the admin of this session last typed their password in the console. A console write is
-- refused unless this is within the re-authentication window (server/config.ts), so a stolen or
-- forgotten 30-day session cannot move value on its own. Gone with its session.
CREATE TABLE admin_reauth (
  session_id  uuid PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  at          timestamptz NOT NULL DEFAULT now()
);

-- What each admin granted per UTC day, per kind ('coins' in hundredths, 'items' in units). A grant
-- adds to its row with one upsert that returns the new total, so concurrent grants of one admin
-- queue on the row and the daily cap holds in every process.
CREATE TABLE admin_grant_days (
  actor_id  uuid NOT NULL REFERENCES users(id),
  day       date NOT NULL,
  kind      text NOT NULL CHECK (kind IN ('coins', 'items')),
  total     bigint NOT NULL CHECK (total >= 0),
  PRIMARY KEY (actor_id, day, kind)
);

-- A bridge transfer's ticket comes back to the player at most once: by the outbox's refund when
-- the chain never accepted it, or by an admin's reversal. Both claim this row first; the primary
-- key lets only one of them through, whichever process commits first.
CREATE TABLE bridge_returns (
  transfer_id  uuid PRIMARY KEY REFERENCES bridge_transfers(id),
  given_by     text NOT NULL CHECK (given_by IN ('refund', 'reversal')),
  created_at   timestamptz NOT NULL DEFAULT now()
);
INSERT INTO bridge_returns (transfer_id, given_by, created_at)
  SELECT DISTINCT ON (t.id) t.id, 'refund', l.created_at
  FROM ledger l JOIN bridge_transfers t ON t.id::text = l.ref
  WHERE l.reason = 'bridge:refund'
  ORDER BY t.id, l.created_at;
