// Real-money TripCoin packs, provider side: the ledger service (`app.purchases.service`, the
// product table with it; buildApp's `purchases` option) and the provider clients of the hosts whose keys are set, decorated for the routes, the
// webhooks and the jobs; and the metrics they count. Without a service nothing is sold: every
// purchase route answers that purchases are not configured.
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { DiscordStoreApi, ed25519PublicKey } from '../providers/discordStore';
import { hostHasKeys } from '../providers/purchaseConfig';
import { hostProductIdOf, type PurchaseService } from '../services/purchases/purchaseService';
import type { Purchases } from '../services/purchases/purchases';

export type { Purchases };
import { WebCheckoutApi } from '../providers/webCheckout';
import { XsollaApi } from '../providers/xsolla';
import * as ledger from '../services/purchases/ledger';
import type { Products } from '../services/purchases/products';

/** The ledger's service over this app's product table: what sells in production. */
export function ledgerService(products: Products): PurchaseService<Products> {
  return {
    products, list: products.list,
    productForHostSku: ledger.productForHostSku, grantPurchase: ledger.grantPurchase, purchasesToConsume: ledger.purchasesToConsume,
    markConsumed: ledger.markConsumed, markConsumeFailed: ledger.markConsumeFailed, reversePurchase: ledger.reversePurchase,
    reversePurchasePart: ledger.reversePurchasePart, restorePurchase: ledger.restorePurchase,
  };
}


export default fp<{ service?: PurchaseService | null }>(async (app, options) => {
  const { config } = app;
  // Left out: the ledger's service; null (a test's choice): nothing is sold.
  const service = options.service === undefined ? ledgerService(app.products) as PurchaseService : options.service;
  if (!service) { app.decorate('purchases', null); return; }
  const registers = [app.metrics.registry];
  const discord = hostHasKeys(config, 'discord')
    ? { store: new DiscordStoreApi(config.DISCORD_CLIENT_ID!, config.DISCORD_BOT_TOKEN!, config.DISCORD_API_BASE), publicKey: ed25519PublicKey(config.DISCORD_PUBLIC_KEY!) }
    : null;
  const xsolla = hostHasKeys(config, 'crazygames')
    ? { store: new XsollaApi(config.XSOLLA_PROJECT_ID!, config.XSOLLA_API_KEY!, config.XSOLLA_API_BASE), webhookSecret: config.XSOLLA_WEBHOOK_SECRET! }
    : null;
  const web = hostHasKeys(config, 'web') ? new WebCheckoutApi(config.WEB_CHECKOUT_SECRET_KEY!, config.WEB_CHECKOUT_WEBHOOK_SECRET!, config.WEB_CHECKOUT_API_BASE) : null;
  const configured = { discord: discord !== null, crazygames: xsolla !== null, web: web !== null };
  const purchases: Purchases = {
    service, discord, xsolla, web,
    sells: (host) => configured[host] && service.list.some((p) => hostProductIdOf(p, host) !== undefined),
    webhooks: new Counter({ name: 'tripshell_purchases_webhooks_total', help: 'Purchase webhooks received, by host and outcome', labelNames: ['host', 'outcome'], registers }),
    steps: new Counter({ name: 'tripshell_purchases_total', help: 'Purchase steps (confirm, grant, consume, refund), by host and outcome', labelNames: ['host', 'step', 'outcome'], registers }),
  };
  app.decorate('purchases', purchases);
}, { name: 'purchase-providers', dependencies: ['config', 'database', 'metrics', 'purchases'] });
