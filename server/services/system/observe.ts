// What the metrics (services/system/metrics.ts) hear from the services without the services knowing
// about them: a tiny in-process observer list per kind of thing, nothing when no one listens.
const postingObservers = new Set<(reason: string) => void>();

/** The ledger wrote a posting (counted when written: one rolled back afterwards counts too). */
export function notePosting(reason: string): void {
  for (const observe of postingObservers) observe(reason);
}

export function onPosting(observe: (reason: string) => void): () => void {
  postingObservers.add(observe);
  return () => { postingObservers.delete(observe); };
}

/** What happened to a purchase (services/purchases/ledger.ts): granted (outcome granted,
 * duplicate, refunded, or restored: a won dispute), reversed, consumed (outcome ok or failed). */
export type PurchaseNote =
  | { kind: 'granted'; host: string; outcome: 'granted' | 'duplicate' | 'refunded' | 'restored' }
  | { kind: 'reversed'; host: string }
  | { kind: 'consumed'; host: string; outcome: 'ok' | 'failed' };
const purchaseObservers = new Set<(note: PurchaseNote) => void>();

export function notePurchase(note: PurchaseNote): void {
  for (const observe of purchaseObservers) observe(note);
}

export function onPurchase(observe: (note: PurchaseNote) => void): () => void {
  purchaseObservers.add(observe);
  return () => { purchaseObservers.delete(observe); };
}
