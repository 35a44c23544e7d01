-- The bot check's adaptive difficulty (server/services/authPressure.ts): one decaying score per
-- address ('ip:...') and per username ('name:...'), raised by failed or refused attempts.
CREATE TABLE auth_pressure (
  key         text PRIMARY KEY,
  score       double precision NOT NULL CHECK (score >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_pressure_age ON auth_pressure (updated_at);
