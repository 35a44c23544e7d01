-- "My listings" (GET /api/seaport/my-listings): a seller's active listings, newest first.
CREATE INDEX market_listings_active_by_seller ON market_listings (seller_id, created_at DESC) WHERE status = 'active';
