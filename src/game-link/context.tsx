// The game link for components: App provides the page's link; tests provide a fake.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { GameStatus } from './controller';
import type { GameLink } from './link';

const GameLinkContext = createContext<GameLink | null>(null);

export function GameLinkProvider({ link, children }: { link: GameLink; children: ReactNode }) {
  return <GameLinkContext.Provider value={link}>{children}</GameLinkContext.Provider>;
}

export function useGameLink(): GameLink {
  const link = useContext(GameLinkContext);
  if (!link) throw new Error('useGameLink needs a GameLinkProvider');
  return link;
}

/** The game's status; re-renders only when it changes. */
export function useGameStatus(): GameStatus {
  const link = useGameLink();
  return useSyncExternalStore(link.subscribe, link.status);
}
