// The coin flips before a settled flip's result shows: the result is hidden while the coin spins,
// a click on the coin, the Skip button or a key shows it at once, and with prefers-reduced-motion
// there is no spin at all.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoinflipGame } from '../../contract/coinflip';
import { CoinflipResult } from '../../src/features/coinflip/CoinflipResult';
import { renderWithShell } from '../support/render';

const settled: CoinflipGame = {
  game_id: 'g-7', creator_uuid: 'u1', creator_username: 'alice', wager_amount: 10, choice: 0, status: 'settled',
  server_seed_hash: 'a'.repeat(64), server_seed: 'b'.repeat(64), acceptor_uuid: 'u2', acceptor_username: 'bob',
  outcome: 1, winner_uuid: 'u2', created_at: new Date().toISOString(), settled_at: new Date().toISOString(), isOwnGame: false,
};

const reducedMotion = (reduce: boolean) => vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
  matches: reduce && query.includes('prefers-reduced-motion: reduce'), media: query, onchange: null,
  addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
}) as MediaQueryList);

afterEach(() => { vi.restoreAllMocks(); vi.useRealTimers(); });

describe('the coin flip', () => {
  it('spins onto the drawn side before the result, and Skip shows the result', () => {
    reducedMotion(false);
    const revealed = vi.fn();
    renderWithShell(<CoinflipResult game={settled} viewer="acceptor" onRevealed={revealed} />);
    const coin = screen.getByTestId('coin-flip');
    expect(coin.querySelector('[data-side]')).toHaveAttribute('data-side', 'tails');
    expect(screen.queryByTestId('coinflip-result')).toBeNull();
    expect(revealed).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('coin-flip-skip'));
    expect(screen.getByTestId('coinflip-result')).toHaveTextContent('Tails');
    expect(revealed).toHaveBeenCalledTimes(1);
  });

  it('lands when the animation ends, on a key, or by itself if the animation never runs', () => {
    reducedMotion(false);
    const first = renderWithShell(<CoinflipResult game={settled} viewer="acceptor" />);
    fireEvent.animationEnd(screen.getByRole('img', { name: 'Flipping the coin…' }));
    expect(screen.getByTestId('coinflip-result')).toBeInTheDocument();
    first.unmount();

    const second = renderWithShell(<CoinflipResult game={settled} viewer="acceptor" />);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('coinflip-result')).toBeNull();
    fireEvent.keyDown(window, { key: ' ' });
    expect(screen.getByTestId('coinflip-result')).toBeInTheDocument();
    second.unmount();

    vi.useFakeTimers();
    renderWithShell(<CoinflipResult game={settled} viewer="acceptor" />);
    expect(screen.queryByTestId('coinflip-result')).toBeNull();
    act(() => { vi.advanceTimersByTime(2000); });
    expect(screen.getByTestId('coinflip-result')).toBeInTheDocument();
  });

  it('shows the result at once when the player prefers reduced motion', () => {
    reducedMotion(true);
    const revealed = vi.fn();
    renderWithShell(<CoinflipResult game={settled} viewer="acceptor" onRevealed={revealed} />);
    expect(screen.queryByTestId('coin-flip')).toBeNull();
    expect(screen.getByTestId('coinflip-result')).toBeInTheDocument();
    expect(revealed).toHaveBeenCalledTimes(1);
  });
});
