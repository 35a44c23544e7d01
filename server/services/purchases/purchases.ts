// What the app holds for purchases (app.purchases): the ledger's service and the client of each
// provider whose keys are set. Made by plugins/purchaseProviders.ts; read by the purchase routes,
// the webhooks and the jobs.
import type { KeyObject } from 'node:crypto';
import type { Counter } from 'prom-client';
import type { PurchaseHost } from '../../../contract/purchases';
import type { DiscordStore } from '../../providers/discordStore';
import type { PurchaseService } from './purchaseService';
import type { WebCheckout } from '../../providers/webCheckout';
import type { XsollaStore } from '../../providers/xsolla';
import type { Executor, RunInTransaction } from '../../db/tx';
import type { Products } from './products';

/** app.purchases: nothing is sold where it is null. */
export interface Purchases {
  service: PurchaseService;
  discord: { store: DiscordStore; publicKey: KeyObject } | null;
  xsolla: { store: XsollaStore; webhookSecret: string } | null;
  web: WebCheckout | null;
  /** Hosts with their keys set and at least one pack mapped to them. */
  sells(host: PurchaseHost): boolean;
  /** Webhooks received, by host and outcome (ok, duplicate, badSignature, stale, otherApp, invalid, failed). */
  webhooks: Counter<'host' | 'outcome'>;
  /** Purchase steps (confirm, grant, consume, refund), by host and outcome. */
  steps: Counter<'host' | 'step' | 'outcome'>;
}

/**
 * What settlement (settle.ts, xsollaSettle.ts) is handed by its caller. Settling is several
 * transactions with a provider's call between them (a grant commits before its consume call), so
 * it cannot run in one the route layer opens around it; the caller (the route layer in 'steps'
 * mode, a webhook, a job) hands over its own runner, and settlement never opens one itself.
 */
export interface PurchaseContext {
  /** The pool, for reads outside the caller's transactions. */
  db: Executor;
  /** The caller's transactions (the route layer's `ctx.transaction`, a job's `inTransaction`). */
  transaction: RunInTransaction;
  log: { warn(details: object, message: string): void };
  products: Products;
  /** Discord's test entitlements grant too (a test server's switch). */
  discordTestEntitlements: boolean;
  purchases: Purchases;
}

/** What the consume and reconcile rounds read of the app (a FastifyInstance is one). */
export interface PurchaseApp {
  db: Executor;
  log: PurchaseContext['log'];
  products: Products;
  config: { DISCORD_TEST_ENTITLEMENTS: boolean };
  purchases: Purchases | null;
  metrics: { purchaseReconciled(host: string, kind: 'granted' | 'reversed', n: number): void };
}

/** The context from what an app holds (a FastifyInstance is one) and the caller's runner. */
export function purchaseContext(
  app: { db: Executor; log: PurchaseContext['log']; products: Products; config: { DISCORD_TEST_ENTITLEMENTS: boolean } },
  purchases: Purchases, transaction: RunInTransaction,
): PurchaseContext {
  return { db: app.db, log: app.log, products: app.products, discordTestEntitlements: app.config.DISCORD_TEST_ENTITLEMENTS, purchases, transaction };
}
