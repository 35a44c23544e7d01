-- An account's settings copy holds `language` only when the player chose one; without
-- it each device shows its host's (Discord's user locale, the portal's) or browser's language.
-- Copies saved before the language could be chosen hold the default 'en' (the General section,
-- where the language is, was disabled in every host), which would now read as a choice of English
-- and hide the player's own language: it is removed. The cost: a player who chose English
-- explicitly with the build that first offered the choice is asked by their host/browser again
-- (one change in General sets it back). Other languages are kept: they can only have been chosen.
UPDATE user_settings SET settings = settings - 'language' WHERE settings->>'language' = 'en';
