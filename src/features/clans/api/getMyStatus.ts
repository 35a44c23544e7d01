// The machine's `loadStatus`: GET /api/clans/my-status and the player's level (shared level
// progress, written back into its cache entry), fresh from the server. Rejects with `{ text }`.
import type { QueryClient } from '@tanstack/react-query';
import * as c from '../../../../contract/clans';
import type { LoadedStatus } from '../../../../machines/clan-membership';
import { call } from '../../../api/client';
import { serverErrorText } from '../../../api/errors';
import { getLevelProgress, storeLevelProgress } from '../../../api/levelProgress';

export const getMyStatus = (signal?: AbortSignal) => call(c.myStatus, { signal });

export async function loadStatus(client: QueryClient): Promise<LoadedStatus> {
  try {
    const [status, progress] = await Promise.all([
      getMyStatus(),
      getLevelProgress().catch(() => null),
    ]);
    if (progress) storeLevelProgress(client, progress);
    return { status: status.status, clanId: status.clan?.clanId ?? null, level: progress?.userProgress.currentLevel ?? 1 };
  } catch (error) {
    throw { text: serverErrorText(error) };
  }
}
