// The game starts from startGame (start-up's first step), in plain DOM, before the shell's chunk,
// React and the player's texts: its canvas (#unity-canvas, in a fixed host outside React's root)
// exists and its loader is on its way as soon as startGame returns, and the loader's
// createUnityInstance is called on that canvas without anything else to wait for on the web.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootShell } from '../../src/app/shellStart';
import { startGame } from '../../src/app/gameStart';
import { loadingPhase } from '../../machines/loading';

// The loader is loaded once per page (loaderScript.ts): one createUnityInstance, each test its own behaviour.
let createUnityInstance: (canvas: HTMLCanvasElement) => Promise<unknown> = () => new Promise(() => undefined);
(window as unknown as Record<string, unknown>).createUnityInstance = (canvas: HTMLCanvasElement) => createUnityInstance(canvas);

afterEach(() => { document.getElementById('game-canvas-parking')?.remove(); document.body.innerHTML = ''; document.head.querySelectorAll('script').forEach((s) => s.remove()); vi.unstubAllGlobals(); });

describe('the game starts first, and the shell around it', () => {
  it('puts #unity-canvas in #game-host, before #root and outside it, and starts its loader', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    const created: HTMLCanvasElement[] = [];
    createUnityInstance = (canvas) => {
      created.push(canvas);
      return new Promise(() => undefined);
    };
    const shell = bootShell(window, startGame(window));
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

  it("on the web, loads the host's adapter and API only once the game is in, not alongside its download", async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    let ready: (instance: unknown) => void = () => undefined;
    createUnityInstance = () => new Promise((resolve) => { ready = resolve; });
    const shell = bootShell(window, startGame(window));
    expect(shell.hostKind).toBe('web');
    let hostIn = false;
    void shell.host.then(() => { hostIn = true; });
    document.head.querySelector('script[data-game-loader]')?.dispatchEvent(new Event('load'));
    await new Promise((r) => setTimeout(r, 200));
    expect(hostIn).toBe(false);
    ready({ Quit: () => Promise.resolve(), SendMessage: () => undefined, SetFullscreen: () => undefined });
    await vi.waitFor(() => { expect(hostIn).toBe(true); });
    expect(shell.game.getState().status).toBe('loaded');
  });

  // startup.ts starts the game from the page's first chunk (gameStart.ts) and bootShell arrives
  // with the next one: the game must not wait for it, and what the game says meanwhile is not lost.
  it('startGame alone starts the game on the web; what the game said before bootShell was in is answered when it is', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const created: HTMLCanvasElement[] = [];
    let ready: (instance: unknown) => void = () => undefined;
    createUnityInstance = (canvas) => { created.push(canvas); return new Promise((resolve) => { ready = resolve; }); };
    const game = startGame(window);
    expect(game.gated).toBe(false);
    document.head.querySelector('script[data-game-loader]')?.dispatchEvent(new Event('load'));
    await vi.waitFor(() => { expect(created).toEqual([document.getElementById('unity-canvas')]); });
    // The game is in and talks before the rest of the shell is: the completion hook, and a call
    // only React's part answers (queued).
    ready({ Quit: () => Promise.resolve(), SendMessage: () => undefined, SetFullscreen: () => undefined });
    await vi.waitFor(() => { expect(game.controller.getState().status).toBe('loaded'); });
    const globals = window as unknown as Record<string, (...args: unknown[]) => unknown>;
    globals.unityLoadingComplete?.();
    void globals.showSettings?.();

    const shell = bootShell(window, game);
    expect(shell.game).toBe(game.controller);
    expect(document.querySelectorAll('#unity-canvas')).toHaveLength(1);
    expect(loadingPhase(shell.loading.getSnapshot())).not.toBe('loading');
    let asked = false;
    void shell.gameAsked.then(() => { asked = true; });
    await vi.waitFor(() => { expect(asked).toBe(true); });
    await expect(shell.gameSettled).resolves.toBeUndefined();
    expect(shell.early.drain().calls.map((c) => c.name)).toEqual(['showSettings']);
  });
});
