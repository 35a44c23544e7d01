// The coin flip wager checks and the Crate Shop's quantity, affordability and hold-to-repeat
// rules, in jsdom, through the shared render helper: the server is the contract-driven fake
// (tests/support/fakeServer.ts) and the game a fake game link that records what it was told.
import { notificationsStore } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COINFLIP_TEXT, coinflipGame, createCoinflip, openCoinflips } from '../../contract/coinflip';
import { CRATE_TEXT, buyCrates, crateOdds, crateStatus, crateStatusV2 } from '../../contract/crates';
import { baseInventory } from '../../contract/economy';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import { config } from '../../contract/system';
import { fakeServer, type FakeServer } from '../support/fakeServer';
import { renderWithShell } from '../support/render';
import { BRAND, theme } from '../../src/app/theme';
import CoinflipModal from '../../src/features/coinflip/CoinflipModal';
import CrateShopModal, { quantityProblem } from '../../src/features/crates/CrateShopModal';
import { checkFairness } from '../../src/features/coinflip/coinflipFairness';
import { HOLD_REPEAT_MS } from '../../src/features/crates/useHoldRepeat';
import { validateWager } from '../../src/features/coinflip/wagerValidation';

describe('the coin flip wager rules', () => {
  it.each([
    ['', COINFLIP_TEXT.invalidWager],
    ['abc', COINFLIP_TEXT.invalidWager],
    ['-5', COINFLIP_TEXT.invalidWager],
    ['0', COINFLIP_TEXT.invalidWager],
    ['9.99', COINFLIP_TEXT.minimum],
    ['100000000.01', COINFLIP_TEXT.maximum],
    ['10.001', COINFLIP_TEXT.decimals],
    ['12.345', COINFLIP_TEXT.decimals],
    ['500.01', 'Insufficient balance. You have 500.00 TC but need 500.01 TC'],
  ])('refuses %j with %j', (input, message) => {
    expect(validateWager(input, 500)).toBe(message);
  });

  it.each(['10', '10.5', '10.50', ' 499.99 ', '500'])('accepts %j with a balance of 500', (input) => {
    expect(validateWager(input, 500)).toBeNull();
  });

  it('checks the balance in hundredths, not floats', () => {
    expect(validateWager('0.3', 0.3)).toBe(COINFLIP_TEXT.minimum);
    expect(validateWager('10.3', 10.3)).toBeNull();
    expect(validateWager('10.31', 10.3)).toBe('Insufficient balance. You have 10.30 TC but need 10.31 TC');
  });
});

describe('the crate quantity rules', () => {
  it('wants a positive integer within the remaining supply', () => {
    expect(quantityProblem('', 5)).toBe(CRATE_TEXT.invalidQuantity);
    expect(quantityProblem('0', 5)).toBe(CRATE_TEXT.invalidQuantity);
    expect(quantityProblem('1.5', 5)).toBe(CRATE_TEXT.invalidQuantity);
    expect(quantityProblem('-1', 5)).toBe(CRATE_TEXT.invalidQuantity);
    expect(quantityProblem('6', 5)).toBe('Only 5 crates available in shop');
    expect(quantityProblem('5', 5)).toBeNull();
  });
});

describe('the provably fair check', () => {
  it('accepts the seed that hashes to the commitment and gives the outcome, and nothing else', async () => {
    const seed = 'a'.repeat(64);
    const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
    const hash = Array.from(await digest(seed), (b) => b.toString(16).padStart(2, '0')).join('');
    const coin = ((await digest(`${seed}:g1:u2`))[0] ?? 0) & 1;
    const game = { game_id: 'g1', server_seed: seed, server_seed_hash: hash, acceptor_uuid: 'u2', outcome: coin as 0 | 1 };
    expect(await checkFairness(game)).toEqual({ hashMatches: true, outcomeMatches: true });
    expect(await checkFairness({ ...game, outcome: (1 - coin) as 0 | 1 })).toEqual({ hashMatches: true, outcomeMatches: false });
    expect(await checkFairness({ ...game, server_seed_hash: '00'.repeat(32) })).toMatchObject({ hashMatches: false });
    expect(await checkFairness({ ...game, server_seed: null })).toBeNull();
  });
});

// --- rendered modals against the contract-driven fake server -----------------------------------

let server: FakeServer;
beforeEach(() => {
  server = fakeServer();
  notificationsStore.setState({ notifications: [], queue: [], defaultPosition: 'bottom-right', limit: 5 });
});
afterEach(() => { vi.restoreAllMocks(); vi.useRealTimers(); });

const bodies = (endpoint: Parameters<FakeServer['requests']>[0]) => server.requests(endpoint).map((r) => r.body);

describe('the Create Coin Flip Wager modal', () => {
  beforeEach(() => {
    server.answer(baseInventory, { inventory: {}, tripcoins: 250 });
    server.answer(openCoinflips, { games: [] });
    server.answer(createCoinflip, { game_id: 'g-1', server_seed_hash: 'ab'.repeat(32), message: COINFLIP_TEXT.created });
    server.answer(coinflipGame, {
      game_id: 'g-1', creator_uuid: 'u1', creator_username: 'me', wager_amount: 25.5, choice: 1, status: 'open', server_seed_hash: 'ab'.repeat(32), server_seed: null,
      acceptor_uuid: null, acceptor_username: null, outcome: null, winner_uuid: null, created_at: new Date().toISOString(), settled_at: null, isOwnGame: true,
    });
  });

  it('shows each rule broken with the spec text and sends nothing, then offers a valid wager', async () => {
    renderWithShell(<CoinflipModal payload={{ modalType: 'create' }} onClose={() => undefined} />);
    expect(screen.getByText('Create Coin Flip Wager')).toBeInTheDocument();
    await screen.findByText('Ŧ250.00');
    const input = screen.getByLabelText(/Wager amount/);
    const submit = screen.getByRole('button', { name: 'Create Wager' });
    for (const [value, message] of [
      ['x', COINFLIP_TEXT.invalidWager], ['5', COINFLIP_TEXT.minimum], ['200000000', COINFLIP_TEXT.maximum],
      ['10.123', COINFLIP_TEXT.decimals], ['250.01', 'Insufficient balance. You have 250.00 TC but need 250.01 TC'],
    ] as const) {
      fireEvent.change(input, { target: { value } });
      fireEvent.click(submit);
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(bodies(createCoinflip)).toEqual([]);

    fireEvent.change(input, { target: { value: '25.50' } });
    fireEvent.click(screen.getByLabelText('Tails'));
    fireEvent.click(submit);
    await screen.findByTestId('my-wager');
    expect(bodies(createCoinflip)).toEqual([{ wager_amount: '25.50', choice: 1 }]);
    expect(screen.getByTestId('my-wager-hash')).toHaveAttribute('data-hash', 'ab'.repeat(32));
  });

  it('logged out: offers Log In, which opens the auth modal', async () => {
    server.fail(baseInventory, 401, { error: 'Not logged in' });
    const view = renderWithShell(<CoinflipModal payload={{ modalType: 'create' }} onClose={() => undefined} />);
    expect(await screen.findByTestId('coinflip-log-in')).toHaveTextContent('Log in to play coin flips.');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(view.overlays.getState().modal).toMatchObject({ key: 'auth', payload: { mode: 'login' } });
  });

  it('shows the server error text when the offer is refused', async () => {
    server.fail(createCoinflip, 404, { error: 'not found' });
    renderWithShell(<CoinflipModal payload={{ modalType: 'create' }} onClose={() => undefined} />);
    await screen.findByText('Ŧ250.00');
    fireEvent.change(screen.getByLabelText(/Wager amount/), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Wager' }));
    // The server's own text is shown.
    expect(await screen.findByText('not found')).toBeInTheDocument();
  });
});

describe('the Crate Shop modal', () => {
  const status = (over: Partial<{ crateVersionId: 0 | 1; cratePrice: number; remainingSupply: number }> = {}) => ({ crateVersionId: 0 as 0 | 1, crateItemUuid: 'c', cratePrice: 100, crateBalance: 2, totalSupply: 50, remainingSupply: 7, ...over });
  beforeEach(() => {
    server.answer(crateStatus, status());
    server.answer(crateStatusV2, status({ crateVersionId: 1, cratePrice: 300 }));
    server.answer(crateOdds, { crateVersionId: 0, crateItemUuid: 'c', odds: [{ itemUuid: 'i1', name: 'Neon Visor', weight: 1, percent: 100 }] });
    server.answer(baseInventory, { inventory: {}, tripcoins: 250 });
  });

  it('shows supply, odds and the Base Set II announcement, colours the total and caps the quantity', async () => {
    renderWithShell(<CrateShopModal payload={{ crateVersionId: 0 }} onClose={() => undefined} />);
    expect(screen.getByText('Base Set Crate Shop')).toBeInTheDocument();
    expect(await screen.findByText('7/50')).toBeInTheDocument();
    expect(await screen.findByText('Neon Visor')).toBeInTheDocument();
    // Base Set II came out on 19 October 2025: announced as available since then, never as upcoming.
    expect(screen.getByTestId('base-set-2-announcement')).toHaveTextContent(/Available since Sunday, October 19, 2025 at .*, at Ŧ300.00 per crate\./);
    expect(screen.getByTestId('base-set-2-announcement')).not.toHaveTextContent(/Releasing/);
    await screen.findByText('Ŧ250.00');
    const total = screen.getByTestId('total-cost');
    expect(total).toHaveTextContent('Ŧ100.00');
    expect(total).toHaveAttribute('data-affordable', 'true');
    const input = screen.getByLabelText('Quantity');
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '100');

    fireEvent.change(input, { target: { value: '3' } });
    expect(total).toHaveTextContent('Ŧ300.00');
    expect(total).toHaveAttribute('data-affordable', 'false');
    expect(screen.getByTestId('insufficient-note')).toHaveTextContent('Insufficient balance (need Ŧ50.00 more)');
    expect(screen.getByRole('button', { name: 'BUY' })).toBeDisabled();
    // Short of TripCoins where they are sold: the way to get them is right there.
    expect(screen.getByRole('button', { name: 'Get TripCoins' })).toBeInTheDocument();

    fireEvent.change(input, { target: { value: '8' } });
    expect(screen.getByText('Only 7 crates available in shop')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '0' } });
    expect(screen.getByText(CRATE_TEXT.invalidQuantity)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'BUY' })).toBeDisabled();
  });

  it('tells a player with too few coins how coins are earned here: demo rounds where the server pays them, else matches', async () => {
    const demo = { botCheck: { provider: 'turnstile' as const, siteKey: 'k' }, discord: { enabled: false, clientId: null, authorizeUrl: 'https://discord.com/oauth2/authorize' }, version: '1.3.0' };
    server.answer(baseInventory, { inventory: {}, tripcoins: 0 });
    server.answer(config, { ...demo, demoRounds: { seconds: 60, tripcoins: '5', xp: 250 } });
    const view = renderWithShell(<CrateShopModal payload={{ crateVersionId: 0 }} onClose={() => undefined} />);
    expect(await screen.findByTestId('insufficient-note')).toHaveTextContent('need Ŧ100.00 more');
    await waitFor(() => expect(screen.getByTestId('how-to-earn')).toHaveTextContent('here, each round of the game (60 s) pays Ŧ5.00 and 250 XP'));
    view.unmount();
    server.answer(config, { ...demo, demoRounds: null });
    renderWithShell(<CrateShopModal payload={{ crateVersionId: 0 }} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('how-to-earn')).toHaveTextContent('You earn TripCoins by playing matches'));
  });

  it('repeats plus every 100 ms while held, up to the remaining supply, and minus floors at 1', async () => {
    renderWithShell(<CrateShopModal payload={{ crateVersionId: 0 }} onClose={() => undefined} />);
    await screen.findByText('7/50');
    vi.useFakeTimers();
    const input = screen.getByLabelText('Quantity');
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    fireEvent.pointerDown(plus, { button: 0 });
    expect(input).toHaveValue(2);
    act(() => { vi.advanceTimersByTime(HOLD_REPEAT_MS * 2); });
    expect(input).toHaveValue(4);
    act(() => { vi.advanceTimersByTime(HOLD_REPEAT_MS * 10); });
    expect(input).toHaveValue(7);
    fireEvent.pointerUp(plus);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    fireEvent.pointerDown(minus, { button: 0 });
    act(() => { vi.advanceTimersByTime(HOLD_REPEAT_MS * 3); });
    fireEvent.pointerUp(minus);
    expect(input).toHaveValue(3);
    act(() => { vi.advanceTimersByTime(HOLD_REPEAT_MS * 5); });
    expect(input).toHaveValue(3);
    fireEvent.pointerDown(minus, { button: 0 });
    act(() => { vi.advanceTimersByTime(HOLD_REPEAT_MS * 10); });
    fireEvent.pointerUp(minus);
    expect(input).toHaveValue(1);
  });

  it('buys with an Idempotency-Key, toasts, tells the game and closes', async () => {
    server.answer(buyCrates, { message: 'Successfully purchased 2 Base Set Crate(s)!', description: 'Spent 200.00 TC', quantity: 2, crateBalance: 4, tripcoins: 50, remainingSupply: 5 });
    const onClose = vi.fn();
    const { game } = renderWithShell(<CrateShopModal payload={{ crateVersionId: 0 }} onClose={onClose} />, { withToasts: true });
    await screen.findByText('7/50');
    await screen.findByText('Ŧ250.00');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'BUY' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [buy] = server.requests(buyCrates);
    expect(buy?.body).toEqual({ quantity: 2 });
    expect(buy?.headers['idempotency-key']).toMatch(/^crates-/);
    // The toast the player sees, and what the game was told.
    expect(await screen.findByText('Successfully purchased 2 Base Set Crate(s)!')).toBeInTheDocument();
    expect(game.sentWith(SHELL_TO_GAME.buySuccess)).toEqual([{ quantity: 2, crateVersionId: 0 }]);
  });

  it('a double click on BUY buys once, tells the game once and toasts once', async () => {
    // The server answers both requests of a double click alike (an idempotent replay).
    server.answer(buyCrates, { message: 'Successfully purchased 1 Base Set Crate(s)!', description: 'Spent 100.00 TC', quantity: 1, crateBalance: 3, tripcoins: 150, remainingSupply: 6 });
    const onClose = vi.fn();
    const { game } = renderWithShell(<CrateShopModal payload={{ crateVersionId: 0 }} onClose={onClose} />, { withToasts: true });
    await screen.findByText('7/50');
    await screen.findByText('Ŧ250.00');
    const buy = screen.getByRole('button', { name: 'BUY' });
    fireEvent.click(buy);
    fireEvent.click(buy);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await screen.findByText('Successfully purchased 1 Base Set Crate(s)!');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests(buyCrates)).toHaveLength(1);
    expect(game.sentWith(SHELL_TO_GAME.buySuccess)).toEqual([{ quantity: 1, crateVersionId: 0 }]);
    expect(screen.getAllByText('Successfully purchased 1 Base Set Crate(s)!')).toHaveLength(1);
  });

  it('draws the supply bar in the theme\'s look (the loading bar\'s gradient), not a fixed blue', async () => {
    renderWithShell(<CrateShopModal payload={{ crateVersionId: 0 }} onClose={() => undefined} />, { theme });
    expect(await screen.findByText('7/50')).toBeInTheDocument();
    const fill = screen.getByTestId('supply-bar').querySelector<HTMLElement>('.mantine-Progress-section');
    expect(fill).not.toBeNull();
    const style = fill!.getAttribute('style') ?? '';
    expect(style).not.toMatch(/blue/);
    expect(style).toContain(`--progress-section-color: var(--mantine-color-${theme.primaryColor}-filled)`);
    // The loading bar's gradient (jsdom writes its colours as rgb()).
    expect(BRAND.gradient).toContain('#38e1ff');
    expect(fill!.style.background).toMatch(/^linear-gradient\(90deg, rgb\(56, 225, 255\)/);
  });

  it('logged out: offers Log In (opening the auth modal), and a total that claims nothing about a balance', async () => {
    server.fail(baseInventory, 401, { error: 'Not logged in' });
    const view = renderWithShell(<CrateShopModal payload={{ crateVersionId: 0 }} onClose={() => undefined} />);
    const prompt = await screen.findByTestId('crate-log-in');
    expect(prompt).toHaveTextContent('Log in to buy crates.');
    expect(screen.getByTestId('total-cost')).not.toHaveAttribute('data-affordable');
    expect(screen.getByRole('button', { name: 'BUY' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(view.overlays.getState().modal).toMatchObject({ key: 'auth', payload: { mode: 'login' } });
  });

  it('shows Sold Out and refuses to sell when the supply is gone', async () => {
    server.answer(crateStatus, status({ remainingSupply: 0 }));
    renderWithShell(<CrateShopModal payload={{ crateVersionId: 0 }} onClose={() => undefined} />);
    expect(await screen.findByTestId('sold-out')).toHaveTextContent('Sold Out');
    expect(screen.getByRole('button', { name: 'BUY' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByTestId('quantity-range')).toHaveTextContent('Sold Out');
    expect(screen.queryByText(/Max 0|Only 0/)).toBeNull();
  });
});
