// Purchase news, told once each (a grant the settle call answered may come again as the live
// event, a late entitlement, or the checkout's return): whoever hears of a grant or a reversal
// tells it here, and the listeners (the game's host event, the player's toast and balance) hear
// each purchase's grant once and its reversal once. Also the checkout's return (`?purchase=`),
// which the Get TripCoins overlay shows.
import type { PurchaseHost } from '../../contract/purchases';

export interface PurchaseNews {
  kind: 'granted' | 'reversed';
  purchaseId: string;
  productId: string;
  tripcoins: number;
  host: PurchaseHost;
  /** The player's TripCoins after it (below zero: a debt a refund left). */
  balance: number;
}

/** The checkout's return, as the overlay shows it. */
export type CheckoutReturn =
  | { sessionId: string; status: 'waiting' }
  | { sessionId: string; status: 'paid'; tripcoins: number; balance: number }
  | { sessionId: string; status: 'expired' | 'failed' | 'refunded' | 'cancelled' };

type Listener = (news: PurchaseNews) => void;
const told = new Set<string>();
const listeners = new Set<Listener>();
let checkout: CheckoutReturn | null = null;
const checkoutListeners = new Set<(state: CheckoutReturn | null) => void>();

/** Tells one grant or reversal; false (and nobody hears it) when it was told before. */
export function tellPurchase(news: PurchaseNews): boolean {
  const key = `${news.kind}:${news.host}:${news.purchaseId}`;
  if (told.has(key)) return false;
  told.add(key);
  for (const listener of [...listeners]) listener(news);
  return true;
}

export function onPurchaseNews(listener: Listener): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

export function setCheckoutReturn(state: CheckoutReturn | null): void {
  checkout = state;
  for (const listener of [...checkoutListeners]) listener(state);
}
export const getCheckoutReturn = (): CheckoutReturn | null => checkout;
export function onCheckoutReturn(listener: (state: CheckoutReturn | null) => void): () => void {
  checkoutListeners.add(listener);
  return () => { checkoutListeners.delete(listener); };
}

/** Tests: forget what was told. */
export function resetPurchaseNews(): void {
  told.clear();
  checkout = null;
}
