// What the provider routes, webhooks and jobs need from the purchase ledger service
// (server/services/purchases/ledger.ts, with its product table): the same functions, the same
// signatures, handed to the app as `app.purchases` (plugins/purchaseProviders.ts). The routes never post
// to the ledger themselves: one grant per (host, provider purchase id) is that service's promise.
import type { z } from 'zod';
import type { Grant, PurchaseHost } from '../../../contract/purchases';
import type { Executor, Trx } from '../../db/tx';

export type PurchaseGrant = z.infer<typeof Grant>;

/** One pack of the product table, with its id on each host that sells it. */
export interface PurchaseProduct {
  id: string;
  tripcoins: number;
  discord?: { skuId: string };
  crazygames?: { sku: string };
  web?: { priceId: string; amountMinor: number; currency: string };
}

export interface ConfirmedPurchase {
  host: PurchaseHost;
  /** The provider's own id: Discord entitlement id, Xsolla order id, checkout session id. */
  providerPurchaseId: string;
  userId: string;
  productId: string;
  /** The provider still needs a consume call (a Discord consumable; Xsolla has no server-side consume). */
  needsConsume: boolean;
  testMode?: boolean;
}

export type ReverseReason = 'refund' | 'chargeback' | 'entitlementDeleted';

export interface PurchaseService<Products = unknown> {
  /** The product table as the service takes it back. */
  products: Products;
  /** The same packs, listed. */
  list: readonly PurchaseProduct[];
  productForHostSku(products: Products, host: PurchaseHost, hostProductId: string): PurchaseProduct | undefined;
  grantPurchase(trx: Trx, products: Products, p: ConfirmedPurchase): Promise<{ granted: boolean; grant: PurchaseGrant; balance: number }>;
  purchasesToConsume(db: Executor, host: PurchaseHost, limit: number): Promise<Array<{ host: PurchaseHost; providerPurchaseId: string; attempts: number }>>;
  markConsumed(db: Executor, host: PurchaseHost, providerPurchaseId: string): Promise<void>;
  markConsumeFailed(db: Executor, host: PurchaseHost, providerPurchaseId: string, error: string): Promise<void>;
  reversePurchase(trx: Trx, host: PurchaseHost, providerPurchaseId: string, reason: ReverseReason): Promise<{ reversed: boolean; debt: number }>;
  /** A partial refund: `part` of `whole` (cumulative, the provider's minor units) taken back in all, rounded down. */
  reversePurchasePart(trx: Trx, host: PurchaseHost, providerPurchaseId: string, part: number, whole: number, reason: ReverseReason): Promise<{ takenBack: number; reversed: boolean; debt: number }>;
  /** A won chargeback: what the dispute took back is given back. */
  restorePurchase(trx: Trx, host: PurchaseHost, providerPurchaseId: string): Promise<{ restored: boolean; balance: number }>;
}

/** The host's own id of a pack (Discord SKU, Xsolla sku, web price id), if that host sells it. */
export function hostProductIdOf(product: PurchaseProduct, host: PurchaseHost): string | undefined {
  if (host === 'discord') return product.discord?.skuId;
  if (host === 'crazygames') return product.crazygames?.sku;
  return product.web?.priceId;
}
