// The loading screen is index.html's first frame driven in plain DOM (domScreen.ts), its one
// implementation: it keeps the very nodes the page painted first, its words hidden until the texts
// are in, and it leaves with its stylesheet when the game completes.
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { LOADING, loadingMachine } from '../../machines/loading';
import { driveLoadingScreen } from '../../src/features/loading/domScreen';
import { LOADING_STYLE_ID, firstFrameMarkup } from '../../src/features/loading/firstFrame';

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

describe('the loading screen over index.html\'s first frame', () => {
  it('keeps the nodes the page painted first, through the progress, the texts and the fade-out', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const root = pageRoot();
    const painted = [...root.querySelectorAll('*')];
    const dom = driveLoadingScreen(root, actor, () => undefined, window);
    act(() => { vi.advanceTimersByTime(2_400); });
    dom.localize();
    act(() => { actor.send({ type: 'PROGRESS', fraction: 0.93 }); vi.advanceTimersByTime(400); });
    act(() => { actor.send({ type: 'COMPLETE' }); vi.advanceTimersByTime(LOADING.hideDelayMs + 50); });
    expect(root.firstElementChild?.getAttribute('data-phase')).toBe('hiding');
    // Element for element the same objects: written into, never drawn again.
    expect([...root.querySelectorAll('*')]).toEqual(painted);
    dom.stop();
    actor.stop();
  });

  it('keeps the words hidden until the texts are in (no test ids yet), then shows them', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const root = pageRoot();
    const dom = driveLoadingScreen(root, actor, () => undefined, window);
    act(() => { vi.advanceTimersByTime(2_000); });
    expect(root.querySelector('[data-testid]')).toBeNull();
    expect(Number(root.querySelector('.ls-bar')?.getAttribute('aria-valuenow'))).toBeGreaterThan(LOADING.startPercent);
    dom.localize();
    expect(root.querySelector('[data-testid="loading-screen"]')).toBe(root.firstElementChild);
    expect(root.querySelector('[data-testid="streak-badge"]')?.textContent).toBe('223 day streak');
    dom.stop();
    actor.stop();
  });

  it('fades out when the game completes and leaves with its stylesheet', () => {
    const style = document.createElement('style');
    style.id = LOADING_STYLE_ID;
    document.head.appendChild(style);
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const root = pageRoot();
    driveLoadingScreen(root, actor, () => undefined, window).localize();
    act(() => { actor.send({ type: 'COMPLETE' }); vi.advanceTimersByTime(LOADING.hideDelayMs + 100); });
    expect(root.firstElementChild?.getAttribute('data-phase')).toBe('hiding');
    expect(root.querySelector('[data-testid="loading-percent"]')?.textContent).toBe('100%');
    act(() => { vi.advanceTimersByTime(LOADING.fadeOutMs + 100); });
    expect(root.querySelector('.ls-root')).toBeNull();
    expect(document.getElementById(LOADING_STYLE_ID)).toBeNull();
    actor.stop();
  });

  it('stops following the actor when told to', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const root = pageRoot();
    const dom = driveLoadingScreen(root, actor, () => undefined, window);
    dom.stop();
    const before = root.innerHTML;
    act(() => { vi.advanceTimersByTime(3_000); });
    expect(root.innerHTML).toBe(before);
    actor.stop();
  });
});
