// A second process granting purchases: `node --import tsx tests/api/harness/grantPurchaseProcess.ts
// <databaseUrl> <ConfirmedPurchase as JSON> <times>` grants the same confirmed purchase `times`
// times at once on its own connections, then prints one JSON line: how many of them granted.
import { createDb } from '../../../server/db/createDb';
import { inTransaction } from '../../../server/db/tx';
import { loadProducts } from '../../../server/services/purchases/products';
import { grantPurchase, type ConfirmedPurchase } from '../../../server/services/purchases/ledger';

const [url, json, times] = process.argv.slice(2);
const handle = await createDb({ databaseUrl: url ?? '', poolSize: 4 });
try {
  const products = loadProducts();
  const purchase = JSON.parse(json ?? '{}') as ConfirmedPurchase;
  const results = await Promise.all(Array.from({ length: Number(times ?? 1) }, () =>
    inTransaction(handle.db, (trx) => grantPurchase(trx, products, purchase))));
  process.stdout.write(`${JSON.stringify({ granted: results.filter((r) => r.granted).length, purchaseIds: [...new Set(results.map((r) => r.grant.purchaseId))] })}\n`);
} finally {
  await handle.close();
}
