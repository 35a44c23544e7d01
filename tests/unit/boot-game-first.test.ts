// The game starts from bootShell, in plain DOM, before React and before the player's texts
// (issue 27 item 1): its canvas (#unity-canvas, in a fixed host outside React's root) exists and
// its loader is on its way as soon as bootShell returns, and the loader's createUnityInstance is
// called on that canvas without anything else to wait for on the web.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootShell } from '../../src/app/boot';

afterEach(() => { document.body.innerHTML = ''; document.head.querySelectorAll('script').forEach((s) => s.remove()); vi.unstubAllGlobals(); });

describe('bootShell starts the game itself', () => {
  it('puts #unity-canvas in #game-host, before #root and outside it, and starts its loader', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    const created: HTMLCanvasElement[] = [];
    (window as unknown as Record<string, unknown>).createUnityInstance = (canvas: HTMLCanvasElement) => {
      created.push(canvas);
      return new Promise(() => undefined);
    };
    const shell = bootShell(window);
    const canvas = document.getElementById('unity-canvas');
    expect(canvas?.parentElement).toBe(shell.gameHost);
    expect(shell.gameHost.id).toBe('game-host');
    expect(shell.gameHost.nextElementSibling).toBe(root);
    expect(root.childElementCount).toBe(0);
    expect(shell.gameHost.dataset.visible).toBe('false');
    const loader = document.head.querySelector<HTMLScriptElement>('script[data-game-loader]');
    expect(loader?.src).toContain('/game/build/loader.js');
    loader?.dispatchEvent(new Event('load'));
    await vi.waitFor(() => { expect(created).toEqual([canvas]); });
    expect(shell.game.getState().status).toBe('loading');
  });
});
