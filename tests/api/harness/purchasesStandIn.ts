// TEST ONLY: an in-memory stand-in for the purchase ledger service (the signatures of
// server/services/economy/purchases.ts, as server/providers/purchaseService.ts declares them),
// so the provider routes, webhooks and jobs can be tested before the ledger service is merged.
// Its one promise is the real one's: one grant per (host, provider purchase id), ever, whoever
// asks and however often; a refunded purchase is never granted after. The check and the write
// happen with no await between them, so concurrent requests of one process cannot both grant.
import type { PurchaseHost } from '../../../contract/purchases';
import type { ConfirmedPurchase, PurchaseGrant, PurchaseProduct, PurchaseService } from '../../../server/providers/purchaseService';

export interface StandInRow { grant: PurchaseGrant; userId: string; needsConsume: boolean; consumed: boolean; attempts: number; lastError: string | null; reversed: boolean }

export interface StandIn extends PurchaseService<readonly PurchaseProduct[]> {
  rows: Map<string, StandInRow>;
  balances: Map<string, number>;
  /** Grant calls that granted (a duplicate does not count). */
  grants: number;
}

export const DEMO_PACKS: PurchaseProduct[] = [
  { id: 'tc-500', tripcoins: 500, discord: { skuId: '1300000000000000500' }, crazygames: { sku: 'tc_500' }, web: { priceId: 'price_tc_500', amountMinor: 499, currency: 'USD' } },
  { id: 'tc-1200', tripcoins: 1200, discord: { skuId: '1300000000000001200' }, crazygames: { sku: 'tc_1200' }, web: { priceId: 'price_tc_1200', amountMinor: 999, currency: 'USD' } },
];

export function purchasesStandIn(list: readonly PurchaseProduct[] = DEMO_PACKS): StandIn {
  const rows = new Map<string, StandInRow>();
  const refunded = new Set<string>();
  const balances = new Map<string, number>();
  const key = (host: PurchaseHost, id: string) => `${host}:${id}`;
  const s: StandIn = {
    products: list, list, rows, balances, grants: 0,
    productForHostSku: (products, host, sku) => products.find((p) => (host === 'discord' ? p.discord?.skuId : host === 'crazygames' ? p.crazygames?.sku : p.web?.priceId) === sku),
    async grantPurchase(_trx, products, p: ConfirmedPurchase) {
      const k = key(p.host, p.providerPurchaseId);
      const first = rows.get(k);
      if (first) return { granted: false, grant: first.grant, balance: balances.get(first.userId) ?? 0 };
      if (refunded.has(k)) throw new Error('refunded purchase');
      const product = products.find((x) => x.id === p.productId);
      if (!product) throw new Error(`unknown product ${p.productId}`);
      const grant = { purchaseId: k, productId: product.id, tripcoins: product.tripcoins, host: p.host };
      rows.set(k, { grant, userId: p.userId, needsConsume: p.needsConsume, consumed: false, attempts: 0, lastError: null, reversed: false });
      balances.set(p.userId, (balances.get(p.userId) ?? 0) + product.tripcoins);
      s.grants += 1;
      return { granted: true, grant, balance: balances.get(p.userId)! };
    },
    async purchasesToConsume(_db, host, limit) {
      return [...rows.entries()].filter(([k, r]) => k.startsWith(`${host}:`) && r.needsConsume && !r.consumed && !r.reversed).slice(0, limit)
        .map(([k, r]) => ({ host, providerPurchaseId: k.slice(host.length + 1), attempts: r.attempts }));
    },
    async markConsumed(_db, host, id) { const r = rows.get(key(host, id)); if (r) r.consumed = true; },
    async markConsumeFailed(_db, host, id, error) { const r = rows.get(key(host, id)); if (r) { r.attempts += 1; r.lastError = error; } },
    async reversePurchase(_trx, host, id) {
      const k = key(host, id);
      refunded.add(k);
      const r = rows.get(k);
      if (!r || r.reversed) return { reversed: false, debt: 0 };
      r.reversed = true;
      balances.set(r.userId, (balances.get(r.userId) ?? 0) - r.grant.tripcoins);
      return { reversed: true, debt: Math.max(0, -(balances.get(r.userId) ?? 0)) };
    },
  };
  return s;
}
