// A created coin flip wager, in jsdom against the contract-driven fake server:
// the form is reset and locked until the player explicitly starts another wager (a second wager
// is never one stray tap away), and the seed hash is shown short with a copy button that copies
// the whole hash, or, when the browser refuses the clipboard, shows it whole for copying by hand.
import { notificationsStore } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COINFLIP_TEXT, coinflipGame, createCoinflip, openCoinflips } from '../../contract/coinflip';
import { baseInventory } from '../../contract/economy';
import CoinflipModal from '../../src/features/coinflip/CoinflipModal';
import { copyToClipboard, shortHash } from '../../src/features/coinflip/SeedHash';
import { fakeServer, type FakeServer } from '../support/fakeServer';
import { renderWithShell } from '../support/render';
import { i18n } from '../../src/i18n';
import { setChosenLocale } from '../../src/settings-store/language';

const HASH = `0123abcd${'5'.repeat(50)}ef9876`;
let server: FakeServer;
const ownGame = () => ({
  game_id: 'g-1', creator_uuid: 'u1', creator_username: 'me', wager_amount: 25.5, choice: 1 as const, status: 'open' as const, server_seed_hash: HASH, server_seed: null,
  acceptor_uuid: null, acceptor_username: null, outcome: null, winner_uuid: null, created_at: new Date().toISOString(), settled_at: null, isOwnGame: true,
});

beforeEach(() => {
  server = fakeServer();
  notificationsStore.setState({ notifications: [], queue: [], defaultPosition: 'bottom-right', limit: 5 });
  server.answer(baseInventory, { inventory: {}, tripcoins: 250 });
  server.answer(openCoinflips, { games: [] });
  server.answer(createCoinflip, { game_id: 'g-1', server_seed_hash: HASH, message: COINFLIP_TEXT.created });
  server.answer(coinflipGame, ownGame());
});
afterEach(() => { vi.restoreAllMocks(); });

const bodies = () => server.requests(createCoinflip).map((r) => r.body);

async function createOne() {
  renderWithShell(<CoinflipModal payload={{ modalType: 'create' }} onClose={() => undefined} />, { withToasts: true });
  await screen.findByText('Ŧ250.00');
  fireEvent.change(screen.getByLabelText(/Wager amount/), { target: { value: '25.50' } });
  fireEvent.click(screen.getByLabelText('Tails'));
  fireEvent.click(screen.getByRole('button', { name: 'Create Wager' }));
  return screen.findByTestId('my-wager');
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

describe('a created coin flip wager', () => {
  it('resets and locks the form until the player starts another wager', async () => {
    const mine = await createOne();
    expect(bodies()).toEqual([{ wager_amount: '25.50', choice: 1 }]);
    // Reset: no amount, back on Heads. Locked: nothing can be typed, picked or submitted.
    const amount = screen.getByLabelText(/Wager amount/);
    expect(amount).toHaveValue('');
    expect(amount).toBeDisabled();
    expect(screen.getByLabelText('Heads')).toBeChecked();
    expect(screen.getByLabelText('Heads')).toBeDisabled();
    expect(screen.getByLabelText('Tails')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create Wager' })).toBeNull();
    // A submit by Enter is refused too.
    fireEvent.submit(screen.getByTestId('coinflip-form'));
    await act(async () => { await Promise.resolve(); });
    expect(bodies()).toHaveLength(1);
    // The created wager comes first, with the focus (the button pressed is gone).
    expect(mine.compareDocumentPosition(screen.getByTestId('coinflip-form')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(mine).toHaveFocus();

    // Starting another is an explicit action: the form comes back, empty, and a second wager is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Start another wager' }));
    expect(amount).toBeEnabled();
    await waitFor(() => expect(amount).toHaveFocus());
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Wager' }));
    await waitFor(() => expect(bodies()).toHaveLength(2));
    expect(bodies()[1]).toEqual({ wager_amount: '10', choice: 0 });
  });

  it('shows the seed hash short, with a copy button that copies all of it', async () => {
    const writeText = stubClipboard(() => Promise.resolve());
    server.answer(openCoinflips, { games: [ownGame()] });
    const mine = await createOne();
    const hash = within(mine).getByTestId('my-wager-hash');
    expect(hash).toHaveTextContent(/^0123abcd…ef9876$/);
    expect(hash).toHaveAttribute('title', HASH);
    expect(mine).not.toHaveTextContent(HASH);
    // The open wagers list writes hashes the same short way.
    await waitFor(() => expect(screen.getByTestId('open-wagers')).toHaveTextContent('hash 0123abcd…ef9876'));
    fireEvent.click(within(mine).getByRole('button', { name: 'Copy seed hash' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(HASH));
    expect(await within(mine).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('when the browser refuses the clipboard, shows the whole hash selected and says so', async () => {
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const mine = await createOne();
    fireEvent.click(within(mine).getByRole('button', { name: 'Copy seed hash' }));
    await waitFor(() => expect(within(mine).getByTestId('my-wager-hash')).toHaveTextContent(HASH));
    expect(window.getSelection()?.toString()).toBe(HASH);
    expect(await screen.findByText(/Your browser did not allow copying/)).toBeInTheDocument();
  });

  it('says "created" in the player\'s language, though the server answers in English (the German look shots showed the English toast)', async () => {
    await setChosenLocale('de');
    try {
      renderWithShell(<CoinflipModal payload={{ modalType: 'create' }} onClose={() => undefined} />, { withToasts: true });
      await screen.findByText('Ŧ250,00');
      fireEvent.change(screen.getByLabelText('Einsatz (Ŧ)'), { target: { value: '25,50' } });
      fireEvent.submit(screen.getByTestId('coinflip-form'));
      expect(await screen.findByText(i18n._('text.coinflip.created'))).toBeInTheDocument();
      expect(screen.queryByText(COINFLIP_TEXT.created)).toBeNull();
    } finally {
      await setChosenLocale(null);
    }
  });

  it('shortens to the first 8 and last 6 characters, and leaves short values whole', () => {
    expect(shortHash(HASH)).toBe('0123abcd…ef9876');
    expect(shortHash('abc')).toBe('abc');
  });

  it('copyToClipboard answers false without a clipboard', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    expect(await copyToClipboard('x')).toBe(false);
  });
});
