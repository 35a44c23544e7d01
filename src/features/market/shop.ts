// The Marketplace shop's data, pure: one card per item on sale (from the per-item stats: lowest
// price and listed count, and the cheapest listings the listings page holds), and the search,
// filter and sort the player picks. No React, no fetch: unit-tested on their own.
import { RARITIES, rarityOf, setOf, type Rarity } from '../../../contract/rarity';
import type { MarketListing } from '../../../contract/marketplace';

export interface ShopStat {
  item_uuid: string;
  item_name: string;
  lowest_price: number | null;
  listed_count: number;
  /** Items on sale across those listings (a listing may sell several). */
  listed_quantity: number;
  recent_sales: Array<{ unit_price: number; sold_at: string }>;
}

export interface ShopItem {
  uuid: string;
  name: string;
  rarity: Rarity;
  set: string | null;
  /** The cheapest active listing's price, null when none is known. */
  lowest: number | null;
  /** How many items are on sale (over every active listing: a listing may sell several). */
  count: number;
  /** How many active listings hold them. */
  listings: number;
  sales: ShopStat['recent_sales'];
  /** The cheapest listing of someone else among the loaded listings: what the card's Buy buys. */
  cheapestToBuy: MarketListing | null;
  /** The caller's own cheapest listing among the loaded ones. */
  cheapestOwn: MarketListing | null;
}

export const SHOP_SORTS = ['price_asc', 'price_desc', 'name', 'rarity', 'count'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

/** 'all', a set's name, or NO_SET for items outside every set. */
export const NO_SET = '__none__';
export interface ShopFilter { query: string; rarity: Rarity | 'all'; set: string }
export const NO_FILTER: ShopFilter = { query: '', rarity: 'all', set: 'all' };

/** One card per item with active listings: stats first (they count every listing), then any item
 * only the listings show (a listing newer than the stats). Listings are cheapest first. */
export function buildShopItems(stats: readonly ShopStat[], listings: readonly MarketListing[]): ShopItem[] {
  const items = new Map<string, ShopItem>();
  const card = (uuid: string, name: string): ShopItem => ({
    uuid, name, rarity: rarityOf(uuid), set: setOf(uuid), lowest: null, count: 0, listings: 0, sales: [], cheapestToBuy: null, cheapestOwn: null,
  });
  for (const s of stats) {
    if (s.listed_count <= 0) continue;
    items.set(s.item_uuid, { ...card(s.item_uuid, s.item_name), lowest: s.lowest_price, count: s.listed_quantity, listings: s.listed_count, sales: s.recent_sales });
  }
  const seen = new Map<string, { listings: number; items: number }>();
  for (const listing of listings) {
    let item = items.get(listing.item_uuid);
    if (!item) {
      item = card(listing.item_uuid, listing.item_name);
      items.set(listing.item_uuid, item);
    }
    const before = seen.get(listing.item_uuid) ?? { listings: 0, items: 0 };
    seen.set(listing.item_uuid, { listings: before.listings + 1, items: before.items + listing.quantity });
    if (listing.isOwnListing) item.cheapestOwn ??= listing;
    else item.cheapestToBuy ??= listing;
  }
  for (const item of items.values()) {
    const loaded = seen.get(item.uuid) ?? { listings: 0, items: 0 };
    if (loaded.listings > item.listings) item.listings = loaded.listings;
    if (loaded.items > item.count) item.count = loaded.items;
    const first = [item.cheapestToBuy, item.cheapestOwn].filter((l): l is MarketListing => l !== null)
      .reduce<number | null>((min, l) => (min === null || l.price_tripcoins < min ? l.price_tripcoins : min), null);
    if (first !== null && (item.lowest === null || first < item.lowest)) item.lowest = first;
  }
  return [...items.values()];
}

/** Case- and accent-insensitive text for matching what a player types against a name. */
export const foldText = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();

export function filterShopItems(items: readonly ShopItem[], filter: ShopFilter): ShopItem[] {
  const query = foldText(filter.query);
  return items.filter((item) =>
    (query === '' || foldText(item.name).includes(query))
    && (filter.rarity === 'all' || item.rarity === filter.rarity)
    && (filter.set === 'all' || (filter.set === NO_SET ? item.set === null : item.set === filter.set)));
}

/** A new array in the order picked; ties (and prices not known) fall back to the name. */
export function sortShopItems(items: readonly ShopItem[], sort: ShopSort, locale = 'en'): ShopItem[] {
  const byName = (a: ShopItem, b: ShopItem) => a.name.localeCompare(b.name, locale) || a.uuid.localeCompare(b.uuid);
  const price = (item: ShopItem, unknown: number) => item.lowest ?? unknown;
  const compare: Record<ShopSort, (a: ShopItem, b: ShopItem) => number> = {
    price_asc: (a, b) => price(a, Infinity) - price(b, Infinity),
    price_desc: (a, b) => price(b, -Infinity) - price(a, -Infinity),
    name: () => 0,
    rarity: (a, b) => RARITIES.indexOf(b.rarity) - RARITIES.indexOf(a.rarity),
    count: (a, b) => b.count - a.count,
  };
  return [...items].sort((a, b) => {
    const c = compare[sort](a, b);
    return Number.isNaN(c) || c === 0 ? byName(a, b) : c;
  });
}
