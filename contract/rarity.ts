// Item rarity and set, per catalogue item: what the marketplace shows on every card and filters
// by. The tiers follow the crate drop odds (server/data/drop-tables.json): the four most common
// Base Set drops are Common, the rarest Legendary; the Mythical Ticket and the NFT it becomes are
// Mythical. Crates and the compensation item are Common.
import { BASE_SET_ITEMS, CATALOGUE, ITEM_IDS } from './items';

/** From the most common to the rarest: the order "sort by rarity" uses. */
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary', 'mythical'] as const;
export type Rarity = (typeof RARITIES)[number];

const BASE_SET_TIERS: Rarity[] = [
  'common', 'common', 'common', 'common',
  'uncommon', 'uncommon', 'uncommon', 'uncommon',
  'rare', 'rare',
  'epic',
  'legendary',
];

export const ITEM_RARITY: Readonly<Record<string, Rarity>> = {
  ...Object.fromEntries(BASE_SET_ITEMS.map((item, i) => [item.uuid, BASE_SET_TIERS[i] ?? 'common'])),
  [ITEM_IDS.mythicalTicket]: 'mythical',
  [ITEM_IDS.ancient64Bit]: 'mythical',
};

/** An item's rarity; Common for anything the table does not name (crates, unknown items). */
export const rarityOf = (itemUuid: string): Rarity => ITEM_RARITY[itemUuid.toLowerCase()] ?? 'common';

/** An item's set (its collection), null for items outside every set. */
export const setOf = (itemUuid: string): string | null =>
  CATALOGUE.find((item) => item.uuid === itemUuid.toLowerCase())?.collection ?? null;

/** Every set name in the catalogue, in catalogue order. */
export const ITEM_SETS: readonly string[] = [...new Set(CATALOGUE.map((item) => item.collection).filter((c): c is string => c !== null))];
