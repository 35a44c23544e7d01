-- Names no one can impersonate (server/services/names.ts): the confusable skeleton (UTS #39,
-- case folded) of every username, clan name and clan tag, unique like the names themselves.
-- Computed by the server, not SQL: rows made before this migration get theirs at the next start
-- (fillNameSkeletons), oldest first; a later look-alike of an older name keeps NULL (nothing is
-- renamed) and `npm run admin -- lookalikes` lists it.
ALTER TABLE users ADD COLUMN username_skeleton text;
CREATE UNIQUE INDEX users_username_skeleton ON users (username_skeleton);
ALTER TABLE clans ADD COLUMN name_skeleton text, ADD COLUMN tag_skeleton text;
CREATE UNIQUE INDEX clans_name_skeleton ON clans (name_skeleton) WHERE disbanded_at IS NULL;
CREATE UNIQUE INDEX clans_tag_skeleton ON clans (tag_skeleton) WHERE disbanded_at IS NULL;
