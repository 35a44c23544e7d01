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
