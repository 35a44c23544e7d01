// Until React takes over (after the game's first frame, src/app/shellStart.ts), the loading screen is
// index.html's first frame driven in plain DOM (domScreen.ts). Players must not see it change
// when React's LoadingScreen replaces it: at any moment the two are the same screen, element for
// element, once the texts are in; before, the words are hidden; and it leaves as React's does.
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { LOADING, loadingMachine } from '../../machines/loading';
import { LoadingScreen } from '../../src/features/loading/components/LoadingScreen';
import { driveLoadingScreen } from '../../src/features/loading/domScreen';
import { LOADING_STYLE_ID, firstFrameMarkup } from '../../src/features/loading/firstFrame';
import { domSignature } from './domSignature';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); document.body.innerHTML = ''; document.getElementById(LOADING_STYLE_ID)?.remove(); });


function pageRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-first-frame', '');
  root.innerHTML = firstFrameMarkup();
  document.body.appendChild(root);
  return root;
}

describe('the plain-DOM loading screen before React', () => {
  it('is, at every moment once the texts are in, what React renders for the same actor', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const root = pageRoot();
    const dom = driveLoadingScreen(root, actor, window);
    dom.localize();
    const { container } = render(<LoadingScreen actor={actor} onRetry={() => undefined} />);
    const same = () => expect(domSignature(root.firstElementChild!)).toEqual(domSignature(container.firstElementChild!));
    same();
    // the bar moving, the messages cycling (and fading: 1.0 s shown, 0.2 s fading)
    for (const ms of [1_100, 1_200, 2_400, 4_600, 9_000]) { // 1.1, 2.3 and 4.7 s fall in a fade
      act(() => { vi.advanceTimersByTime(ms); });
      same();
    }
    act(() => { actor.send({ type: 'PROGRESS', fraction: 0.93 }); vi.advanceTimersByTime(400); });
    same();
    act(() => { actor.send({ type: 'COMPLETE' }); vi.advanceTimersByTime(100); });
    same();
    act(() => { vi.advanceTimersByTime(LOADING.hideDelayMs + 50); }); // hiding: the fade-out
    same();
    dom.stop();
    actor.stop();
  });

  it('keeps the words hidden until the texts are in (no test ids yet), then shows them', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const root = pageRoot();
    const dom = driveLoadingScreen(root, actor, window);
    act(() => { vi.advanceTimersByTime(2_000); });
    expect(root.querySelector('[data-testid]')).toBeNull();
    expect(Number(root.querySelector('.ls-bar')?.getAttribute('aria-valuenow'))).toBeGreaterThan(LOADING.startPercent);
    dom.localize();
    expect(root.querySelector('[data-testid="loading-screen"]')).toBe(root.firstElementChild);
    expect(root.querySelector('[data-testid="streak-badge"]')?.textContent).toBe('223 day streak');
    dom.stop();
    actor.stop();
  });

  it('fades out when the game completes and leaves with its stylesheet, as React\'s does', () => {
    const style = document.createElement('style');
    style.id = LOADING_STYLE_ID;
    document.head.appendChild(style);
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const root = pageRoot();
    driveLoadingScreen(root, actor, window).localize();
    act(() => { actor.send({ type: 'COMPLETE' }); vi.advanceTimersByTime(LOADING.hideDelayMs + 100); });
    expect(root.firstElementChild?.getAttribute('data-phase')).toBe('hiding');
    expect(root.querySelector('[data-testid="loading-percent"]')?.textContent).toBe('100%');
    act(() => { vi.advanceTimersByTime(LOADING.fadeOutMs + 100); });
    expect(root.querySelector('.ls-root')).toBeNull();
    expect(document.getElementById(LOADING_STYLE_ID)).toBeNull();
    actor.stop();
  });

  it('stops following the actor once React takes over', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const root = pageRoot();
    const dom = driveLoadingScreen(root, actor, window);
    dom.stop();
    const before = root.innerHTML;
    act(() => { vi.advanceTimersByTime(3_000); });
    expect(root.innerHTML).toBe(before);
    actor.stop();
  });
});
