// The item catalogue (GET /api/itemCatalogue?cleaned=true): names and types of every item, for
// every screen that names items (market, removed items, the owned-item picker). Shared: one
// query, one cache entry; it changes only with a release, so it stays fresh for 30 minutes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemCatalogue, itemSprite } from '../../contract/economy';
import { buildPath } from '../../contract/http';
import { call } from './client';

export const getCatalogue = (signal?: AbortSignal) => call(itemCatalogue, { query: { cleaned: 'true' }, signal });

export const catalogueQuery = queryOptions({
  queryKey: ['itemCatalogue'] as const,
  queryFn: ({ signal }) => getCatalogue(signal),
  staleTime: 30 * 60_000,
});

export const useCatalogue = () => useQuery(catalogueQuery);

/** Names by item uuid, from the catalogue. */
export function useItemNames(): Map<string, string> {
  const { data } = useCatalogue();
  const names = new Map<string, string>();
  for (const item of data?.items ?? []) names.set(item.uuid, item.name);
  return names;
}

/** An item's sprite (GET /api/itemv4/:uuid/sprite); the shop and the crate images use 512. */
export function spriteUrl(itemUuid: string, size: 256 | 512 = 256): string {
  return `${buildPath(itemSprite.path, { uuid: itemUuid })}?size=${size}`;
}
