// The player's language as the host tells it (Discord's user locale, the portal's system info,
// the browser's languages on the web): one value for the whole shell and the game. The host API
// (src/host-bridge/hostApi.ts) sets it; anything that shows text (the shell's translations) reads
// it and follows its changes. Zod-free and tiny: the first screen may import it.

type Listener = (locale: string | null) => void;

let current: string | null = null;
const listeners = new Set<Listener>();

/** The host's locale (a BCP 47 tag such as `en-US`), or null until the host told it. */
export function getHostLocale(): string | null {
  return current;
}

/** Calls `listener` at every change (not at once). Returns the unsubscribe. */
export function subscribeHostLocale(listener: Listener): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** Set by the host API only. */
export function setHostLocale(locale: string | null): void {
  if (locale === current) return;
  current = locale;
  for (const listener of [...listeners]) listener(locale);
}
