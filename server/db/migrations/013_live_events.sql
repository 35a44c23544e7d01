-- Live events (server/services/liveEvents.ts): each event published to a player, written in the
-- transaction of the change it tells about (a rolled-back change leaves none), so that a stream
-- reconnecting to any API process resumes after its Last-Event-ID. Kept 10 minutes (pruning job).
CREATE TABLE live_events (
  id          bigserial PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event       jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_events_user ON live_events (user_id, id);
CREATE INDEX live_events_created ON live_events (created_at);
