// The market's client-side rules with the spec's exact messages.
import { describe, expect, it } from 'vitest';
import { chartPoints } from '../../src/features/market/PriceChart';
import { confirmBuyError, listBuyError, listingError, readQuantity, transferError } from '../../src/features/market/validation';
import { formatTc } from '../../src/ui/formatTc';

const alice = { uuid: 'a-uuid', username: 'Alice' };
const bob = { uuid: 'b-uuid', username: 'bob' };
const ITEM = '0b5e7c1a-0000-4000-8000-0000000b0001';

describe('transfer', () => {
  const base = { itemUuid: ITEM, recipient: bob, quantity: 1 as number | string, owned: 3, self: alice };
  it('needs an item, a picked recipient and a quantity of at least 1', () => {
    const message = 'Please select an item, recipient, and quantity.';
    expect(transferError({ ...base, itemUuid: null })).toBe(message);
    expect(transferError({ ...base, recipient: null })).toBe(message);
    expect(transferError({ ...base, quantity: 0 })).toBe(message);
    expect(transferError({ ...base, quantity: '' })).toBe(message);
  });
  it('says a quantity that is not a whole number is one, never reading it as another number', () => {
    for (const quantity of [1.5, '1.5', '-2', '1e3', '2 3', 'abc', '0x10']) {
      expect(transferError({ ...base, quantity }), String(quantity)).toBe('Please enter a whole number');
    }
  });
  it('names the owned limit for a huge quantity instead of "at least 1"', () => {
    expect(transferError({ ...base, quantity: '99999999999999999999' })).toBe('You only have 3 of this item.');
  });
  it('keeps the quantity within what is owned', () => {
    expect(transferError({ ...base, quantity: 4 })).toBe('You only have 3 of this item.');
    expect(transferError({ ...base, quantity: 3 })).toBeNull();
    expect(transferError({ ...base, quantity: '2' })).toBeNull();
  });
  it('refuses yourself, by uuid or by name in any case', () => {
    expect(transferError({ ...base, recipient: alice })).toBe('You cannot transfer items to yourself');
    expect(transferError({ ...base, recipient: { uuid: 'other', username: 'ALICE' } })).toBe('You cannot transfer items to yourself');
  });
});

describe('list for sale', () => {
  const base = { itemUuid: ITEM, price: '12.50', quantity: 1 as number | string, owned: 2 };
  it('needs an item and a price', () => {
    expect(listingError({ ...base, itemUuid: null })).toBe('Please select an item and set a price.');
    expect(listingError({ ...base, price: '  ' })).toBe('Please select an item and set a price.');
  });
  it('wants a number above 0 with at most two decimals', () => {
    for (const price of ['0', '0.00', '-1', 'abc', '1e3', '12,5']) expect(listingError({ ...base, price }), price).toBe('Please enter a valid price greater than 0.');
    expect(listingError({ ...base, price: '1.234' })).toBe('Maximum 2 decimal places allowed');
    expect(listingError({ ...base, price: '1000000001' })).toBe('Maximum price is 1,000,000,000 TC');
    expect(listingError({ ...base, price: '0.01' })).toBeNull();
    expect(listingError({ ...base, price: '7' })).toBeNull();
  });
  it('wants a quantity from 1 to what is owned', () => {
    expect(listingError({ ...base, quantity: 0 })).toBe('Please enter a quantity of at least 1.');
    expect(listingError({ ...base, quantity: '' })).toBe('Please enter a quantity of at least 1.');
    expect(listingError({ ...base, quantity: 3 })).toBe('You only have 2 of this item.');
    expect(listingError({ ...base, quantity: 2 })).toBeNull();
    expect(listingError({ ...base, quantity: '1.5' })).toBe('Please enter a whole number');
    expect(listingError({ ...base, quantity: '-2' })).toBe('Please enter a whole number');
    expect(listingError({ ...base, quantity: '123456789012345678901' })).toBe('You only have 2 of this item.');
  });
});

describe('buying', () => {
  it('is refused from the list when the balance is below the price', () => {
    expect(listBuyError(150, 100.5)).toBe('You need Ŧ150.00 but only have Ŧ100.50');
    expect(listBuyError(0.3, 0.29)).toBe('You need Ŧ0.30 but only have Ŧ0.29');
    expect(listBuyError(150, 150)).toBeNull();
  });
  it('says so in Confirm Purchase with its own wording', () => {
    expect(confirmBuyError(1234.5, 1000)).toBe('Insufficient TripCoins. You need Ŧ1234.50 but only have Ŧ1000.00');
    expect(confirmBuyError(10, 10.01)).toBeNull();
  });
});

describe('display helpers', () => {
  it('shows TripCoins as Ŧ with two decimals', () => {
    expect(formatTc(12.3)).toBe('Ŧ12.30');
    expect(formatTc(1234567.5)).toBe('Ŧ1,234,567.50');
    expect(formatTc(0)).toBe('Ŧ0.00');
  });
  it('reads quantities as whole numbers only', () => {
    expect(readQuantity('3')).toBe(3);
    expect(readQuantity(' ')).toBeNull();
    expect(readQuantity(2.5)).toBeNull();
  });
  it('draws higher prices higher and keeps every point in the box', () => {
    const points = chartPoints([1, 3, 2], 120, 36, 3);
    expect(points.map(([x]) => x)).toEqual([3, 60, 117]);
    const [low, high, mid] = points.map(([, y]) => y);
    expect(high).toBeLessThan(mid as number);
    expect(mid).toBeLessThan(low as number);
    expect(chartPoints([5, 5])).toEqual([[3, 18], [117, 18]]);
    expect(chartPoints([])).toEqual([]);
  });
});
