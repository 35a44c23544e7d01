// The listings cache (server/services/economy/listingsCache.ts): pages kept while nothing changes and the
// listener is up; dropped on a notification; nothing kept while the listener is down, nor a page
// read while a change arrived; signed-in readers get their own listings marked.
import { describe, expect, it } from 'vitest';
import type { ListenHandlers, Listen } from '../../server/db/notifications';
import { ListingsCache, type ListingsAnswer } from '../../server/services/economy/listingsCache';

function fakeListen(): { listen: Listen; handlers: () => ListenHandlers } {
  let got: ListenHandlers | null = null;
  return {
    listen: (_channel, handlers) => { got = handlers; handlers.up?.(); return { started: Promise.resolve(), close: async () => undefined }; },
    handlers: () => { if (!got) throw new Error('not listening'); return got; },
  };
}

const listing = (seller: string, price: number) => ({
  order_id: `o-${price}`, seller_uuid: seller, seller_username: seller, item_uuid: 'i', item_name: 'Item',
  price_tripcoins: price, end_time: new Date(Date.now() + 86_400_000).toISOString(), token_id: '1', isOwnListing: false, quantity: 1,
});
const query = { page: 1, page_size: 100, sort: 'price_asc' as const };

function counter(price: () => number) {
  let reads = 0;
  return {
    reads: () => reads,
    read: async () => {
      reads++;
      const answer: ListingsAnswer = { listings: [listing('alice', price())], page: 1, page_size: 100, total: 1, total_pages: 1 };
      return { answer, firstEnd: new Date(Date.now() + 86_400_000) };
    },
  };
}

describe('the listings cache', () => {
  it('keeps a page until a notification, then reads it again', async () => {
    const { listen, handlers } = fakeListen();
    const cache = new ListingsCache();
    await cache.start(listen);
    let price = 10;
    const db = counter(() => price);
    expect((await cache.page(null, query, db.read)).listings[0]?.price_tripcoins).toBe(10);
    price = 11;
    expect((await cache.page(null, query, db.read)).listings[0]?.price_tripcoins).toBe(10);
    expect(db.reads()).toBe(1);
    expect(cache.nothingDue()).toBe(true);
    handlers().message('');
    expect(cache.nothingDue()).toBe(false);
    expect((await cache.page(null, query, db.read)).listings[0]?.price_tripcoins).toBe(11);
    expect(db.reads()).toBe(2);
    await cache.stop();
  });

  it('keeps nothing while the listener is down, nor a page read while a change arrived', async () => {
    const { listen, handlers } = fakeListen();
    const cache = new ListingsCache();
    await cache.start(listen);
    const db = counter(() => 5);
    handlers().down?.(new Error('gone'));
    await cache.page(null, query, db.read);
    await cache.page(null, query, db.read);
    expect(db.reads()).toBe(2);
    expect(cache.nothingDue()).toBe(false);
    handlers().up?.();
    // A change notified while the page was being read: the page is answered but not kept.
    await cache.page(null, query, async () => { const r = await db.read(); handlers().message(''); return r; });
    await cache.page(null, query, db.read);
    expect(db.reads()).toBe(4);
    await cache.page(null, query, db.read);
    expect(db.reads()).toBe(4);
    await cache.stop();
  });

  it('marks a signed-in reader\'s own listings without changing the kept page', async () => {
    const { listen } = fakeListen();
    const cache = new ListingsCache();
    await cache.start(listen);
    const db = counter(() => 7);
    const mine = await cache.page('alice', query, db.read);
    expect(mine.listings[0]?.isOwnListing).toBe(true);
    expect((await cache.page(null, query, db.read)).listings[0]?.isOwnListing).toBe(false);
    expect((await cache.page('bob', query, db.read)).listings[0]?.isOwnListing).toBe(false);
    expect(db.reads()).toBe(1);
    await cache.stop();
  });
});
