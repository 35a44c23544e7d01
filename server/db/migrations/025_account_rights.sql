-- A player's rights over their data: the export they download and the deletion of their account
-- (server/services/accounts/dataExport.ts and deletion.ts, docs/domain/accounts.md).

-- A deleted account keeps its row, pseudonymised: the ledger, the purchases and the console's
-- audit refer to it, and the totals must still balance. deleted_at marks it; nothing signs in to it.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;

-- One row per deletion, for the console: when, how and by whom, never what was deleted.
-- user_id is the pseudonymous row that remains.
CREATE TABLE account_deletions (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL UNIQUE REFERENCES users(id),
  deleted_at  timestamptz NOT NULL DEFAULT now(),
  how         text NOT NULL CHECK (how IN ('self', 'discordDeauthorized', 'console')),
  by_admin    uuid REFERENCES users(id),
  -- What the written rules settled: counts and totals only (no names, no ids of other players).
  settled     jsonb NOT NULL DEFAULT '{}'::jsonb,
  CHECK ((how = 'console') = (by_admin IS NOT NULL))
);
CREATE INDEX account_deletions_recent ON account_deletions (deleted_at DESC);

-- A deleted player's name is not offered to anyone whose name looks like it until `until`
-- (DELETED_NAME_HOLD_DAYS): only the confusable skeleton is kept, not the name.
CREATE TABLE reserved_names (
  skeleton  text PRIMARY KEY,
  until     timestamptz NOT NULL
);

-- Each download of a player's data, for its hourly limit (and listed in the export itself).
CREATE TABLE data_exports (
  user_id       uuid NOT NULL REFERENCES users(id),
  requested_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_exports_by_user ON data_exports (user_id, requested_at);
