-- Release notes in the player's language: the studio's words for each release, per locale
-- ({"ko": {"name": …, "added": […], "fixed": […], "removed": […]}, …); a language without its
-- own words reads the English, with a line saying so.
ALTER TABLE release_logs ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
