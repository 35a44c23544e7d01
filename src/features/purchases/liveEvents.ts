// Purchases' part of the live events (src/api/liveEvents.ts): the server granted a purchase (also
// one that completed after its flow closed: a late entitlement, a webhook) or reversed one (a
// refund). Each is told once through purchaseNews.ts, whoever heard it first (the settle answer,
// this event, the checkout's return): the game hears it as the host event `purchase`
// (src/host-bridge/purchases.ts) and the player gets the toast and a fresh balance (PurchasesAtStart).
import type { LiveEvent } from '../../../contract/liveEvents';
import { PURCHASE_HOSTS, type PurchaseHost } from '../../../contract/purchases';
import { tellPurchase } from '../../host-bridge/purchaseNews';

interface PurchaseEvent { type: 'purchaseGranted' | 'purchaseReversed'; purchaseId: string; productId: string; tripcoins: number; host: PurchaseHost; balance: number }

function asPurchaseEvent(event: LiveEvent): PurchaseEvent | null {
  const e = event as unknown as Record<string, unknown>;
  if (e.type !== 'purchaseGranted' && e.type !== 'purchaseReversed') return null;
  const ok = typeof e.purchaseId === 'string' && typeof e.productId === 'string' && typeof e.tripcoins === 'number'
    && typeof e.balance === 'number' && (PURCHASE_HOSTS as readonly unknown[]).includes(e.host);
  return ok ? (e as unknown as PurchaseEvent) : null;
}

export function purchasesLiveEvent(event: LiveEvent): void {
  const p = asPurchaseEvent(event);
  if (!p) return;
  tellPurchase({ kind: p.type === 'purchaseGranted' ? 'granted' : 'reversed', purchaseId: p.purchaseId, productId: p.productId, tripcoins: p.tripcoins, host: p.host, balance: p.balance });
}
