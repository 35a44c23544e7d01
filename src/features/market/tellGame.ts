// What the game hears after a market action (spec part 2 §7): the marketplace changed, and the
// item whose data changed.
import { SHELL_TO_GAME } from '../../../contract/game';
import type { GameLink } from '../../game-link/link';

export function tellGameMarketChanged(game: Pick<GameLink, 'send'>, { itemUuid, marketplace }: { itemUuid?: string; marketplace: boolean }): void {
  if (marketplace) game.send(SHELL_TO_GAME.refreshMarketplace);
  if (itemUuid) game.send(SHELL_TO_GAME.itemData, { itemUuid });
}
