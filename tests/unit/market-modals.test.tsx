// The market modals in jsdom against a stubbed network: their checks show the spec's messages
// and send nothing; the recipient is picked from a search run on Enter and cleared by editing;
// Confirm Purchase is disabled when the balance is short; buying sends an Idempotency-Key.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHELL_TO_GAME } from '../../contract/game';
import { MARKET_TEXT, NFT_ALREADY_SOLD } from '../../contract/marketplace';
import { ListingConfirm } from '../../src/features/market/ListingConfirm';
import { SellModal } from '../../src/features/market/SellModal';
import { TransferModal } from '../../src/features/market/TransferModal';
import { renderWithShell } from '../support/render';
import { whoami } from '../../contract/auth';
import { baseInventory, itemCatalogue, searchPlayers } from '../../contract/economy';
import { buyListing, createListing, listingDetail, marketStats } from '../../contract/marketplace';
import { fakeServer, type FakeServer, type TableAnswer } from '../support/fakeServer';

const VISOR = '0b5e7c1a-0000-4000-8000-0000000b0002';
const LISTING = '11111111-2222-4333-8444-555555555555';

// Mantine's combobox scrolls its selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

let answers: Record<string, TableAnswer>;
let server: FakeServer;

beforeEach(() => {
  answers = {
    'GET /api/whoami': { body: { uuid: 'me-uuid', username: 'Alice', verified: 1, isAdmin: false } },
    'GET /api/getBaseInventory': { body: { inventory: { [VISOR]: '3' }, tripcoins: 50 } },
    'GET /api/itemv4': { body: { items: [{ uuid: VISOR, name: 'Neon Visor', description: '', dex_id: 2 }] } },
    'GET /api/seaport/stats': { body: { items: [] } },
    'GET /api/searchPlayers/bo': { body: [{ uuid: 'bob-uuid', username: 'bob' }] },
    [`GET /api/marketplace/listing/${LISTING}`]: { body: {
      listing_id: LISTING, item_uuid: VISOR, item_name: 'Neon Visor', item_type: 'collectible', collection: 'Base Set', quantity: 1,
      price: 75.5, seller_username: 'carol', user_balance: 50, seller_uuid: 'carol-uuid', isOwnListing: false, end_time: '2030-01-01T00:00:00.000Z',
    } },
  };
  server = fakeServer();
  server.answerFromTable([whoami, baseInventory, itemCatalogue, marketStats, searchPlayers, listingDetail, createListing, buyListing], () => answers);
});
afterEach(() => { vi.restoreAllMocks(); });

const requests = () => server.sent;
const posts = () => requests().filter((r) => r.method === 'POST');
const type = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('List Item for Sale', { timeout: 20_000 }, () => {
  it('refuses a missing price, a bad price, too many decimals and too many items, without a request', async () => {
    renderWithShell(<SellModal initialItemUuid={VISOR} onClose={() => undefined} />);
    await screen.findByText('Neon Visor', { selector: 'p' });
    expect(screen.getByText('30 days')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'List Item' }));
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an item and set a price.');
    type('Price', '0');
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid price greater than 0.');
    type('Price', '2.345');
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum 2 decimal places allowed');
    type('Price', '2.35');
    type('Quantity', '4');
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('You only have 3 of this item.');
    expect(posts()).toEqual([]);
  });

  it('sends the listing for 30 days with the price as typed', async () => {
    const onClose = vi.fn();
    answers['POST /api/seaport/create-listing'] = { body: { message: 'Item listed for sale', listing: {
      order_id: LISTING, seller_uuid: 'me-uuid', seller_username: 'Alice', item_uuid: VISOR, item_name: 'Neon Visor', price_tripcoins: 9.99,
      end_time: '2030-01-01T00:00:00.000Z', token_id: '2', isOwnListing: true, quantity: 2 } } };
    renderWithShell(<SellModal initialItemUuid={VISOR} onClose={onClose} />);
    await screen.findByText('Neon Visor', { selector: 'p' });
    type('Price', '9.99');
    type('Quantity', '2');
    fireEvent.click(screen.getByRole('button', { name: 'List Item' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([expect.objectContaining({ url: '/api/seaport/create-listing', body: { itemUuid: VISOR, priceInTripCoins: '9.99', quantity: 2, durationDays: 30 } })]);
  });
});

describe('Transfer Items', { timeout: 20_000 }, () => {
  it('searches on Enter, picks a recipient, clears it on edit, and checks the quantity', async () => {
    renderWithShell(<TransferModal initialItemUuid={VISOR} onClose={() => undefined} />);
    await screen.findByText('You have 3');
    const recipient = screen.getByRole('textbox', { name: /Recipient/ });
    fireEvent.change(recipient, { target: { value: 'bo' } });
    expect(requests().some((r) => r.url.startsWith('/api/searchPlayers'))).toBe(false);
    fireEvent.keyDown(recipient, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send to bob' }));
    expect(requests().find((r) => r.url.startsWith('/api/searchPlayers'))?.url).toBe('/api/searchPlayers/bo?limit=5');
    expect(screen.getByTestId('transfer-recipient')).toHaveTextContent('Sending to bob');

    fireEvent.change(recipient, { target: { value: 'bobb' } });
    expect(screen.queryByTestId('transfer-recipient')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an item, recipient, and quantity.');

    fireEvent.change(recipient, { target: { value: 'bo' } });
    fireEvent.keyDown(recipient, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send to bob' }));
    type('Quantity', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You only have 3 of this item.');
    expect(posts()).toEqual([]);
  });
});

describe('Confirm Purchase', { timeout: 20_000 }, () => {
  it('is disabled with the spec message when the balance is below the price', async () => {
    renderWithShell(<ListingConfirm listingId={LISTING} action="buyConfirm" onDone={() => undefined} onBack={() => undefined} onBusyChange={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient TripCoins. You need Ŧ75.50 but only have Ŧ50.00');
    expect(screen.getByRole('button', { name: 'Confirm Purchase' })).toBeDisabled();
    expect(screen.getByTestId('listing-price')).toHaveTextContent('Ŧ75.50');
  });

  it('buys with an Idempotency-Key and reports done', async () => {
    const onDone = vi.fn();
    (answers[`GET /api/marketplace/listing/${LISTING}`]?.body as { user_balance: number }).user_balance = 100;
    answers['POST /api/seaport/buy-listing'] = { body: { message: 'Purchase successful!', order_id: LISTING, item_uuid: VISOR, quantity: 1, price: 75.5, tripcoins: 24.5 } };
    renderWithShell(<ListingConfirm listingId={LISTING} action="buyConfirm" onDone={onDone} onBack={() => undefined} onBusyChange={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Purchase' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const buy = posts()[0];
    expect(buy?.url).toBe('/api/seaport/buy-listing');
    expect(buy?.body).toEqual({ orderId: LISTING });
    expect(buy?.headers['idempotency-key']).toMatch(/^buy-[0-9a-f]{32}$/);
  });

  it('does not read the bought listing again (it is sold: the server would answer 410)', async () => {
    const onDone = vi.fn();
    (answers[`GET /api/marketplace/listing/${LISTING}`]?.body as { user_balance: number }).user_balance = 100;
    answers['POST /api/seaport/buy-listing'] = { body: { message: 'Purchase successful!', order_id: LISTING, item_uuid: VISOR, quantity: 1, price: 75.5, tripcoins: 24.5 } };
    renderWithShell(<ListingConfirm listingId={LISTING} action="buyConfirm" onDone={onDone} onBack={() => undefined} onBusyChange={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Purchase' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    // The refresh after the answer runs in the same turn; let its requests go out.
    await act(async () => { for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0)); });
    expect(requests().filter((r) => r.method === 'GET' && r.url === `/api/marketplace/listing/${LISTING}`)).toHaveLength(1);
  });
});

describe('the losing buyer of a race', { timeout: 20_000 }, () => {
  it('gets one "already sold" toast and one RefreshMarketplace, even as the listing then fails to load too', async () => {
    const onDone = vi.fn();
    (answers[`GET /api/marketplace/listing/${LISTING}`]?.body as { user_balance: number }).user_balance = 100;
    answers['POST /api/seaport/buy-listing'] = { status: 410, body: { error: MARKET_TEXT.alreadySold, code: NFT_ALREADY_SOLD } };
    const view = renderWithShell(<ListingConfirm listingId={LISTING} action="buyConfirm" onDone={onDone} onBack={() => undefined} onBusyChange={() => undefined} />,
      { withToasts: true });
    const confirm = await screen.findByRole('button', { name: 'Confirm Purchase' });
    // The listing is gone for every later read as well (the refresh after the refusal).
    answers[`GET /api/marketplace/listing/${LISTING}`] = { status: 410, body: { error: MARKET_TEXT.alreadySold, code: NFT_ALREADY_SOLD } };
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(onDone).toHaveBeenCalled(), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(posts()).toHaveLength(1);
    expect(view.game.sentWith(SHELL_TO_GAME.refreshMarketplace)).toHaveLength(1);
    expect(screen.getAllByText(MARKET_TEXT.alreadySold)).toHaveLength(1);
  });
});

describe('a logged-out player in Sell or Transfer', { timeout: 20_000 }, () => {
  it.each([
    ['Sell', (close: () => void) => <SellModal onClose={close} />, 'Log in to sell items on the marketplace.'],
    ['Transfer', (close: () => void) => <TransferModal onClose={close} />, 'Log in to transfer items to another player.'],
  ])('%s offers Log In instead of a raw "Not logged in" toast and empty pickers', async (_name, modal, text) => {
    answers['GET /api/getBaseInventory'] = { status: 401, body: { error: 'Not logged in' } };
    answers['GET /api/whoami'] = { status: 401, body: { error: 'Not logged in' } };
    const view = renderWithShell(modal(() => undefined), { withToasts: true });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Not logged in')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Item' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(view.overlays.getState().modal).toMatchObject({ key: 'auth', payload: { mode: 'login' } });
  });
});

describe('quantity fields keep what was typed', { timeout: 20_000 }, () => {
  it('List Item for Sale: "1.5" and "-2" stay as typed and are refused, with no request', async () => {
    renderWithShell(<SellModal initialItemUuid={VISOR} onClose={() => undefined} />);
    await screen.findByText('Neon Visor', { selector: 'p' });
    type('Price', '5');
    for (const typed of ['1.5', '-2']) {
      type('Quantity', typed);
      expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveValue(typed);
      fireEvent.click(screen.getByRole('button', { name: 'List Item' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a whole number');
    }
    expect(posts()).toEqual([]);
  });
});
