// The shell shows a hold before the player fills a form: the Send dialog and the Sell dialog say
// what is held, why and until when (the date in the player's language) and keep their action
// disabled; the Sell dialog shows the item's usual price range, asks before a price outside it,
// and says what the seller receives after the sale fee; Confirm Purchase shows the fee.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListingConfirm } from '../../src/features/market/ListingConfirm';
import { SellModal } from '../../src/features/market/SellModal';
import { TransferModal } from '../../src/features/market/TransferModal';
import { setChosenLocale } from '../../src/settings-store/language';
import { formatDate } from '../../src/i18n/format';
import { renderWithShell } from '../support/render';
import { whoami } from '../../contract/auth';
import { baseInventory, itemCatalogue, transferItems } from '../../contract/economy';
import { buyListing, createListing, listingDetail, marketStats } from '../../contract/marketplace';
import { priceBand, tradeStatus } from '../../contract/trade';
import { fakeServer, type FakeServer, type TableAnswer } from '../support/fakeServer';

const VISOR = '0b5e7c1a-0000-4000-8000-0000000b0002';
const LISTING = '11111111-2222-4333-8444-555555555555';
const UNTIL = '2030-03-04T05:06:00.000Z';
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

let answers: Record<string, TableAnswer>;
let server: FakeServer;
const noHolds = { holds: [], boughtHeld: null, transferable: 50, saleFeePercent: 0, outsideBandToday: 0, outsideBandPerDay: 3 };

beforeEach(() => {
  answers = {
    'GET /api/whoami': { body: { uuid: 'me-uuid', username: 'Alice', verified: 1, isAdmin: false } },
    'GET /api/getBaseInventory': { body: { inventory: { [VISOR]: '3' }, tripcoins: 50 } },
    'GET /api/itemv4': { body: { items: [{ uuid: VISOR, name: 'Neon Visor', description: '', dex_id: 2 }] } },
    'GET /api/seaport/stats': { body: { items: [] } },
    'GET /api/me/trade-status': { body: noHolds },
    'GET /api/seaport/price-band': { body: { itemUuid: VISOR, sales: 0, median: null, low: null, high: null, saleFeePercent: 0 } },
  };
  server = fakeServer();
  server.answerFromTable([whoami, baseInventory, itemCatalogue, marketStats, tradeStatus, priceBand, listingDetail, createListing, buyListing, transferItems], () => answers);
});
afterEach(() => { vi.restoreAllMocks(); });

const requests = () => server.sent;
const posts = () => requests().filter((r) => r.method === 'POST');
const when = (iso: string) => formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
const held = (reason: string) => ({ ...noHolds, holds: [{ id: 'h-1', reason, until: UNTIL, actions: ['give', 'list', 'bridge', 'buy'] }] });

describe('a hold before the form', { timeout: 20_000 }, () => {
  it('Send says giving is held, why and until when, and keeps Transfer disabled', async () => {
    answers['GET /api/me/trade-status'] = { body: held('passwordChanged') };
    renderWithShell(<TransferModal initialItemUuid={VISOR} onClose={() => undefined} />);
    const notice = await screen.findByTestId('trade-hold');
    expect(notice).toHaveTextContent(`Giving items: on hold until ${when(UNTIL)}, because your password was changed`);
    expect(screen.getByRole('button', { name: 'Transfer' })).toBeDisabled();
    expect(posts()).toEqual([]);
  });

  it('says it in the player\'s language, with the date as their locale writes it', async () => {
    await setChosenLocale('de');
    try {
      answers['GET /api/me/trade-status'] = { body: held('newAccount') };
      renderWithShell(<SellModal initialItemUuid={VISOR} onClose={() => undefined} />);
      const notice = await screen.findByTestId('trade-hold');
      expect(notice).toHaveTextContent(`Neue Angebote: gesperrt bis ${when(UNTIL)}, weil dein Konto neu ist`);
      expect(when(UNTIL)).toMatch(/2030/);
      expect(when(UNTIL)).not.toContain('Mar');
    } finally {
      await setChosenLocale(null);
    }
  });

  it('shows no notice and lets the player send when nothing is held', async () => {
    renderWithShell(<TransferModal initialItemUuid={VISOR} onClose={() => undefined} />);
    await screen.findByText('You have 3');
    await waitFor(() => expect(requests().some((r) => r.url === '/api/me/trade-status')).toBe(true));
    expect(screen.queryByTestId('trade-hold')).toBeNull();
    expect(screen.getByRole('button', { name: 'Transfer' })).toBeEnabled();
  });
});

describe('the price band and the sale fee', { timeout: 20_000 }, () => {
  it('Sell shows the usual range, what the seller receives after the fee, and asks before a price outside the range', async () => {
    answers['GET /api/me/trade-status'] = { body: { ...noHolds, saleFeePercent: 5 } };
    answers['GET /api/seaport/price-band'] = { body: { itemUuid: VISOR, sales: 5, median: 10, low: 6.66, high: 15, saleFeePercent: 5 } };
    answers['POST /api/seaport/create-listing'] = { body: { message: 'Item listed for sale', listing: {
      order_id: LISTING, seller_uuid: 'me-uuid', seller_username: 'Alice', item_uuid: VISOR, item_name: 'Neon Visor', price_tripcoins: 40,
      end_time: '2030-01-01T00:00:00.000Z', token_id: '2', isOwnListing: true, quantity: 1 } } };
    const onClose = vi.fn();
    renderWithShell(<SellModal initialItemUuid={VISOR} onClose={onClose} />);
    expect(await screen.findByTestId('sell-band')).toHaveTextContent('Usual price: Ŧ6.66 to Ŧ15.00 each');
    fireEvent.change(screen.getByRole('textbox', { name: 'Price' }), { target: { value: '12.35' } });
    expect(await screen.findByTestId('sell-fee')).toHaveTextContent('You receive Ŧ11.74 after the 5% sale fee');
    expect(screen.queryByTestId('sell-outside-band')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Price' }), { target: { value: '40' } });
    expect(screen.getByTestId('sell-outside-band')).toHaveTextContent('This price is outside the usual range for this item (Ŧ6.66 to Ŧ15.00 each)');
    const list = screen.getByRole('button', { name: 'List Item' });
    expect(list).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'List it anyway at this price' }));
    fireEvent.click(list);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([expect.objectContaining({ body: { itemUuid: VISOR, priceInTripCoins: '40', quantity: 1, durationDays: 30, confirm_outside_band: true } })]);
  });

  it('Confirm Purchase shows the part of the price the fee takes', async () => {
    answers['GET /api/seaport/price-band'] = { body: { itemUuid: VISOR, sales: 0, median: null, low: null, high: null, saleFeePercent: 2.5 } };
    answers[`GET /api/marketplace/listing/${LISTING}`] = { body: {
      listing_id: LISTING, item_uuid: VISOR, item_name: 'Neon Visor', item_type: 'collectible', collection: 'Base Set', quantity: 1,
      price: 75.5, seller_username: 'carol', user_balance: 100, seller_uuid: 'carol-uuid', isOwnListing: false, end_time: '2030-01-01T00:00:00.000Z',
    } };
    renderWithShell(<ListingConfirm listingId={LISTING} action="buyConfirm" onDone={() => undefined} onBack={() => undefined} onBusyChange={() => undefined} />);
    expect(await screen.findByTestId('listing-fee')).toHaveTextContent('Of this price, the 2.5% sale fee (Ŧ1.88) goes to the studio');
  });
});
