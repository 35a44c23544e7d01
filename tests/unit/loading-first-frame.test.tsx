// index.html carries the loading screen's first frame as plain HTML (firstFrame.ts, written in
// by vite.config.ts) so the page paints before the shell's JavaScript runs. React then replaces
// it: the two must be the same screen, or players would see it jump.
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { loadingMachine } from '../../machines/loading';
import { LoadingScreen } from '../../src/features/loading/components/LoadingScreen';
import { LOADING_STYLE_ID, firstFrameMarkup } from '../../src/features/loading/firstFrame';
import { domSignature } from './domSignature';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });


describe("the loading screen's first frame in index.html", () => {
  it('is what React renders at time 0, element for element', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const { container } = render(<LoadingScreen actor={actor} onRetry={() => undefined} />);
    const prerendered = document.createElement('div');
    prerendered.innerHTML = firstFrameMarkup();
    // React's own test ids and phase are not in the first frame (its hiding rule relies on that).
    const ignored = ['data-testid', 'data-phase'];
    expect(domSignature(prerendered.firstElementChild!, ignored)).toEqual(domSignature(container.firstElementChild!, ignored));
    actor.stop();
  });

  it("adopts index.html's stylesheet instead of adding a second one, and removes it when it goes", () => {
    const style = document.createElement('style');
    style.id = LOADING_STYLE_ID;
    style.textContent = '.ls-root{}';
    document.head.appendChild(style);
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const { unmount } = render(<LoadingScreen actor={actor} onRetry={() => undefined} />);
    expect(document.querySelectorAll(`#${LOADING_STYLE_ID}`)).toHaveLength(1);
    unmount();
    expect(document.getElementById(LOADING_STYLE_ID)).toBeNull();
    actor.stop();
  });
});
