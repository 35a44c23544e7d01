-- Leaderboards (docs/leaderboards.md): what the game server reported, summed per player, stat and
-- season. A season is 'all' (all-time) or the ISO start of a weekly season (Monday at
-- LEADERBOARD_RESET_HOUR, UTC). reached_at is when the value last grew: the earlier reach of an
-- equal score ranks first, then the lower account id.
CREATE TABLE leaderboard_scores (
  season      text NOT NULL CHECK (season = 'all' OR season ~ '^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$'),
  stat        text NOT NULL CHECK (stat ~ '^[a-z]{1,20}$'),
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  value       bigint NOT NULL CHECK (value >= 0),
  reached_at  timestamptz NOT NULL,
  PRIMARY KEY (season, stat, user_id)
);
CREATE INDEX leaderboard_scores_rank ON leaderboard_scores (season, stat, value DESC, reached_at, user_id);
CREATE INDEX leaderboard_scores_user ON leaderboard_scores (user_id);

-- One row per weekly season, made once by whichever process first reaches it (INSERT .. ON
-- CONFLICT DO NOTHING): that process closes the season before it, under the row lock every score
-- of that season takes (FOR SHARE), so no score is written to a season after it closed.
CREATE TABLE leaderboard_seasons (
  season      text PRIMARY KEY CHECK (season ~ '^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$'),
  opened_at   timestamptz NOT NULL DEFAULT now(),
  opened_by   text NOT NULL,
  closed_at   timestamptz
);
