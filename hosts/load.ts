// Loads the chosen host's adapter as its own chunk: the Discord SDK and the portal shim never
// weigh on the other hosts' first screen.
import type { HostAdapter, HostKind } from './types';

export async function loadHostAdapter(kind: HostKind): Promise<HostAdapter> {
  switch (kind) {
    case 'discord': return (await import('./discord/adapter')).createDiscordAdapter();
    case 'crazygames': return (await import('./crazygames/adapter')).createCrazyGamesAdapter();
    default: return (await import('./web/adapter')).createWebAdapter();
  }
}
