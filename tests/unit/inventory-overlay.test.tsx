// The Inventory overlay in jsdom against a fake server: the items with their
// pictures and counts, my listings and wagers; the History tab with what, with whom, the amount
// and the balance after, and "Load more" asking for the page before the last entry shown.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ITEM_IDS } from '../../contract/items';
import { myHistory, myInventory, type HistoryEntry, type MyInventory } from '../../contract/myEconomy';
import InventoryOverlay from '../../src/features/inventory/InventoryOverlay';
import { renderWithShell, testQueryClient } from '../support/render';
import { whoami } from '../../contract/auth';
import { fakeServer, type FakeServer } from '../support/fakeServer';

const ME = '00000000-0000-4000-8000-00000000000a';
let signedIn = true;

const INVENTORY: MyInventory = {
  tripcoins: 1234.5,
  items: [{ itemUuid: ITEM_IDS.baseSetCrate, name: 'Base Set Crate', count: 3 }, { itemUuid: ITEM_IDS.technicalDifficulties, name: 'Technical Difficulties', count: 1 }],
  listings: [{ orderId: 'o1', itemUuid: ITEM_IDS.mythicalTicket, itemName: 'Mythical Ticket', quantity: 2, price: 40, createdAt: '2026-11-20T10:00:00.000Z', endTime: '2026-12-20T10:00:00.000Z' }],
  wagers: [{ gameId: 'g1', wager: 10, choice: 1, createdAt: '2026-11-25T10:00:00.000Z' }],
};

const entry = (id: number, over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: String(id), at: '2026-11-25T10:00:00.000Z', reason: 'award', asset: 'TC', itemName: null,
  counterparty: { kind: 'game' }, amount: 1, balanceAfter: id, ...over,
});

const NOT_FOUND = { status: 404, body: { error: 'Not found' } };
const HISTORY: Record<string, unknown> = {
  '/api/me/history?limit=25': { entries: [
    entry(30, { reason: 'marketplace sale', amount: -12.5, balanceAfter: 87.5, counterparty: { kind: 'player', username: 'Seller' } }),
    entry(29, { reason: 'marketplace sale', asset: ITEM_IDS.technicalDifficulties, itemName: 'Technical Difficulties', amount: 1, balanceAfter: 1, counterparty: { kind: 'escrow' } }),
  ], nextBefore: '29' },
  '/api/me/history?limit=25&before=29': { entries: [entry(3, { amount: 100, balanceAfter: 100 })], nextBefore: null },
};

function serve(): FakeServer {
  const server = fakeServer();
  server.handle(whoami, () => ({ status: 200, body: signedIn ? { uuid: ME, username: 'Me', verified: 1, isAdmin: false } : { uuid: 'anonymous', username: 'Anonymous', verified: 0, isAdmin: false, error: 'Not logged in' } }));
  server.handle(myInventory, () => ({ status: 200, body: INVENTORY }));
  server.handle(myHistory, (request) => (request.url in HISTORY ? { status: 200, body: HISTORY[request.url] } : NOT_FOUND));
  return server;
}

let server: FakeServer;
const requests = () => server.sent.map((request) => request.url);
beforeEach(() => { signedIn = true; server = serve(); });
afterEach(() => { vi.restoreAllMocks(); });

function renderOverlay(tab: 'items' | 'history' = 'items') {
  return renderWithShell(<InventoryOverlay payload={{ tab }} onClose={vi.fn()} />, { queryClient: testQueryClient() });
}

describe('the Inventory overlay', { timeout: 20_000 }, () => {
  it('shows each item with its picture, name and count, my listings and my open wagers', async () => {
    const view = renderOverlay();
    const items = await screen.findAllByTestId('inventory-item');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual(['Base Set Crate', 'Technical Difficulties']);
    // Each card leads somewhere: a crate opens, any item can be sold or sent (the existing modals).
    fireEvent.click(screen.getByRole('button', { name: 'Open a Base Set Crate' }));
    expect(view.overlays.getState().modal).toMatchObject({ key: 'crateOpen' });
    fireEvent.click(screen.getByRole('button', { name: 'Sell Technical Difficulties' }));
    expect(view.overlays.getState().modal).toMatchObject({ key: 'marketplace', payload: { modalType: 'sell', itemUuid: ITEM_IDS.technicalDifficulties } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Technical Difficulties to a player' }));
    expect(view.overlays.getState().modal).toMatchObject({ key: 'marketplace', payload: { modalType: 'transfer', itemUuid: ITEM_IDS.technicalDifficulties } });
    expect(screen.queryByRole('button', { name: 'Open a Technical Difficulties' })).toBeNull();
    expect(items[0]?.querySelector('img')?.getAttribute('src')).toContain(ITEM_IDS.baseSetCrate);
    expect(screen.getByTestId('inventory-balance')).toHaveTextContent('Ŧ1,234.50');
    expect(screen.getByTestId('inventory-listing')).toHaveTextContent('Mythical Ticket2 for Ŧ40.00');
    expect(screen.getByTestId('inventory-wager')).toHaveTextContent('Ŧ10.00 on Tails');
  });

  it('shows the history with the counterparty, the signed amount and the balance after, and loads the page before the last entry', async () => {
    renderOverlay('history');
    const rows = await screen.findAllByTestId('history-entry');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByLabelText('Owned after 1')).toBeInTheDocument();
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    // The balance after carries its own label, which the phone's cards show (no bare figure); an
    // item's row counts what is owned, not a balance.
    expect(cells(rows[0]!).slice(1)).toEqual(['Marketplace sale', 'Seller', '−Ŧ12.50', 'Balance after Ŧ87.50']);
    expect(cells(rows[1]!).slice(1)).toEqual(['Marketplace sale', 'Held in escrow', '+1 × Technical Difficulties', 'Owned after 1']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(3));
    expect(cells(screen.getAllByTestId('history-entry')[2]!).slice(1)).toEqual(['Game reward', 'The game', '+Ŧ100.00', 'Balance after Ŧ100.00']);
    expect(requests()).toContain('/api/me/history?limit=25&before=29');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks a signed-out player to log in and asks the server nothing', async () => {
    signedIn = false;
    renderOverlay();
    expect(await screen.findByText('Log in to see your inventory.')).toBeInTheDocument();
    expect(requests().filter((r) => r.startsWith('/api/me/'))).toEqual([]);
  });
});
