// POST /api/crates/open {crateVersionId}: one crate spent, one item won. The crate-open
// machine's `openCrate` actor. The operation owns the attempt's Idempotency-Key (one per
// opening, kept for the retry of an opening that got no answer), refreshes the inventory and
// the shops, and sends the game fresh item data for the crate item and the won item, once per
// opening (never again for a replayed answer).
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CRATE_VERSIONS, openCrate as openCrateEndpoint, type CrateVersionId } from '../../../../contract/crates';
import { SHELL_TO_GAME } from '../../../../contract/gameConstants';
import { call } from '../../../api/client';
import { attemptsOf } from '../../../api/attempts';
import { isServerAnswer } from '../../../api/errors';
import { useGameLink } from '../../../game-link/context';
import type { GameLink } from '../../../game-link/link';
import { refreshAfterCrates } from './invalidate';
import { t } from '../../../i18n';

export function openCrate(version: CrateVersionId, idempotencyKey: string) {
  return call(openCrateEndpoint, { body: { crateVersionId: version }, idempotencyKey });
}

/** Opens one crate, refreshes what the opening changed and tells the game. */
export async function openCrateAndRefresh(client: QueryClient, game: Pick<GameLink, 'send'>, version: CrateVersionId) {
  const attempts = attemptsOf(client, 'crates-open');
  const key = attempts.begin(String(version));
  if (key === null) throw new Error(t('crates.alreadyOpening'));
  let result;
  try {
    result = await openCrate(version, key);
  } catch (error) {
    if (isServerAnswer(error)) attempts.answered(key); else attempts.unanswered(key);
    throw error;
  }
  void refreshAfterCrates(client);
  if (attempts.answered(key)) {
    const crate = CRATE_VERSIONS[version];
    if (crate) game.send(SHELL_TO_GAME.itemData, { itemUuid: crate.crateItemUuid });
    game.send(SHELL_TO_GAME.itemData, { itemUuid: result.wonItemUuid });
  }
  return result;
}

/** The crate-open machine's `openCrate`, bound to the app's query client and game link. */
export function useOpenCrate(): (version: CrateVersionId) => ReturnType<typeof openCrateAndRefresh> {
  const client = useQueryClient();
  const game = useGameLink();
  return useCallback((version) => openCrateAndRefresh(client, game, version), [client, game]);
}
