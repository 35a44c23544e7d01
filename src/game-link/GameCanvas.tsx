import { useLayoutEffect, useRef } from 'react';
import type { GameController } from './controller';
import './GameCanvas.css';

/**
 * Hosts the game's canvas. React owns only this div: the controller creates the canvas, so a
 * re-render can never touch the running game, and unmounting quits the game before the canvas
 * leaves the document.
 */
export function GameCanvas({ controller, visible }: { controller: GameController; visible: boolean }) {
  const hostRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const host = hostRef.current;
    return host ? controller.mount(host) : undefined;
  }, [controller]);
  return <div ref={hostRef} className="game-host" data-testid="game-host" data-visible={visible} />;
}
