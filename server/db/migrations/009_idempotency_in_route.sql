-- 009: Idempotency-Key moves to the route layer (server/route.ts) for every endpoint that moves
-- value. A key is claimed before the request runs (status 0, no response yet) and answered when
-- it finishes; a key of the game-server API belongs to 'game-server' rather than to a player, so
-- the owner column holds a player's id or that scope.
ALTER TABLE idempotency_keys DROP CONSTRAINT IF EXISTS idempotency_keys_user_id_fkey;
ALTER TABLE idempotency_keys ALTER COLUMN user_id TYPE text USING user_id::text;
ALTER TABLE idempotency_keys ALTER COLUMN response DROP NOT NULL;
