// The item economy's basics: the item catalogue and sprites, a
// player's inventory, player search, item transfers, and the game-server award API.
import { z } from 'zod';
import { MessageAnswer } from './auth';
import { CatalogueItemSchema } from './items';
import { defineEndpoint } from './http';
import { parseTripcoins, TripcoinAmount } from './money';

/** 1230n -> "12.30": two decimals, no thousands separators (what the spec's texts show). */
export function tcFixed(hundredths: bigint): string {
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * Reads an amount typed by a player (number or decimal text) for validation with the spec's
 * messages: null when it is not a positive number at all; otherwise its value (for min/max
 * checks) and its hundredths, null when it has more than two decimals.
 */
export function readAmount(input: number | string): { value: number; hundredths: bigint | null } | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
  } else {
    text = input.trim();
    if (!/^\d+(\.\d+)?$/.test(text)) return null;
  }
  const value = Number(text);
  if (!(value > 0)) return null;
  return { value, hundredths: parseTripcoins(text) };
}

export const ECONOMY_TEXT = {
  inventoryFailed: 'Failed to load inventory. Please try again later.',
  transferIncomplete: 'Please select an item, recipient, and quantity.',
  transferFailed: 'Transfer failed',
  transferSuccess: 'NFT transfer successful!',
  transferToSelf: 'You cannot transfer items to yourself',
  recipientNotFound: 'Recipient not found',
  itemNotFound: 'Item not found',
  playerNotFound: 'Player not found',
  searchQueryRule: 'Search text must be 1-64 characters',
  spriteSizeRule: 'size must be 256 or 512',
  awardEmpty: 'An award needs tripcoins, xp or items',
  awardTarget: 'An award needs the player uuid or username',
  awardIdReused: 'This awardId was already used for a different award',
  onlyHave: (n: bigint | number) => `You only have ${n} of this item.`,
  /** A quantity field holds exactly what was typed: "1.5" or "-2" is this error, never 15 or 2. */
  wholeNumber: 'Please enter a whole number',
} as const;

/** Item quantities in requests: whole units, at least 1. */
const quantityOf = (message: string) => z.number({ error: message }).int(message).min(1, message).max(Number.MAX_SAFE_INTEGER, message);

// --- catalogue and sprites -------------------------------------------------------------------

export const SPRITE_SIZES = ['256', '512'] as const;

export const CatalogueEntry = CatalogueItemSchema.extend({
  /** Only without `cleaned=true`: what the item is and which collection it belongs to. */
  kind: z.string().optional(),
  collection: z.string().nullable().optional(),
});

export const itemCatalogue = defineEndpoint({
  method: 'GET', path: '/api/itemv4', access: 'public', summary: 'The item catalogue',
  query: z.object({ cleaned: z.enum(['true', 'false']).optional() }),
  response: z.object({ items: z.array(CatalogueEntry) }),
});

export const itemSprite = defineEndpoint({
  method: 'GET', path: '/api/itemv4/:uuid/sprite', access: 'public', summary: "An item's image (SVG), cached with ETag",
  params: z.object({ uuid: z.string().min(1).max(100) }),
  query: z.object({ size: z.enum(SPRITE_SIZES, { error: ECONOMY_TEXT.spriteSizeRule }).optional() }),
  response: z.string(),
  raw: true,
});

// --- inventory and player search -------------------------------------------------------------

export const BaseInventory = z.object({
  /** item uuid -> quantity, as a string (the spec's shape; parse with parseInt). */
  inventory: z.record(z.string(), z.string()),
  tripcoins: z.number(), // below zero only as the debt of a refunded purchase
});
export type BaseInventory = z.infer<typeof BaseInventory>;

export const baseInventory = defineEndpoint({
  method: 'GET', path: '/api/getBaseInventory', access: 'user', summary: "The caller's items and TripCoins",
  response: BaseInventory,
});

export const PLAYER_SEARCH_LIMIT = 5;
export const PlayerSearchResult = z.object({ uuid: z.string(), username: z.string() });

export const searchPlayers = defineEndpoint({
  method: 'GET', path: '/api/searchPlayers/:query', access: 'user', summary: 'Players whose username contains the text (prefix matches first)',
  params: z.object({ query: z.string().min(1, ECONOMY_TEXT.searchQueryRule).max(64, ECONOMY_TEXT.searchQueryRule) }),
  query: z.object({ limit: z.coerce.number().int().min(1).max(PLAYER_SEARCH_LIMIT).default(PLAYER_SEARCH_LIMIT) }),
  response: z.array(PlayerSearchResult),
});

// --- transfer --------------------------------------------------------------------------------

const transferField = (max: number) => z.string({ error: ECONOMY_TEXT.transferIncomplete }).min(1, ECONOMY_TEXT.transferIncomplete).max(max, ECONOMY_TEXT.transferIncomplete);

export const TransferBody = z.object({
  toPlayerUsername: transferField(64),
  itemUuid: transferField(100),
  quantity: quantityOf(ECONOMY_TEXT.transferIncomplete),
});

export const transferItems = defineEndpoint({
  method: 'POST', path: '/api/inventory/transfer-onchain', access: 'user', feature: 'gifts', summary: 'Give items to another player',
  body: TransferBody, response: MessageAnswer, movesValue: true,
});

// --- game-server awards ----------------------------------------------------------------------

export const AWARD_LIMITS = { maxTripcoins: 1_000_000_000, maxXp: 10_000_000, maxItemQuantity: 1_000_000, maxItemKinds: 50 } as const;
export const AWARD_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

export const AwardBody = z.object({
  uuid: z.guid().optional(),
  username: z.string().min(1).max(64).optional(),
  /** TripCoins with at most two decimals. */
  tripcoins: TripcoinAmount.refine((v) => Number(v) <= AWARD_LIMITS.maxTripcoins, 'At most 1,000,000,000 TripCoins per award').optional(),
  xp: z.number().int().min(1).max(AWARD_LIMITS.maxXp).optional(),
  /** item uuid -> units. */
  items: z.record(z.string().max(100), z.number().int().min(1).max(AWARD_LIMITS.maxItemQuantity))
    .refine((r) => Object.keys(r).length <= AWARD_LIMITS.maxItemKinds, `At most ${AWARD_LIMITS.maxItemKinds} item kinds per award`)
    .optional(),
  /** The game's id for this award: a retry with the same id changes nothing. */
  awardId: z.string().regex(AWARD_ID_PATTERN, 'awardId must be 1-100 characters: letters, digits and _ . : -'),
})
  .refine((b) => b.uuid !== undefined || b.username !== undefined, ECONOMY_TEXT.awardTarget)
  .refine((b) => b.tripcoins !== undefined || b.xp !== undefined || (b.items !== undefined && Object.keys(b.items).length > 0), ECONOMY_TEXT.awardEmpty);
export type AwardBody = z.infer<typeof AwardBody>;

export const AwardResult = z.object({
  awardId: z.string(),
  uuid: z.string(),
  username: z.string(),
  /** The player's balance and XP right after this award. */
  tripcoins: z.number(), // below zero only as the debt of a refunded purchase
  totalXp: z.number().int().nonnegative(),
  currentLevel: z.number().int().min(1),
  /** Levels this award unlocked. */
  newLevels: z.array(z.number().int()),
  /** True when this answers a retry of an award already applied. */
  replayed: z.boolean(),
});
export type AwardResult = z.infer<typeof AwardResult>;

export const award = defineEndpoint({
  method: 'POST', path: '/api/server/award', access: 'gameServer', summary: 'Award TripCoins, XP and items a player earned in game (idempotent by awardId)',
  body: AwardBody, response: AwardResult, movesValue: true,
});

export const economyEndpoints = { itemCatalogue, itemSprite, baseInventory, searchPlayers, transferItems, award };
