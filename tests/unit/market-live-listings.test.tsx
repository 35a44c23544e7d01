// An open marketplace shows another player's new listing without the player switching tabs: its
// listings are read again every FOLLOW_LISTINGS_MS while it is open.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listings } from '../../contract/marketplace';
import { FOLLOW_LISTINGS_MS, useListings } from '../../src/features/market/api/getListings';
import { fakeServer } from '../support/fakeServer';
import { renderWithShell } from '../support/render';

const page = (names: string[]) => ({
  listings: names.map((name, i) => ({
    order_id: `o-${i}`, seller_uuid: 'u-2', seller_username: 'bob', item_uuid: 'c0ffee00-0000-4000-8000-000000000001', item_name: name,
    price_tripcoins: 12.5, end_time: new Date(Date.now() + 86_400_000).toISOString(), token_id: '1', isOwnListing: false, quantity: 1,
  })),
  page: 1, page_size: 100, total: names.length, total_pages: 1,
});

function Names() {
  const query = useListings();
  return <ul>{query.data?.listings.map((l) => <li key={l.order_id}>{l.item_name}</li>)}</ul>;
}

afterEach(() => { vi.useRealTimers(); vi.restoreAllMocks(); });

describe('an open marketplace', () => {
  it('shows a listing made after it opened, within one interval', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer();
    server.answer(listings, page([]));
    renderWithShell(<Names />);
    await act(async () => { await vi.advanceTimersByTimeAsync(100); });
    expect(server.requests(listings)).toHaveLength(1);
    server.answer(listings, page(['Founders Badge']));
    await act(async () => { await vi.advanceTimersByTimeAsync(FOLLOW_LISTINGS_MS + 100); });
    expect(await screen.findByText('Founders Badge')).toBeInTheDocument();
  });
});
