-- The studio's live switches: a feature turned off for one host or for every host ('all'), with
-- the message its players see. A row is a feature off; turning it back on deletes the row (the
-- admin audit log keeps both). What each host allows by its own rules is configuration
-- (HOST_FEATURES_FILE), not rows: a switch can only take away.
CREATE TABLE feature_switches (
  feature text NOT NULL CHECK (feature IN ('coinflip', 'marketplace', 'gifts', 'bridge', 'crates', 'purchases')),
  host text NOT NULL CHECK (host IN ('all', 'web', 'discord', 'crazygames', 'poki')),
  message text NOT NULL DEFAULT '',
  reason text NOT NULL,
  set_by uuid NOT NULL REFERENCES users(id),
  set_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (feature, host)
);

-- The host a session was signed in from: the sign-in method's (the portal's token, Discord's
-- Activity) or, for a web sign-in, the host the shell says frames it. NULL for sessions from
-- before this column: treated as the web.
ALTER TABLE sessions ADD COLUMN host text CHECK (host IN ('web', 'discord', 'crazygames', 'poki'));
