-- A crate shop's supply is spread over 16 accounts ('shop:crates-v<n>', 'shop:crates-v<n>:1', ...
-- 'shop:crates-v<n>:15'; server/services/crates.ts SUPPLY_SHARDS) so that buyers at the same
-- moment take different rows instead of all waiting for one. The remaining supply is their sum.
-- A database made before this keeps its whole supply in 'shop:crates-v<n>': it is spread here,
-- through the ledger (one posting per shop, reason 'crate supply spread'), so the ledger still
-- accounts for every holding. An empty database has no shop yet: the first start mints spread.
INSERT INTO value_accounts (id, kind)
SELECT 'shop:crates-v' || (s.version_id + 1) || ':' || i, 'shop'
FROM crate_shops s CROSS JOIN generate_series(1, 15) AS i
ON CONFLICT DO NOTHING;

INSERT INTO coin_balances (account_id, balance)
SELECT 'shop:crates-v' || (s.version_id + 1) || ':' || i, 0
FROM crate_shops s CROSS JOIN generate_series(1, 15) AS i
ON CONFLICT DO NOTHING;

CREATE TEMPORARY TABLE crate_supply_spread ON COMMIT DROP AS
SELECT h.account_id AS from_account, h.account_id || ':' || i AS to_account, h.item_uuid,
       h.quantity / 16 + CASE WHEN i < h.quantity % 16 THEN 1 ELSE 0 END AS amount, t.tx_id
FROM crate_shops s
JOIN item_holdings h ON h.account_id = 'shop:crates-v' || (s.version_id + 1) AND h.item_uuid = s.crate_item
CROSS JOIN generate_series(1, 15) AS i
CROSS JOIN LATERAL (SELECT md5(h.account_id || ' spread')::uuid AS tx_id) AS t
WHERE h.quantity > 0;
DELETE FROM crate_supply_spread WHERE amount <= 0;

INSERT INTO ledger (tx_id, asset, from_account, to_account, amount, reason, ref)
SELECT tx_id, item_uuid::text, from_account, to_account, amount, 'crate supply spread', 'migration 017'
FROM crate_supply_spread ORDER BY from_account, to_account;

INSERT INTO item_holdings AS h (account_id, item_uuid, quantity)
SELECT to_account, item_uuid, amount FROM crate_supply_spread
ON CONFLICT (account_id, item_uuid) DO UPDATE SET quantity = h.quantity + excluded.quantity;

UPDATE item_holdings AS h SET quantity = h.quantity - m.moved
FROM (SELECT from_account, item_uuid, sum(amount) AS moved FROM crate_supply_spread GROUP BY 1, 2) AS m
WHERE h.account_id = m.from_account AND h.item_uuid = m.item_uuid;
