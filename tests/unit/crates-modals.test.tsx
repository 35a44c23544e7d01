// The coin flip wager checks and the Crate Shop's quantity, affordability and hold-to-repeat
// rules, in jsdom. The server is a small fake fetch that answers the contract's shapes and
// records what the modal sends.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COINFLIP_TEXT } from '../../contract/coinflip';
import { CRATE_TEXT } from '../../contract/crates';
import CoinflipModal from '../../src/features/crates/CoinflipModal';
import CrateShopModal, { quantityProblem } from '../../src/features/crates/CrateShopModal';
import { checkFairness } from '../../src/features/crates/coinflipFairness';
import { HOLD_REPEAT_MS } from '../../src/features/crates/useHoldRepeat';
import { validateWager } from '../../src/features/crates/wagerValidation';

describe('the coin flip wager rules (spec part 2 §5)', () => {
  it.each([
    ['', COINFLIP_TEXT.invalidWager],
    ['abc', COINFLIP_TEXT.invalidWager],
    ['-5', COINFLIP_TEXT.invalidWager],
    ['0', COINFLIP_TEXT.invalidWager],
    ['9.99', COINFLIP_TEXT.minimum],
    ['100000000.01', COINFLIP_TEXT.maximum],
    ['10.001', COINFLIP_TEXT.decimals],
    ['12.345', COINFLIP_TEXT.decimals],
    ['500.01', 'Insufficient balance. You have 500.00 TC'],
  ])('refuses %j with %j', (input, message) => {
    expect(validateWager(input, 500)).toBe(message);
  });

  it.each(['10', '10.5', '10.50', ' 499.99 ', '500'])('accepts %j with a balance of 500', (input) => {
    expect(validateWager(input, 500)).toBeNull();
  });

  it('checks the balance in hundredths, not floats', () => {
    expect(validateWager('0.3', 0.3)).toBe(COINFLIP_TEXT.minimum);
    expect(validateWager('10.3', 10.3)).toBeNull();
    expect(validateWager('10.31', 10.3)).toBe('Insufficient balance. You have 10.30 TC');
  });
});

describe('the crate quantity rules (spec part 2 §5)', () => {
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

// --- rendered modals against a fake server -----------------------------------------------------

interface Sent { method: string; url: string; body: unknown; headers: Record<string, string> }
let sent: Sent[] = [];
let answers: Record<string, unknown> = {};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  sent = [];
  answers = {};
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: (init?.headers ?? {}) as Record<string, string> });
    const key = `${method} ${url.split('?')[0]}`;
    if (key in answers) return json(answers[key]);
    return json({ error: 'not found' }, 404);
  });
});
afterEach(() => { vi.restoreAllMocks(); vi.useRealTimers(); });

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<MantineProvider env="test"><QueryClientProvider client={client}>{children}</QueryClientProvider></MantineProvider>);
}

const posts = (path: string) => sent.filter((s) => s.method === 'POST' && s.url.startsWith(path));

describe('the Create Coin Flip Wager modal', () => {
  beforeEach(() => {
    answers['GET /api/getBaseInventory'] = { inventory: {}, tripcoins: 250 };
    answers['GET /api/coinflip/open'] = { games: [] };
    answers['POST /api/coinflip/create'] = { game_id: 'g-1', server_seed_hash: 'ab'.repeat(32), message: COINFLIP_TEXT.created };
    answers['GET /api/coinflip/g-1'] = {
      game_id: 'g-1', creator_uuid: 'u1', creator_username: 'me', wager_amount: 25.5, choice: 1, status: 'open', server_seed_hash: 'ab'.repeat(32), server_seed: null,
      acceptor_uuid: null, acceptor_username: null, outcome: null, winner_uuid: null, created_at: new Date().toISOString(), settled_at: null, isOwnGame: true,
    };
  });

  it('shows each rule broken with the spec text and sends nothing, then offers a valid wager', async () => {
    wrap(<CoinflipModal payload={{ type: 'SHOW_COINFLIP_MODAL', modalType: 'create' }} onClose={() => undefined} />);
    expect(screen.getByText('Create Coin Flip Wager')).toBeInTheDocument();
    await screen.findByText('Ŧ250.00');
    const input = screen.getByLabelText(/Wager amount/);
    const submit = screen.getByRole('button', { name: 'Create Wager' });
    for (const [value, message] of [
      ['x', COINFLIP_TEXT.invalidWager], ['5', COINFLIP_TEXT.minimum], ['200000000', COINFLIP_TEXT.maximum],
      ['10.123', COINFLIP_TEXT.decimals], ['250.01', 'Insufficient balance. You have 250.00 TC'],
    ] as const) {
      fireEvent.change(input, { target: { value } });
      fireEvent.click(submit);
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(posts('/api/coinflip/create')).toEqual([]);

    fireEvent.change(input, { target: { value: '25.50' } });
    fireEvent.click(screen.getByLabelText('Tails'));
    fireEvent.click(submit);
    await screen.findByTestId('my-wager');
    expect(posts('/api/coinflip/create').map((p) => p.body)).toEqual([{ wager_amount: '25.50', choice: 1 }]);
    expect(screen.getByTestId('my-wager-hash')).toHaveTextContent('ab'.repeat(32));
  });

  it('shows the server error text when the offer is refused', async () => {
    answers['POST /api/coinflip/create'] = undefined;
    delete answers['POST /api/coinflip/create'];
    wrap(<CoinflipModal payload={{ type: 'SHOW_COINFLIP_MODAL', modalType: 'create' }} onClose={() => undefined} />);
    await screen.findByText('Ŧ250.00');
    fireEvent.change(screen.getByLabelText(/Wager amount/), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Wager' }));
    // The fake answers 404 {error: 'not found'}: the server's own text is shown.
    expect(await screen.findByText('not found')).toBeInTheDocument();
  });
});

describe('the Crate Shop modal', () => {
  const status = (over: Record<string, unknown> = {}) => ({ crateVersionId: 0, crateItemUuid: 'c', cratePrice: 100, crateBalance: 2, totalSupply: 50, remainingSupply: 7, ...over });
  beforeEach(() => {
    answers['GET /api/crates/status'] = status();
    answers['GET /api/crates/status/v2'] = status({ crateVersionId: 1, cratePrice: 300 });
    answers['GET /api/crates/odds'] = { crateVersionId: 0, crateItemUuid: 'c', odds: [{ itemUuid: 'i1', name: 'Neon Visor', weight: 1, percent: 100 }] };
    answers['GET /api/getBaseInventory'] = { inventory: {}, tripcoins: 250 };
  });

  it('shows supply, odds and the Base Set II announcement, colours the total and caps the quantity', async () => {
    wrap(<CrateShopModal payload={{ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 }} onClose={() => undefined} />);
    expect(screen.getByText('Base Set Crate Shop')).toBeInTheDocument();
    expect(await screen.findByText('7/50')).toBeInTheDocument();
    expect(await screen.findByText('Neon Visor')).toBeInTheDocument();
    expect(screen.getByTestId('base-set-2-announcement')).toHaveTextContent('Releasing Sunday 19 October at 4:30 PM EST, at 300 Tripcoins per crate.');
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

    fireEvent.change(input, { target: { value: '8' } });
    expect(screen.getByText('Only 7 crates available in shop')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '0' } });
    expect(screen.getByText(CRATE_TEXT.invalidQuantity)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'BUY' })).toBeDisabled();
  });

  it('repeats plus every 100 ms while held, up to the remaining supply, and minus floors at 1', async () => {
    wrap(<CrateShopModal payload={{ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 }} onClose={() => undefined} />);
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
    answers['POST /api/crates/buy'] = { message: 'Successfully purchased 2 Base Set Crate(s)!', description: 'Spent 200.00 TC', quantity: 2, crateBalance: 4, tripcoins: 50, remainingSupply: 5 };
    const onClose = vi.fn();
    wrap(<CrateShopModal payload={{ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 }} onClose={onClose} />);
    await screen.findByText('7/50');
    await screen.findByText('Ŧ250.00');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'BUY' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [buy] = posts('/api/crates/buy');
    expect(buy?.body).toEqual({ quantity: 2 });
    expect(buy?.headers['idempotency-key']).toMatch(/^crates-/);
  });

  it('shows Sold Out and refuses to sell when the supply is gone', async () => {
    answers['GET /api/crates/status'] = status({ remainingSupply: 0 });
    wrap(<CrateShopModal payload={{ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 }} onClose={() => undefined} />);
    expect(await screen.findByTestId('sold-out')).toHaveTextContent('Sold Out');
    expect(screen.getByRole('button', { name: 'BUY' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });
});
