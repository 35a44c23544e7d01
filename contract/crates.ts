// Crate shops and crate opening.
// Version 0 is the Base Set shop, version 1 the Base Set II shop; each sells its own crate item
// from a limited supply. Opening a crate gives one Base Set item drawn from a published drop
// table (GET /api/crates/odds).
import { z } from 'zod';
import { tcFixed } from './economy';
import { defineEndpoint, TextRef } from './http';
import { ITEM_IDS } from './items';

export interface CrateVersion {
  id: CrateVersionId;
  /** Shown in titles and success toasts: 'Base Set' or 'Base Set II'. */
  name: string;
  crateItemUuid: string;
  statusPath: string;
  buyPath: string;
  /** When the shop opened or opens (ISO instant); the shell announces it from this, never from a fixed text. */
  releasedAt?: string;
}

export const CRATE_VERSIONS: readonly CrateVersion[] = [
  { id: 0, name: 'Base Set', crateItemUuid: ITEM_IDS.baseSetCrate, statusPath: '/api/crates/status', buyPath: '/api/crates/buy' },
  { id: 1, name: 'Base Set II', crateItemUuid: ITEM_IDS.baseSetIICrate, statusPath: '/api/crates/status/v2', buyPath: '/api/crates/buy/v2', releasedAt: '2025-10-19T21:30:00Z' },
];

const CRATE_SOLD_OUT = 'Sold Out: no crates are left in this shop';

export const CRATE_TEXT = {
  invalidQuantity: 'Please enter a valid quantity',
  needCrate: 'You need at least 1 crate to open',
  purchaseFailed: 'Failed to purchase crates',
  openFailed: 'Failed to open crate',
  shopStatusFailed: 'Failed to load shop status',
  balanceFailed: 'Failed to load crate balance',
  versionRule: 'crateVersionId must be 0 (Base Set) or 1 (Base Set II)',
  soldOut: CRATE_SOLD_OUT,
  /** Never "Only 0 crates available": an empty shop says it is sold out. */
  onlyAvailable: (n: bigint | number) => (Number(n) <= 0 ? CRATE_SOLD_OUT : `Only ${n} crates available in shop`),
  insufficient: (balance: bigint, cost: bigint) => `Insufficient balance. You have ${tcFixed(balance)} TC but need ${tcFixed(cost)} TC`,
  purchased: (quantity: number, versionName: string) => `Successfully purchased ${quantity} ${versionName} Crate(s)!`,
  spent: (cost: bigint) => `Spent ${tcFixed(cost)} TC`,
} as const;

export const CrateVersionId = z.union([z.literal(0), z.literal(1)], { error: CRATE_TEXT.versionRule });
/** 0 is the Base Set shop, 1 the Base Set II shop. */
export type CrateVersionId = z.infer<typeof CrateVersionId>;

export const CrateStatus = z.object({
  crateVersionId: CrateVersionId,
  crateItemUuid: z.string(),
  cratePrice: z.number().positive(),
  /** Crates of this version the caller owns (0 when anonymous). */
  crateBalance: z.number().int().nonnegative(),
  totalSupply: z.number().int().nonnegative(),
  remainingSupply: z.number().int().nonnegative(),
});
export type CrateStatus = z.infer<typeof CrateStatus>;

/** The spec's only quantity rules: a positive integer, and no more than the shop has left. */
export const CrateBuyBody = z.object({
  quantity: z.number({ error: CRATE_TEXT.invalidQuantity }).int(CRATE_TEXT.invalidQuantity).min(1, CRATE_TEXT.invalidQuantity).max(Number.MAX_SAFE_INTEGER, CRATE_TEXT.invalidQuantity),
});

export const CrateBuyResult = z.object({
  message: z.string(),
  /** 'Spent X TC', the success toast's description. */
  description: z.string(),
  /** The two texts as the shell words them (TextRef): CRATE_PURCHASED {count, name}, CRATE_SPENT {amount}. */
  messageText: TextRef.optional(),
  descriptionText: TextRef.optional(),
  quantity: z.number().int().positive(),
  crateBalance: z.number().int().nonnegative(),
  tripcoins: z.number(),
  remainingSupply: z.number().int().nonnegative(),
});

export const CrateOdds = z.object({
  crateVersionId: CrateVersionId,
  crateItemUuid: z.string(),
  /** Percentages with two decimals, summing to exactly 100. */
  odds: z.array(z.object({ itemUuid: z.string(), name: z.string(), weight: z.number().int().positive(), percent: z.number().nonnegative() })),
});

const statusOf = (v: CrateVersion) => defineEndpoint({
  method: 'GET', path: v.statusPath, access: 'public', readsPlayer: true, summary: `${v.name} crate shop: price, supply and the caller's crates`,
  response: CrateStatus,
});
const buyOf = (v: CrateVersion) => defineEndpoint({
  method: 'POST', path: v.buyPath, access: 'user', feature: 'crates', summary: `Buy ${v.name} crates from the shop's limited supply`,
  body: CrateBuyBody, response: CrateBuyResult, movesValue: true,
});

const [v1, v2] = CRATE_VERSIONS as [CrateVersion, CrateVersion];
export const crateStatus = statusOf(v1);
export const crateStatusV2 = statusOf(v2);
export const buyCrates = buyOf(v1);
export const buyCratesV2 = buyOf(v2);

export const openCrate = defineEndpoint({
  method: 'POST', path: '/api/crates/open', access: 'user', feature: 'crates', summary: 'Open one crate (Base Set unless crateVersionId says otherwise)',
  body: z.object({ crateVersionId: CrateVersionId.optional() }).nullish(),
  response: z.object({ wonItemUuid: z.string(), wonItemName: z.string(), crateVersionId: CrateVersionId, crateBalance: z.number().int().nonnegative() }),
  movesValue: true,
});
export const crateOdds = defineEndpoint({
  method: 'GET', path: '/api/crates/odds', access: 'public', summary: 'The drop table of a crate version, as percentages',
  query: z.object({ crateVersionId: z.enum(['0', '1'], { error: CRATE_TEXT.versionRule }).default('0') }),
  response: CrateOdds,
});

export const crateEndpoints = { crateStatus, crateStatusV2, buyCrates, buyCratesV2, openCrate, crateOdds };
