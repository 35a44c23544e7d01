-- Clans. Every change of membership locks the clan row first (SELECT ... FOR UPDATE), so
-- concurrent accepts, transfers and disbands of one clan run one after the other.

CREATE TABLE clans (
  id            uuid PRIMARY KEY,
  name          text NOT NULL CHECK (char_length(name) BETWEEN 3 AND 20),
  tag           text NOT NULL CHECK (tag ~ '^[A-Z0-9]{2,5}$'),
  color         text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  disbanded_at  timestamptz
);
-- Names and tags are unique among living clans, regardless of case.
CREATE UNIQUE INDEX clans_name_unique ON clans (lower(name)) WHERE disbanded_at IS NULL;
CREATE UNIQUE INDEX clans_tag_unique ON clans (tag) WHERE disbanded_at IS NULL;

-- A player is in at most one clan (primary key), a clan has at most one admin (partial unique).
CREATE TABLE clan_members (
  user_id    uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  clan_id    uuid NOT NULL REFERENCES clans(id),
  role       text NOT NULL CHECK (role IN ('admin', 'member')),
  joined_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clan_members_by_clan ON clan_members (clan_id);
CREATE UNIQUE INDEX clan_one_admin ON clan_members (clan_id) WHERE role = 'admin';

CREATE TABLE clan_invites (
  id          uuid PRIMARY KEY,
  clan_id     uuid NOT NULL REFERENCES clans(id),
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  invited_by  uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'closed')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX clan_invites_one_pending ON clan_invites (clan_id, user_id) WHERE status = 'pending';
CREATE INDEX clan_invites_by_user ON clan_invites (user_id) WHERE status = 'pending';

CREATE TABLE clan_requests (
  id          uuid PRIMARY KEY,
  clan_id     uuid NOT NULL REFERENCES clans(id),
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'closed')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX clan_requests_one_pending ON clan_requests (clan_id, user_id) WHERE status = 'pending';
CREATE INDEX clan_requests_by_clan ON clan_requests (clan_id) WHERE status = 'pending';
