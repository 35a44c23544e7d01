// One owner for an economy action's side effects: the operation (the feature's
// api/ file and its hook) owns the attempt's Idempotency-Key (one per attempt, kept for the retry
// of an attempt that got no answer), ignores a replayed answer it already handled, and tells the
// game what happened; components hold no refs for it and never send to the game.
import { notificationsStore } from '@mantine/notifications';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buyCrates, crateOdds, crateStatus, crateStatusV2 } from '../../contract/crates';
import { baseInventory } from '../../contract/economy';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import { createAttempts } from '../../src/api/attempts';
import { useBuyCrates } from '../../src/features/crates/api/buyCrates';
import CrateShopModal from '../../src/features/crates/CrateShopModal';
import { GameLinkProvider } from '../../src/game-link/context';
import { fakeGameLink } from '../support/fakeGameLink';
import { fakeServer, type FakeServer } from '../support/fakeServer';
import { renderWithShell } from '../support/render';

describe('the attempts of one operation', () => {
  it('keeps the key for the retry of an attempt that got no answer, and only for the same request', () => {
    const attempts = createAttempts('crates');
    const first = attempts.begin('v0x2')!;
    expect(first).toMatch(/^crates-[0-9a-f]{32}$/);
    attempts.unanswered(first);
    expect(attempts.begin('v0x2')).toBe(first);
    attempts.unanswered(first);
    const other = attempts.begin('v0x3')!;
    expect(other).not.toBe(first);
    attempts.answered(other);
    expect(attempts.begin('v0x3')).not.toBe(other);
  });

  it('starts a new key after an answer, refuses a second attempt while one is in flight, and reports a replay once', () => {
    const attempts = createAttempts('buy');
    const key = attempts.begin('order-1')!;
    expect(attempts.begin('order-1')).toBeNull();
    expect(attempts.answered(key)).toBe(true);
    expect(attempts.answered(key)).toBe(false);
    const next = attempts.begin('order-1');
    expect(next).not.toBeNull();
    expect(next).not.toBe(key);
  });
});

let server: FakeServer;
beforeEach(() => {
  server = fakeServer();
  notificationsStore.setState({ notifications: [], queue: [], defaultPosition: 'bottom-right', limit: 5 });
});
afterEach(() => { vi.restoreAllMocks(); });

const status = (over: Partial<{ crateVersionId: 0 | 1; cratePrice: number }> = {}) => ({ crateVersionId: 0 as 0 | 1, crateItemUuid: 'c', cratePrice: 100, crateBalance: 2, totalSupply: 50, remainingSupply: 7, ...over });
const PURCHASE = { message: 'Successfully purchased 1 Base Set Crate(s)!', description: 'Spent 100.00 TC', quantity: 1, crateBalance: 3, tripcoins: 150, remainingSupply: 6 };

describe('the crate purchase operation', () => {
  beforeEach(() => {
    server.answer(crateStatus, status());
    server.answer(crateStatusV2, status({ crateVersionId: 1, cratePrice: 300 }));
    server.answer(crateOdds, { crateVersionId: 0, crateItemUuid: 'c', odds: [{ itemUuid: 'i1', name: 'Neon Visor', weight: 1, percent: 100 }] });
    server.answer(baseInventory, { inventory: {}, tripcoins: 250 });
  });

  it('a retry of a purchase that got no answer sends the same key, and the game hears of the purchase once', async () => {
    let calls = 0;
    server.handle(buyCrates, () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch'); // no answer: the purchase may have gone through
      return { status: 200, body: PURCHASE };
    });
    const onClose = vi.fn();
    const { game } = renderWithShell(<CrateShopModal payload={{ crateVersionId: 0 }} onClose={onClose} />, { withToasts: true });
    await screen.findByText('7/50');
    await screen.findByText('Ŧ250.00');
    fireEvent.click(screen.getByRole('button', { name: 'BUY' }));
    await waitFor(() => expect(server.requests(buyCrates)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'BUY' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'BUY' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [first, retry] = server.requests(buyCrates).map((r) => r.headers['idempotency-key']);
    expect(first).toMatch(/^crates-/);
    expect(retry).toBe(first);
    expect(game.sentWith(SHELL_TO_GAME.buySuccess)).toEqual([{ quantity: 1, crateVersionId: 0 }]);
  });

  it('is the one that tells the game: the hook alone, with no component reaction, sends OnBuySuccess', async () => {
    server.answer(buyCrates, PURCHASE);
    const game = fakeGameLink();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}><GameLinkProvider link={game}>{children}</GameLinkProvider></QueryClientProvider>
    );
    const { result } = renderHook(() => useBuyCrates(), { wrapper });
    act(() => { result.current.mutate({ version: 0, quantity: 1 }); });
    // A second submit while the first is in flight is the same purchase: nothing is sent.
    act(() => { result.current.mutate({ version: 0, quantity: 1 }); });
    await waitFor(() => expect(game.sentWith(SHELL_TO_GAME.buySuccess)).toEqual([{ quantity: 1, crateVersionId: 0 }]));
    expect(server.requests(buyCrates)).toHaveLength(1);
  });
});

/** Every .tsx file under src/features (components). */
function components(dir = 'src/features'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return components(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('components', () => {
  it('never send to the game, and hold no Idempotency-Key', () => {
    const offenders = components().filter((file) => /send\(SHELL_TO_GAME|tellGame|newIdempotencyKey|idempotencyKey/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
