-- What a banned player is told at sign-in: the admin's message written for them ('' when none),
-- apart from ban_reason, the internal note that stays with the studio. Set and cleared with the ban.
ALTER TABLE users ADD COLUMN ban_message text;
