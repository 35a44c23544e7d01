-- The studio's console: bans, the append-only admin audit log, reversals of ledger
-- postings, and drop tables edited by an admin.

-- A banned player: every session ends at the ban (services/sessions.ts revokeAllSessions, fanned
-- out to every process), sign-in is refused with the reason, and findSession ignores their
-- sessions as a second guard. Unbanning clears the three columns; the audit log keeps the history.
ALTER TABLE users ADD COLUMN banned_at timestamptz, ADD COLUMN ban_reason text, ADD COLUMN banned_by uuid REFERENCES users(id);
ALTER TABLE users ADD CONSTRAINT users_ban_complete CHECK ((banned_at IS NULL) = (ban_reason IS NULL));

-- Every admin write: who, what, on whom, why, the request's id, when. Written in the same
-- transaction as the change (server/services/adminAudit.ts); never updated, never deleted.
CREATE TABLE admin_audit (
  id              bigserial PRIMARY KEY,
  created_at      timestamptz NOT NULL DEFAULT now(),
  actor_id        uuid NOT NULL REFERENCES users(id),
  action          text NOT NULL,
  target_user_id  uuid REFERENCES users(id),
  target          text,
  reason          text NOT NULL CHECK (char_length(btrim(reason)) > 0),
  details         jsonb NOT NULL DEFAULT '{}'::jsonb,
  request_id      text
);
CREATE INDEX admin_audit_recent ON admin_audit (created_at DESC);
CREATE INDEX admin_audit_by_target ON admin_audit (target_user_id, created_at DESC);

CREATE FUNCTION admin_audit_is_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER admin_audit_no_update BEFORE UPDATE OR DELETE ON admin_audit
  FOR EACH ROW EXECUTE FUNCTION admin_audit_is_append_only();

-- A reversal is a new posting (its own tx_id) whose legs undo the original's, in full or in part.
-- One reversal per original posting (the primary key refuses a second), and a reversal is never
-- itself reversed (services/reversals.ts).
CREATE TABLE ledger_reversals (
  original_tx_id  uuid PRIMARY KEY,
  reversal_tx_id  uuid NOT NULL UNIQUE,
  partial         boolean NOT NULL,
  audit_id        bigint NOT NULL REFERENCES admin_audit(id),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_by_tx ON ledger (tx_id);

-- A drop table set from the console replaces the file's for that crate version (weights in
-- hundredths of a percent, summing to 10000); the published odds and every open read it.
CREATE TABLE drop_table_overrides (
  crate_version_id  integer PRIMARY KEY,
  drops             jsonb NOT NULL,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        uuid NOT NULL REFERENCES users(id)
);
