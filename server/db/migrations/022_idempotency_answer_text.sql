-- A replayed answer must be the first answer to the byte. jsonb keeps its own key order (shorter
-- keys first), so an answer with a record inside it (a text's named values) came back with its
-- keys reordered; json keeps the text as it was stored.
ALTER TABLE idempotency_keys ALTER COLUMN response TYPE json USING response::json;
