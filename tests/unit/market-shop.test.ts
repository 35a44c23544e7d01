// The Marketplace shop's cards and the search, filter and sort a player picks.
import { describe, expect, it } from 'vitest';
import { BASE_SET_ITEMS, ITEM_IDS } from '../../contract/items';
import type { MarketListing } from '../../contract/marketplace';
import { RARITIES, rarityOf, setOf } from '../../contract/rarity';
import { buildShopItems, filterShopItems, foldText, NO_FILTER, NO_SET, sortShopItems, type ShopStat } from '../../src/features/market/shop';

const [BLASTER, VISOR, , , GRENADE, , , , WRENCH, , , BADGE] = BASE_SET_ITEMS.map((i) => i.uuid);

const stat = (uuid: string, name: string, lowest: number | null, count: number, quantity = count): ShopStat =>
  ({ item_uuid: uuid, item_name: name, lowest_price: lowest, listed_count: count, listed_quantity: quantity, recent_sales: [] });
let serial = 0;
const listing = (uuid: string, name: string, price: number, own = false): MarketListing => ({
  order_id: `o${serial++}`, seller_uuid: own ? 'me' : 's', seller_username: own ? 'me' : 'seller', item_uuid: uuid, item_name: name,
  price_tripcoins: price, end_time: '2030-01-01T00:00:00.000Z', token_id: '1', isOwnListing: own, quantity: 1,
});

const STATS = [
  stat(BLASTER!, 'Pixel Blaster', 250, 1),
  stat(VISOR!, 'Neon Visor', 12.25, 3),
  stat(WRENCH!, 'Golden Wrench', 40, 2),
  stat(BADGE!, 'Founders Badge', 900, 1),
  stat(ITEM_IDS.mythicalTicket, 'Mythical Ticket', 5000, 1),
  stat(GRENADE!, 'Glitch Grenade', null, 0), // sold out: only its sales are left
];
const items = buildShopItems(STATS, [listing(VISOR!, 'Neon Visor', 12.25, true), listing(VISOR!, 'Neon Visor', 13), listing(BLASTER!, 'Pixel Blaster', 250)]);
const names = (list: Array<{ name: string }>) => list.map((i) => i.name);

describe('rarity and set', () => {
  it('follow the drop odds and the catalogue', () => {
    expect(rarityOf(BLASTER!)).toBe('common');
    expect(rarityOf(GRENADE!)).toBe('uncommon');
    expect(rarityOf(WRENCH!)).toBe('rare');
    expect(rarityOf(BADGE!)).toBe('legendary');
    expect(rarityOf(ITEM_IDS.mythicalTicket.toUpperCase())).toBe('mythical');
    expect(rarityOf('not-an-item')).toBe('common');
    expect(setOf(BLASTER!)).toBe('Base Set');
    expect(setOf(ITEM_IDS.baseSetIICrate)).toBe('Base Set II');
    expect(setOf(ITEM_IDS.mythicalTicket)).toBeNull();
  });
});

describe('buildShopItems', () => {
  it('counts the items on sale, not the listings that hold them', () => {
    const [card] = buildShopItems([stat(WRENCH!, 'Golden Wrench', 40, 1, 5)], []);
    expect(card).toMatchObject({ count: 5, listings: 1 });
    const [fresh] = buildShopItems([], [{ ...listing(BADGE!, 'Founders Badge', 9), quantity: 4 }]);
    expect(fresh).toMatchObject({ count: 4, listings: 1 });
  });

  it('makes one card per item on sale with the lowest price, the count and what Buy buys', () => {
    expect(names(items).sort()).toEqual(['Founders Badge', 'Golden Wrench', 'Mythical Ticket', 'Neon Visor', 'Pixel Blaster']);
    const visor = items.find((i) => i.uuid === VISOR)!;
    expect(visor).toMatchObject({ lowest: 12.25, count: 3, rarity: 'common', set: 'Base Set' });
    // The cheapest listing is the player's own: Buy takes the cheapest of someone else's.
    expect(visor.cheapestOwn?.price_tripcoins).toBe(12.25);
    expect(visor.cheapestToBuy?.price_tripcoins).toBe(13);
    expect(items.find((i) => i.uuid === WRENCH)!.cheapestToBuy).toBeNull();
  });

  it('shows a listing newer than the stats', () => {
    const fresh = buildShopItems([], [listing(WRENCH!, 'Golden Wrench', 7), listing(WRENCH!, 'Golden Wrench', 9)]);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ name: 'Golden Wrench', lowest: 7, count: 2, rarity: 'rare' });
  });
});

describe('filterShopItems', () => {
  it('searches names ignoring case, accents and spaces around', () => {
    expect(names(filterShopItems(items, { ...NO_FILTER, query: '  néon ' }))).toEqual(['Neon Visor']);
    expect(names(filterShopItems(items, { ...NO_FILTER, query: 'ER' })).sort()).toEqual(['Founders Badge', 'Pixel Blaster']);
    expect(filterShopItems(items, { ...NO_FILTER, query: 'zzz' })).toEqual([]);
    expect(foldText('Ñeon')).toBe('neon');
  });

  it('filters by rarity and by set, and combines them with the search', () => {
    expect(names(filterShopItems(items, { ...NO_FILTER, rarity: 'legendary' }))).toEqual(['Founders Badge']);
    expect(names(filterShopItems(items, { ...NO_FILTER, set: NO_SET }))).toEqual(['Mythical Ticket']);
    expect(filterShopItems(items, { ...NO_FILTER, set: 'Base Set' })).toHaveLength(4);
    expect(filterShopItems(items, { ...NO_FILTER, set: 'Base Set II' })).toEqual([]);
    expect(names(filterShopItems(items, { query: 'o', rarity: 'common', set: 'Base Set' }))).toEqual(['Neon Visor']);
  });
});

describe('sortShopItems', () => {
  it('sorts by price both ways, name, rarity and listed count, ties by name', () => {
    expect(names(sortShopItems(items, 'price_asc'))).toEqual(['Neon Visor', 'Golden Wrench', 'Pixel Blaster', 'Founders Badge', 'Mythical Ticket']);
    expect(names(sortShopItems(items, 'price_desc'))).toEqual(['Mythical Ticket', 'Founders Badge', 'Pixel Blaster', 'Golden Wrench', 'Neon Visor']);
    expect(names(sortShopItems(items, 'name'))).toEqual(['Founders Badge', 'Golden Wrench', 'Mythical Ticket', 'Neon Visor', 'Pixel Blaster']);
    expect(names(sortShopItems(items, 'rarity'))).toEqual(['Mythical Ticket', 'Founders Badge', 'Golden Wrench', 'Neon Visor', 'Pixel Blaster']);
    expect(names(sortShopItems(items, 'count'))).toEqual(['Neon Visor', 'Golden Wrench', 'Founders Badge', 'Mythical Ticket', 'Pixel Blaster']);
    expect(RARITIES[0]).toBe('common');
  });

  it('puts an unknown price last either way and leaves its input alone', () => {
    const withUnknown = [...items, { ...items[0]!, uuid: 'x', name: 'Aaa', lowest: null }];
    expect(sortShopItems(withUnknown, 'price_asc').at(-1)?.name).toBe('Aaa');
    expect(sortShopItems(withUnknown, 'price_desc').at(-1)?.name).toBe('Aaa');
    const before = names(withUnknown);
    sortShopItems(withUnknown, 'name');
    expect(names(withUnknown)).toEqual(before);
  });
});
