// A fixed-count run's calls a second, read the way pgbench reads its own ("without initial
// connection time"): from the moment every client has had its first answer, not from the start.
// The API's runs open their connections inside the timed part (autocannon connects as it
// starts), and a money run is short (200 calls in about half a second), so the first answers,
// 17-41 ms after the start on a 2-core machine, were charged to the API as if they were the
// server's; the direct runs and pgbench start on open connections. Both sides of a ratio are
// read this way.

/**
 * Calls a second over the steady part of a run: `doneAt` holds each call's completion time (ms,
 * any clock, ascending or not), `clients` how many ran at once. The first `clients` completions
 * end the warm-up (each client's first call, with its connection); the rate counts the calls
 * after the last of them, over the time to the last one. A run too short to have a steady part
 * (at most twice `clients` calls) is read from `startedAt` instead, as it always was.
 */
export function steadyRate(startedAt: number, doneAt: readonly number[], clients: number): number {
  const times = [...doneAt].sort((a, b) => a - b);
  const last = times[times.length - 1];
  if (last === undefined) return 0;
  const warmUp = Math.max(clients, 1);
  const warm = times[warmUp - 1];
  if (times.length > 2 * warmUp && warm !== undefined && last > warm) return ((times.length - warmUp) / (last - warm)) * 1000;
  return last > startedAt ? (times.length / (last - startedAt)) * 1000 : 0;
}
