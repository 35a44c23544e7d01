// Waiting in tests, one way each: a promise the test settles by hand, and a pause that lets
// pending promise callbacks and timers of 0 ms (or `ms`) run before the test looks again.

export interface Deferred<T> { promise: Promise<T>; resolve(value: T): void; reject(reason: unknown): void }

/** A promise with its resolve and reject in hand, to hold an answer until the test lets it go. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

/** Resolves after a macrotask (or `ms`): everything already queued has run by then. */
export function flush(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
