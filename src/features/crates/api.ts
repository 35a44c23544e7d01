// The crate and coin flip requests (contract/crates.ts, contract/coinflip.ts, contract/economy.ts):
// queries for what the modals show, and the money-moving calls, with an Idempotency-Key on the
// endpoints the contract marks idempotent (one key per click: a retried request never charges twice).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { acceptCoinflip, cancelCoinflip, coinflipGame, createCoinflip, openCoinflips } from '../../../contract/coinflip';
import { buyCrates, buyCratesV2, crateOdds, crateStatus, crateStatusV2, openCrate } from '../../../contract/crates';
import { IDEMPOTENCY_HEADER, type EndpointDef } from '../../../contract/http';
import { call } from '../../api/client';
import { INVENTORY_KEY } from '../../api/economy';

export type CrateVersionId = 0 | 1;

/** Every query of this feature starts with this key; the inventory is src/api/economy.ts's. */
const ROOT = 'economy';

export const crateStatusQuery = (version: CrateVersionId) => queryOptions({
  queryKey: [ROOT, 'crates', 'status', version] as const,
  queryFn: ({ signal }) => call(version === 1 ? crateStatusV2 : crateStatus, { signal }),
  staleTime: 0,
});

export const crateOddsQuery = (version: CrateVersionId) => queryOptions({
  queryKey: [ROOT, 'crates', 'odds', version] as const,
  queryFn: ({ signal }) => call(crateOdds, { query: { crateVersionId: String(version) }, signal }),
});

export const openWagersQuery = queryOptions({
  queryKey: [ROOT, 'coinflip', 'open'] as const,
  queryFn: ({ signal }) => call(openCoinflips, { signal }),
  staleTime: 0,
  refetchInterval: 5_000,
});

export const coinflipGameQuery = (id: string) => queryOptions({
  queryKey: [ROOT, 'coinflip', 'game', id] as const,
  queryFn: ({ signal }) => call(coinflipGame, { params: { id }, signal }),
  staleTime: 0,
});

/** A fresh key for one money-moving action (retries of the same action reuse it). */
export function newIdempotencyKey(): string {
  return `crates-${crypto.randomUUID()}`;
}

function idempotencyHeaders(endpoint: EndpointDef, key: string | undefined): Record<string, string> | undefined {
  return endpoint.idempotent && key ? { [IDEMPOTENCY_HEADER]: key } : undefined;
}

export function buyCratesRequest(version: CrateVersionId, quantity: number, key = newIdempotencyKey()) {
  const endpoint = version === 1 ? buyCratesV2 : buyCrates;
  return call(endpoint, { body: { quantity }, headers: idempotencyHeaders(endpoint, key) });
}

export function openCrateRequest(version: CrateVersionId, key = newIdempotencyKey()) {
  return call(openCrate, { body: { crateVersionId: version }, headers: idempotencyHeaders(openCrate, key) });
}

export function createCoinflipRequest(wager: string, choice: 0 | 1) {
  return call(createCoinflip, { body: { wager_amount: wager, choice }, headers: idempotencyHeaders(createCoinflip, newIdempotencyKey()) });
}

export function acceptCoinflipRequest(id: string) {
  return call(acceptCoinflip, { params: { id }, body: {}, headers: idempotencyHeaders(acceptCoinflip, newIdempotencyKey()) });
}

export function cancelCoinflipRequest(id: string) {
  return call(cancelCoinflip, { params: { id }, body: {}, headers: idempotencyHeaders(cancelCoinflip, newIdempotencyKey()) });
}

/** After anything that moves coins or items: the inventory, the shops and the wagers refresh. */
export function refreshEconomy(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === ROOT || q.queryKey[0] === INVENTORY_KEY[0] });
}

/** The sprite of an item (the shop and the crate images use 512). */
export function spriteUrl(itemUuid: string, size: 256 | 512 = 256): string {
  return `/api/itemv4/${encodeURIComponent(itemUuid)}/sprite?size=${size}`;
}

/** The quantity a player owns of an item, from the inventory's string quantities. */
export function ownedQuantity(inventory: Record<string, string> | undefined, itemUuid: string): number {
  const n = Number.parseInt(inventory?.[itemUuid] ?? '0', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
