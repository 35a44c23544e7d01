// The crate reveal's reel (src/features/crates/reveal.ts): it lands on the won
// item, and its ticks slow down as the roll does.
import { describe, expect, it } from 'vitest';
import { buildReel, LAND_INDEX, REEL_LENGTH, tickTimes } from '../../src/features/crates/reveal';
import { BASE_SET_ITEMS, ITEM_IDS } from '../../contract/items';
import { RARITIES, rarityOf as itemRarity } from '../../contract/rarity';

describe('the reel', () => {
  it('lands on the won item, with other items beside it', () => {
    const won = BASE_SET_ITEMS[11]!;
    let seed = 7;
    const random = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
    const reel = buildReel(BASE_SET_ITEMS, won, random);
    expect(reel).toHaveLength(REEL_LENGTH);
    expect(reel[LAND_INDEX]).toBe(won);
    expect(reel[LAND_INDEX - 1]!.uuid).not.toBe(won.uuid);
    expect(reel[LAND_INDEX + 1]!.uuid).not.toBe(won.uuid);
    expect(new Set(reel.map((r) => r.uuid)).size).toBeGreaterThan(3);
  });

  it('with an empty pool shows only the won item', () => {
    const won = { uuid: 'x' };
    expect(buildReel([], won)).toEqual(Array.from({ length: REEL_LENGTH }, () => won));
  });

  it('ticks slow down towards the landing and end with it', () => {
    const times = tickTimes(2000);
    expect(times.length).toBeGreaterThan(8);
    expect(times[times.length - 1]).toBe(2000);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(55);
    expect(gaps[gaps.length - 1]!).toBeGreaterThan(gaps[0]!);
  });
});

describe('rarity', () => {
  it('is one table for the reveal and the shop: the Base Set drop weights (Founders Badge legendary, Pixel Blaster common), the Mythical Ticket mythical; every item has one', () => {
    expect(itemRarity(BASE_SET_ITEMS[0]!.uuid)).toBe('common');
    expect(itemRarity(BASE_SET_ITEMS[11]!.uuid)).toBe('legendary');
    expect(itemRarity(BASE_SET_ITEMS[10]!.uuid)).toBe('epic');
    expect(itemRarity(ITEM_IDS.mythicalTicket)).toBe('mythical');
    expect(itemRarity('not-an-item')).toBe('common');
    for (const item of BASE_SET_ITEMS) expect(RARITIES).toContain(itemRarity(item.uuid));
  });
});
