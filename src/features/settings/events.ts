// Within the settings feature: the overlay says "a value changed" (so the account copy is
// uploaded), the account sync says "storage was replaced" (so an open overlay reloads).
type Listener = () => void;
const channels = { changed: new Set<Listener>(), replaced: new Set<Listener>() };
export type SettingsEvent = keyof typeof channels;

export function onSettingsEvent(event: SettingsEvent, listener: Listener): () => void {
  channels[event].add(listener);
  return () => { channels[event].delete(listener); };
}

export function emitSettingsEvent(event: SettingsEvent): void {
  for (const listener of [...channels[event]]) {
    try { listener(); } catch (error) { console.warn(`settings: a ${event} listener failed`, error); }
  }
}
