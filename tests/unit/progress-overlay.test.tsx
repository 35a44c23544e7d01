// The level progress overlay in jsdom against a fake server: the card, the grid and the count
// from real-shaped data; jsdom has no WebGL, so the background must fall back to plain.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEVEL_REQUIREMENTS } from '../../contract/levels';
import { userProgressOf } from '../../contract/progress';
import LevelProgressOverlay from '../../src/features/progress/LevelProgressOverlay';
import { startBackground } from '../../src/features/progress/LevelBackground';
import { renderWithShell, testQueryClient } from '../support/render';

let answer: { status: number; body: unknown };

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }))));
  // jsdom has no WebGL: getContext answers null, as a browser without it does.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

function renderOverlay() {
  const client = testQueryClient();
  renderWithShell(<LevelProgressOverlay onClose={() => undefined} />, { queryClient: client });
}

describe('the level progress overlay', { timeout: 20_000 }, () => {
  it('shows the current level, XP and the unlocked levels with their time', async () => {
    answer = { status: 200, body: {
      userProgress: userProgressOf(12_500, 5),
      levelRequirements: LEVEL_REQUIREMENTS,
      achievedLevels: [1, 2, 3, 4, 5].map((level) => ({ level, unlockedAt: '2026-11-22T17:45:00.000Z' })),
    } };
    renderOverlay();
    expect(screen.getByRole('dialog', { name: 'Level Progress' })).toHaveTextContent('LEVEL PROGRESS');
    // The title is the words alone: no stray ">" before them.
    expect(screen.getByRole('dialog', { name: 'Level Progress' })).not.toHaveTextContent('>LEVEL PROGRESS');
    expect(await screen.findByTestId('current-level')).toHaveTextContent('Level 5');
    expect(screen.getByTestId('total-xp')).toHaveTextContent('12.5k');
    expect(screen.getByTestId('xp-needed')).toHaveTextContent('2.5k');
    expect(screen.getByTestId('xp-in-level')).toHaveTextContent('2.5k / 5k XP');
    expect(screen.getByTestId('levels-unlocked')).toHaveTextContent('5 / 50 Levels Unlocked');
    expect(screen.getByTestId('level-cell-5')).toHaveAttribute('data-unlocked');
    expect(screen.getByTestId('level-cell-6')).not.toHaveAttribute('data-unlocked');
    expect(screen.getByTestId('level-cell-6')).toHaveAccessibleName('Level 6: locked, needs 15k XP');
    expect(screen.getByTestId('level-cell-30')).toHaveAttribute('data-milestone');
    expect(within(screen.getByTestId('level-cell-5')).getByText('2026', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Veteran')).toBeInTheDocument();
    expect(screen.getByTestId('level-background')).toHaveAttribute('data-mode', 'static');
  });

  it('asks an anonymous player to log in', async () => {
    answer = { status: 401, body: { error: 'Not logged in' } };
    renderOverlay();
    expect(await screen.findByText('Log in to see your level progress.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
  });

  it('has no background loop without WebGL', () => {
    expect(startBackground(document.createElement('canvas'))).toBeNull();
  });
});
