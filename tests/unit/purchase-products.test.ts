// The TripCoin packs file: checked at start, the bad field named; the committed demo file loads.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProducts, offeredProducts, parseProducts, ProductsError } from '../../server/services/purchases/products';
import { productForHostSku } from '../../server/services/purchases/ledger';

describe('products file', () => {
  it('loads the committed demo packs with their id on every host', () => {
    const products = loadProducts('config/products.json');
    expect(products.list.map((p) => [p.id, p.tripcoins])).toEqual([['tc-500', 500], ['tc-1200', 1200], ['tc-2600', 2600]]);
    expect(productForHostSku(products, 'discord', '1300000000000001200')?.id).toBe('tc-1200');
    expect(productForHostSku(products, 'crazygames', 'tc_2600')?.id).toBe('tc-2600');
    expect(productForHostSku(products, 'web', 'price_tc_500')?.id).toBe('tc-500');
    expect(productForHostSku(products, 'web', 'tc_500')).toBeUndefined();
    expect(offeredProducts(products, 'web')[0]).toEqual({ id: 'tc-500', tripcoins: 500, hostProductId: 'price_tc_500', price: { amountMinor: 499, currency: 'USD' } });
    expect(offeredProducts(products, 'discord')[0]).toEqual({ id: 'tc-500', tripcoins: 500, hostProductId: '1300000000000000500' });
    // The portal's store gives no price: the pack's portal price is ours, from the same file.
    expect(offeredProducts(products, 'crazygames').map((p) => p.price)).toEqual([
      { amountMinor: 499, currency: 'USD' }, { amountMinor: 999, currency: 'USD' }, { amountMinor: 1999, currency: 'USD' },
    ]);
  });

  it('takes a portal price only with its currency', () => {
    expect(() => parseProducts({ products: [{ id: 'a', tripcoins: 5, crazygames: { sku: 'x', amountMinor: 499 } }] })).toThrow(/products\.0\.crazygames\.currency/);
    expect(offeredProducts(parseProducts({ products: [{ id: 'a', tripcoins: 5, crazygames: { sku: 'x' } }] }), 'crazygames')[0]).toEqual({ id: 'a', tripcoins: 5, hostProductId: 'x' });
  });

  it('refuses a bad file naming the field', () => {
    expect(() => parseProducts({ products: [{ id: 'tc-1', tripcoins: -5 }] })).toThrow(/products\.0\.tripcoins/);
    expect(() => parseProducts({ products: [{ id: 'tc-1', tripcoins: 5, web: { priceId: 'p', amountMinor: 1, currency: 'usd' } }] })).toThrow(/products\.0\.web\.currency/);
    expect(() => parseProducts({ products: [{ id: 'Bad Id', tripcoins: 5 }] })).toThrow(/products\.0\.id/);
    expect(() => parseProducts({ products: [{ id: 'a', tripcoins: 5 }, { id: 'a', tripcoins: 6 }] })).toThrow(/products\.1\.id: "a" is listed twice/);
    expect(() => parseProducts({ products: [{ id: 'a', tripcoins: 5, crazygames: { sku: 'x' } }, { id: 'b', tripcoins: 6, crazygames: { sku: 'x' } }] })).toThrow(/products\.1\.crazygames\.sku/);
    expect(() => parseProducts({ products: [{ id: 'a', tripcoins: 5, amount: 3 }] })).toThrow(ProductsError);
  });

  it('refuses an unreadable file naming its path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'products-'));
    writeFileSync(join(dir, 'p.json'), '{ not json');
    expect(() => loadProducts(join(dir, 'p.json'))).toThrow(/Cannot read the products file at .*p\.json/);
    expect(() => loadProducts(join(dir, 'missing.json'))).toThrow(/missing\.json/);
  });
});
