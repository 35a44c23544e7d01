// The loading screen component: defaults, progress, messages, the error screen with Retry, and
// its injected styles removed when it goes.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { LOADING_MESSAGES, loadingMachine } from '../../machines/loading';
import { DEFAULT_DAILY_STREAK, LoadingScreen } from '../../src/features/loading/components/LoadingScreen';
import { setChosenLocale } from '../../src/i18n';
import de from '../../src/i18n/catalogs/de.json';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('the loading screen', () => {
  it('shows the defaults, the progress in percent (no MB figure without the build size), and cycles the messages', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const { unmount } = render(<LoadingScreen actor={actor} onRetry={() => undefined} />);
    expect(document.getElementById('loading-screen-styles')).not.toBeNull();
    expect(screen.getByTestId('version-badge')).toHaveTextContent('v1.3');
    expect(screen.getByTestId('streak-badge')).toHaveTextContent(`${DEFAULT_DAILY_STREAK} day streak`);
    expect(DEFAULT_DAILY_STREAK).toBe(223);
    expect(screen.getByTestId('loading-percent')).toHaveTextContent('10%');
    expect(screen.getByTestId('loading-megabytes')).toHaveTextContent(/^$/);
    expect(screen.getByTestId('loading-message')).toHaveTextContent(LOADING_MESSAGES[0]);
    act(() => { vi.advanceTimersByTime(4_000); });
    // 45 % on the curve at 4 s; the smoothed value trails it by about a percent
    const now = Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(now).toBeGreaterThanOrEqual(43);
    expect(now).toBeLessThanOrEqual(45);
    expect(screen.getByTestId('loading-message')).toHaveTextContent(LOADING_MESSAGES[3]);
    unmount();
    expect(document.getElementById('loading-screen-styles')).toBeNull();
    actor.stop();
  });

  it('shows what went wrong and a Retry button instead of a frozen bar', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const retry = vi.fn(() => actor.send({ type: 'RETRY' }));
    render(<LoadingScreen actor={actor} onRetry={retry} version="v2.0" dailyStreak={5} />);
    act(() => { actor.send({ type: 'FAIL', message: 'The game loader (/game/build/loader.js) could not be downloaded' }); });
    expect(screen.getByRole('alert')).toHaveTextContent('could not be downloaded');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('version-badge')).toHaveTextContent('v2.0');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    actor.stop();
  });

  it('labels the loader\'s English diagnostic in the player\'s language and marks it as English', async () => {
    // The German error screen showed "The game loader (…) could not be downloaded" bare, as if
    // it were the product's own sentence.
    await setChosenLocale('de');
    try {
      const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
      render(<LoadingScreen actor={actor} onRetry={() => undefined} />);
      act(() => { actor.send({ type: 'FAIL', message: 'The game loader (/game/build/loader.js) could not be downloaded' }); });
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(de['loading.failedDetail']);
      const diagnostic = within(alert).getByText(/could not be downloaded/);
      expect(diagnostic).toHaveAttribute('lang', 'en');
      actor.stop();
    } finally {
      await setChosenLocale(null);
    }
  });
});
