-- Profiles (what a player says about themself), profile views, daily logins, game stats.

CREATE TABLE profiles (
  user_id      uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  location     text NOT NULL DEFAULT '' CHECK (char_length(location) <= 60),
  description  text NOT NULL DEFAULT '' CHECK (char_length(description) <= 300),
  views        bigint NOT NULL DEFAULT 0 CHECK (views >= 0),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- One row per viewer, profile and hour: a view counts at most once an hour per viewer.
CREATE TABLE profile_views (
  profile_id   uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  viewer_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  viewed_hour  timestamptz NOT NULL,
  PRIMARY KEY (profile_id, viewer_id, viewed_hour)
);

-- Days (UTC) on which a player was active: the daily login streak is computed from these.
CREATE TABLE login_days (
  user_id  uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day      date NOT NULL,
  PRIMARY KEY (user_id, day)
);

-- Stats the game servers report (STL3Stats); quests completed.
CREATE TABLE player_stats (
  user_id      uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  wins         bigint NOT NULL DEFAULT 0 CHECK (wins >= 0),
  kills        bigint NOT NULL DEFAULT 0 CHECK (kills >= 0),
  deaths       bigint NOT NULL DEFAULT 0 CHECK (deaths >= 0),
  headshots    bigint NOT NULL DEFAULT 0 CHECK (headshots >= 0),
  timeplayed   bigint NOT NULL DEFAULT 0 CHECK (timeplayed >= 0),
  quests       bigint NOT NULL DEFAULT 0 CHECK (quests >= 0),
  crates_opened bigint NOT NULL DEFAULT 0 CHECK (crates_opened >= 0)
);

-- Stats carried over from the studio's earlier games, per game block (STL2Stats, ...).
CREATE TABLE legacy_stats (
  user_id  uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  block    text NOT NULL CHECK (block IN ('STL2Stats', 'STL1Stats', 'WagmiWorldStats', 'DiscordArcadeStats', 'DiscordNYCStats', 'DiscordFOIStats')),
  stats    jsonb NOT NULL,
  PRIMARY KEY (user_id, block)
);

-- Idempotency of game-server stat reports.
CREATE TABLE stat_reports (
  report_id    text PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  received_at  timestamptz NOT NULL DEFAULT now()
);
