// What a coin flip tells a player, as a new player met it on a phone: the balance changes when the
// coin has landed (not while it spins), winner and loser are told the same net amount, a wager
// above the balance says what it needs and offers Get TripCoins where TripCoins are sold, "your
// wager is placed" goes once the wager is settled, and the fairness line speaks without formulas.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { notificationsStore } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COINFLIP_TEXT, acceptCoinflip, coinflipGame, createCoinflip, openCoinflips, type CoinflipGame } from '../../contract/coinflip';
import { baseInventory } from '../../contract/economy';
import { LOCALES } from '../../contract/locales';
import { FEATURES, type FeatureMap } from '../../contract/features';
import { takeFeatures } from '../../src/api/features';
import CoinflipModal from '../../src/features/coinflip/CoinflipModal';
import { fakeServer, type FakeServer } from '../support/fakeServer';
import { renderWithShell } from '../support/render';

const HASH = 'a'.repeat(64);
let server: FakeServer;
const theirs = (): CoinflipGame => ({
  game_id: 'g-9', creator_uuid: 'u-them', creator_username: 'alice', wager_amount: 10, choice: 0, status: 'open', server_seed_hash: HASH, server_seed: null,
  acceptor_uuid: null, acceptor_username: null, outcome: null, winner_uuid: null, created_at: new Date().toISOString(), settled_at: null, isOwnGame: false,
});
const settled = (winner: 'u-me' | 'u-them'): CoinflipGame => ({
  ...theirs(), status: 'settled', server_seed: 'b'.repeat(64), acceptor_uuid: 'u-me', acceptor_username: 'me', outcome: 1, winner_uuid: winner, settled_at: new Date().toISOString(),
});

beforeEach(() => {
  server = fakeServer();
  notificationsStore.setState({ notifications: [], queue: [], defaultPosition: 'bottom-right', limit: 5 });
  server.answer(baseInventory, { inventory: {}, tripcoins: 250 });
  server.answer(openCoinflips, { games: [theirs()] });
});
afterEach(() => { vi.restoreAllMocks(); takeFeatures(null); });

const open = async () => {
  renderWithShell(<CoinflipModal payload={{ modalType: 'create' }} onClose={() => undefined} />, { withToasts: true });
  await screen.findByText('Ŧ250.00');
};

describe('a coin flip as the player sees it', () => {
  it('changes the balance when the coin has landed, and tells the winner the net amount won', async () => {
    server.answer(acceptCoinflip, settled('u-me'));
    await open();
    server.answer(baseInventory, { inventory: {}, tripcoins: 260 });
    fireEvent.click(await screen.findByRole('button', { name: /Accept alice/ }));
    await screen.findByTestId('coin-flip');
    // Let any refetch the accept started come back: the balance must still be the old one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('coinflip-balance')).toHaveTextContent('Ŧ250.00');
    fireEvent.click(screen.getByTestId('coin-flip-skip'));
    await waitFor(() => expect(screen.getByTestId('coinflip-balance')).toHaveTextContent('Ŧ260.00'));
    expect(screen.getByTestId('coinflip-result')).toHaveTextContent('You won Ŧ10.00');
    expect(screen.getByTestId('coinflip-result')).not.toHaveTextContent('Ŧ20.00');
    expect(await screen.findByText('You won Ŧ10.00!')).toBeInTheDocument();
  });

  it('tells the loser the same amount', async () => {
    server.answer(acceptCoinflip, settled('u-them'));
    await open();
    fireEvent.click(await screen.findByRole('button', { name: /Accept alice/ }));
    fireEvent.click(await screen.findByTestId('coin-flip-skip'));
    expect(screen.getByTestId('coinflip-result')).toHaveTextContent('You lost Ŧ10.00');
  });

  it.each(LOCALES)('%s words the fairness check for players, without formulas', (lang) => {
    const catalog = JSON.parse(readFileSync(join(__dirname, '../../src/i18n/catalogs', `${lang}.json`), 'utf8')) as Record<string, string>;
    const said = Object.entries(catalog).filter(([key]) => key.startsWith('coinflip.')).filter(([, text]) => /sha256|seed:game|acceptor\)/.test(text));
    expect(said).toEqual([]);
  });

  it('says what a wager above the balance needs, and offers Get TripCoins only where they are sold', async () => {
    await open();
    fireEvent.change(screen.getByLabelText(/Wager amount/), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Wager' }));
    expect(await screen.findByText('Insufficient balance. You have 250.00 TC but need 300.00 TC')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get TripCoins' })).toBeInTheDocument();
    takeFeatures(Object.fromEntries(FEATURES.map((f) => [f, { on: f !== 'purchases', message: null }])) as FeatureMap);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Get TripCoins' })).toBeNull());
  });

  it('drops "your wager is placed" once the wager is settled, and opens the form again', async () => {
    server.answer(createCoinflip, { game_id: 'g-1', server_seed_hash: HASH, message: COINFLIP_TEXT.created });
    server.answer(coinflipGame, { ...theirs(), game_id: 'g-1', creator_uuid: 'u-me', isOwnGame: true });
    await open();
    fireEvent.change(screen.getByLabelText(/Wager amount/), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Wager' }));
    expect(await screen.findByTestId('coinflip-locked')).toBeInTheDocument();
    server.answer(coinflipGame, { ...settled('u-them'), game_id: 'g-1', creator_uuid: 'u-me', acceptor_uuid: 'u-them', isOwnGame: true });
    await waitFor(() => expect(screen.queryByTestId('coinflip-locked')).toBeNull(), { timeout: 5000 });
    expect(screen.getByLabelText(/Wager amount/)).toBeEnabled();
  });
});
