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
