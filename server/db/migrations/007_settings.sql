-- Settings that follow a logged-in player (beyond the spec): the whole settings object of
-- contract/settings.ts, validated by the API before it is written, one row per player. Read
-- back through settingsWithDefaults, so a copy written by an older build still loads.
CREATE TABLE user_settings (
  user_id     uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  settings    jsonb NOT NULL CHECK (jsonb_typeof(settings) = 'object'),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
