// Runs work when the browser is idle (requestIdleCallback, else a timeout): used to fetch the
// settings overlay's chunk after the game has started, so the overlay opens at once.
export function whenIdle(work: () => void, timeout = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}
