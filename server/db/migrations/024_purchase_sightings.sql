-- A provider's word that a purchase was paid, kept before we answer it: Discord's webhook is
-- answered at once (within its 3 seconds) and the grant runs after the answer; if the process
-- dies in between, this row is what the reconcile job finds again. settled_at: granted (or
-- found to be nothing of ours); a row left unsettled for minutes is a purchase stuck between
-- paid and granted, and the console's Purchases tab lists it.
CREATE TABLE purchase_sightings (
  host                  text NOT NULL CHECK (host IN ('web', 'discord', 'crazygames')),
  provider_purchase_id  text NOT NULL CHECK (char_length(provider_purchase_id) BETWEEN 1 AND 200),
  -- What the provider sent (the entitlement, the session), to settle it again without asking.
  payload               jsonb NOT NULL,
  seen_at               timestamptz NOT NULL DEFAULT now(),
  settled_at            timestamptz,
  attempts              integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- Why the last attempt granted nothing (a provider down, no player linked to it yet).
  last_error            text,
  PRIMARY KEY (host, provider_purchase_id)
);
CREATE INDEX purchase_sightings_open ON purchase_sightings (seen_at) WHERE settled_at IS NULL;

-- What refunds and disputes took back of a purchase so far, in hundredths of a TripCoin: a
-- partial refund takes back its part only, and a later one (or the full refund) only the rest.
ALTER TABLE purchases ADD COLUMN taken_back bigint NOT NULL DEFAULT 0 CHECK (taken_back >= 0);
