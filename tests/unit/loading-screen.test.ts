// The loading screen (domScreen.ts, its one implementation, over index.html's first frame):
// defaults, progress, messages, and the error screen with Retry in place of a frozen bar.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { LOADING_MESSAGES, loadingMachine } from '../../machines/loading';
import { driveLoadingScreen } from '../../src/features/loading/domScreen';
import { DEFAULT_DAILY_STREAK, firstFrameMarkup } from '../../src/features/loading/firstFrame';
import { setChosenLocale } from '../../src/settings-store/language';
import de from '../../src/i18n/catalogs/de.json';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); document.body.replaceChildren(); });

function pageRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-first-frame', '');
  root.innerHTML = firstFrameMarkup();
  return document.body.appendChild(root);
}

describe('the loading screen', () => {
  it('shows the defaults, the progress in percent (no MB figure without the build size), and cycles the messages', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const dom = driveLoadingScreen(pageRoot(), actor, () => undefined, window);
    dom.localize();
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
    dom.stop();
    actor.stop();
  });

  it('shows what went wrong and a Retry button instead of a frozen bar, and the bar again on a retry', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const retry = vi.fn(() => actor.send({ type: 'RETRY' }));
    const dom = driveLoadingScreen(pageRoot(), actor, retry, window);
    act(() => { actor.send({ type: 'FAIL', message: 'The game loader (/game/build/loader.js) could not be downloaded' }); });
    // No words before the texts are in; then the failure in them.
    expect(screen.queryByRole('alert')).toBeNull();
    dom.localize();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be downloaded');
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByTestId('loading-message')).toBeInTheDocument();
    dom.stop();
    actor.stop();
  });

  it('labels the loader\'s English diagnostic in the player\'s language and marks it as English', async () => {
    // The German error screen showed "The game loader (…) could not be downloaded" bare, as if
    // it were the product's own sentence.
    vi.useRealTimers();
    await setChosenLocale('de');
    try {
      const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
      const dom = driveLoadingScreen(pageRoot(), actor, () => undefined, window);
      dom.localize();
      act(() => { actor.send({ type: 'FAIL', message: 'The game loader (/game/build/loader.js) could not be downloaded' }); });
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(de['loading.failedDetail']);
      expect(within(alert).getByRole('button', { name: de['common.retry'] })).toBeInTheDocument();
      const diagnostic = within(alert).getByText(/could not be downloaded/);
      expect(diagnostic).toHaveAttribute('lang', 'en');
      dom.stop();
      actor.stop();
    } finally {
      await setChosenLocale(null);
    }
  });
});
