// The loader wrapper (src/game-link/controller.ts) with a mocked createUnityInstance: one script
// for two mounts, unmounting before the load finishes, quitting before the canvas goes, the
// spec's warnings without an instance, and several listeners per event.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_BUILD_FILES, GAME_HOOKS, GAME_INSTANCE_GLOBAL, GAME_PIXEL_RATIO, type CreateUnityInstance, type UnityConfig, type UnityInstance } from '../../contract/game';
import { createGameController } from '../../src/game-link/controller';
import { loadLoaderScript, preloadGameCode } from '../../src/game-link/loaderScript';
import { GAME_WARNINGS } from '../../src/game-link/warnings';
import { deferred, flush } from '../support/async';

type Globals = Record<string, unknown>;
const globals = window as unknown as Globals;

function fakeInstance(overrides: Partial<UnityInstance> = {}): UnityInstance {
  return { SendMessage: vi.fn(), SetFullscreen: vi.fn(), Quit: vi.fn(async () => undefined), ...overrides };
}

const log = () => ({ warn: vi.fn(), error: vi.fn(), info: vi.fn() });

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete globals[GAME_INSTANCE_GLOBAL];
  delete globals.createUnityInstance;
});

describe('the loader script', () => {
  it('is added once for two mounts (and two controllers) and reused', async () => {
    const create = vi.fn<CreateUnityInstance>(async () => fakeInstance());
    const a = createGameController({ files: GAME_BUILD_FILES, log: log() });
    const b = createGameController({ files: GAME_BUILD_FILES, log: log() });
    const hostA = document.body.appendChild(document.createElement('div'));
    const hostB = document.body.appendChild(document.createElement('div'));
    a.preload();
    const unmountA = a.mount(hostA);
    unmountA();
    a.mount(hostA); // StrictMode's mount, unmount, mount
    b.mount(hostB);
    const scripts = document.querySelectorAll(`script[src="${GAME_BUILD_FILES.loaderUrl}"]`);
    expect(scripts).toHaveLength(1);

    globals.createUnityInstance = create;
    scripts[0]?.dispatchEvent(new Event('load'));
    await flush();
    expect(create).toHaveBeenCalledTimes(2); // the remounted A and B, not the unmounted first A
    expect(a.getState().status).toBe('loaded');
    expect(b.getState().status).toBe('loaded');
    expect(document.querySelectorAll('script[data-game-loader]')).toHaveLength(1);
  });

  it('is removed and forgotten when it fails, so a retry adds a fresh one', async () => {
    const first = loadLoaderScript('/game/build/broken.js');
    document.querySelector('script')?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/could not be downloaded/);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    void loadLoaderScript('/game/build/broken.js').catch(() => undefined);
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });

  it('has the code asked for beside it, once each, in the mode Unity\'s loader fetches it', () => {
    const urls = [GAME_BUILD_FILES.frameworkUrl, GAME_BUILD_FILES.codeUrl];
    preloadGameCode(urls);
    preloadGameCode(urls); // a second start (a retry) adds nothing
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('as'), l.getAttribute('href'), l.crossOrigin])).toEqual([
      ['preload', 'fetch', GAME_BUILD_FILES.frameworkUrl, 'anonymous'],
      ['preload', 'fetch', GAME_BUILD_FILES.codeUrl, 'anonymous'],
    ]);
  });
});

describe('mounting and unmounting', () => {
  const controllerWith = (create: CreateUnityInstance, logger = log()) =>
    ({ controller: createGameController({ files: GAME_BUILD_FILES, loadLoader: async () => create, log: logger }), logger });

  it('starts the game at pixel ratio 1.5, exposes the instance and focuses the canvas without outline', async () => {
    let seen: UnityConfig | undefined;
    const instance = fakeInstance();
    const { controller } = controllerWith(async (_canvas, config, onProgress) => { seen = config; onProgress?.(0.5); return instance; });
    const host = document.body.appendChild(document.createElement('div'));
    const progress: number[] = [];
    controller.subscribe(() => progress.push(controller.getState().progress));
    controller.mount(host);
    await flush();
    const canvas = host.querySelector('canvas');
    expect(seen?.devicePixelRatio).toBe(GAME_PIXEL_RATIO);
    expect(seen?.dataUrl).toBe(GAME_BUILD_FILES.dataUrl);
    expect(progress).toContain(0.5);
    expect(controller.getState()).toEqual({ status: 'loaded', progress: 1, error: null });
    expect(globals[GAME_INSTANCE_GLOBAL]).toBe(instance);
    expect(document.activeElement).toBe(canvas);
    expect(canvas?.style.outline).toBe('none');
  });

  it('is safe to unmount before the loader has arrived', async () => {
    const loader = deferred<CreateUnityInstance>();
    const logger = log();
    const controller = createGameController({ files: GAME_BUILD_FILES, loadLoader: () => loader.promise, log: logger });
    const host = document.body.appendChild(document.createElement('div'));
    const unmount = controller.mount(host);
    unmount();
    expect(host.querySelector('canvas')).toBeNull();
    const create = vi.fn<CreateUnityInstance>(async () => fakeInstance());
    loader.resolve(create);
    await flush();
    expect(create).not.toHaveBeenCalled();
    expect(controller.getState().status).toBe('idle');
    expect(logger.error).not.toHaveBeenCalled();
    expect(document.querySelector('canvas')).toBeNull();
  });

  it('quits an instance that arrives after unmounting, and only then drops its canvas', async () => {
    const pending = deferred<UnityInstance>();
    const { controller, logger } = controllerWith(() => pending.promise);
    const host = document.body.appendChild(document.createElement('div'));
    const unmount = controller.mount(host);
    await flush();
    const canvas = host.querySelector('canvas');
    unmount();
    expect(canvas && document.contains(canvas)).toBe(true); // parked while createUnityInstance holds it
    let inDocumentDuringQuit = false;
    const instance = fakeInstance({ Quit: vi.fn(async () => { inDocumentDuringQuit = !!canvas && document.contains(canvas); }) });
    pending.resolve(instance);
    await flush();
    expect(instance.Quit).toHaveBeenCalledTimes(1);
    expect(inDocumentDuringQuit).toBe(true);
    expect(canvas && document.contains(canvas)).toBe(false);
    expect(globals[GAME_INSTANCE_GLOBAL]).toBeUndefined();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('quits a running game before its canvas leaves the document', async () => {
    let inDocumentDuringQuit = false;
    let canvas: HTMLCanvasElement | null = null;
    const quitDone = deferred<void>();
    const instance = fakeInstance({ Quit: vi.fn(() => { inDocumentDuringQuit = !!canvas && document.contains(canvas); return quitDone.promise; }) });
    const { controller } = controllerWith(async () => instance);
    const host = document.body.appendChild(document.createElement('div'));
    const unmount = controller.mount(host);
    await flush();
    canvas = host.querySelector('canvas');
    unmount();
    expect(instance.Quit).toHaveBeenCalledTimes(1);
    expect(inDocumentDuringQuit).toBe(true);
    expect(canvas && document.contains(canvas)).toBe(true);
    quitDone.resolve();
    await flush();
    expect(canvas && document.contains(canvas)).toBe(false);
    expect(globals[GAME_INSTANCE_GLOBAL]).toBeUndefined();
  });

  it('reports an initialisation error and retries with a fresh canvas', async () => {
    const create = vi.fn<CreateUnityInstance>()
      .mockRejectedValueOnce(new Error('The game code (/game/build/code.wasm) is not a valid WebAssembly module'))
      .mockResolvedValueOnce(fakeInstance());
    const { controller } = controllerWith(create);
    const host = document.body.appendChild(document.createElement('div'));
    const unmount = controller.mount(host);
    await flush();
    expect(controller.getState().status).toBe('error');
    expect(controller.getState().error).toMatch(/not a valid WebAssembly module/);
    const failedCanvas = host.querySelector('canvas');
    controller.retry();
    await flush();
    expect(controller.getState().status).toBe('loaded');
    expect(host.querySelectorAll('canvas')).toHaveLength(1);
    expect(host.querySelector('canvas')).not.toBe(failedCanvas);
    unmount(); // the host's unmount ends the retried session too
    await flush();
    expect(host.querySelector('canvas')).toBeNull();
  });
});

describe('actions', () => {
  it('log the spec warnings and do nothing without an instance', async () => {
    const logger = log();
    const controller = createGameController({ files: GAME_BUILD_FILES, loadLoader: () => new Promise(() => undefined), log: logger });
    controller.sendMessage('WebBridge', 'Bootstrap');
    controller.requestFullscreen(true);
    controller.requestPointerLock();
    expect(controller.takeScreenshot()).toBeNull();
    await controller.unload();
    controller.removeEventListener('GameOver', () => undefined);
    expect(logger.warn.mock.calls.map((c) => c[0])).toEqual([
      GAME_WARNINGS.sendMessage, GAME_WARNINGS.fullscreen, GAME_WARNINGS.pointerLock,
      GAME_WARNINGS.screenshot, GAME_WARNINGS.quit, `${GAME_WARNINGS.noEventListener} GameOver`,
    ]);
  });

  it('reach the instance once it exists', async () => {
    const instance = fakeInstance({ Module: { requestPointerLock: vi.fn() } });
    const controller = createGameController({ files: GAME_BUILD_FILES, loadLoader: async () => async () => instance, log: log() });
    controller.mount(document.body.appendChild(document.createElement('div')));
    await flush();
    controller.sendMessage('WebBridge', 'OnSettingChanged', '{"name":"fov","value":100}');
    controller.sendMessage('WebBridge', 'Bootstrap');
    controller.requestFullscreen(true);
    controller.requestPointerLock();
    expect(instance.SendMessage).toHaveBeenNthCalledWith(1, 'WebBridge', 'OnSettingChanged', '{"name":"fov","value":100}');
    expect(instance.SendMessage).toHaveBeenNthCalledWith(2, 'WebBridge', 'Bootstrap');
    expect(instance.SetFullscreen).toHaveBeenCalledWith(1);
    expect(instance.Module?.requestPointerLock).toHaveBeenCalled();
    await controller.unload();
    expect(instance.Quit).toHaveBeenCalled();
    expect(controller.getState().status).toBe('idle');
  });

  it('block and restore the canvas pointer input', async () => {
    const controller = createGameController({ files: GAME_BUILD_FILES, loadLoader: async () => async () => fakeInstance(), log: log() });
    const host = document.body.appendChild(document.createElement('div'));
    controller.setPointerInput(false);
    controller.mount(host);
    const canvas = host.querySelector('canvas');
    expect(canvas?.style.pointerEvents).toBe('none');
    controller.setPointerInput(true);
    expect(canvas?.style.pointerEvents).toBe('');
    expect(canvas?.dataset.input).toBe('enabled');
  });
});

describe('game events', () => {
  afterEach(() => { delete globals[GAME_HOOKS.dispatchEvent]; });

  it('reach every listener of an event, and removing one keeps the others', () => {
    const controller = createGameController({ files: GAME_BUILD_FILES, log: log() });
    const first = vi.fn();
    const second = vi.fn(() => 'answer');
    controller.addEventListener('ScoreChanged', first);
    controller.addEventListener('ScoreChanged', second);
    const dispatch = globals[GAME_HOOKS.dispatchEvent] as (name: string, ...args: unknown[]) => unknown;
    expect(dispatch('ScoreChanged', 10, 'kills')).toBe('answer');
    expect(first).toHaveBeenCalledWith(10, 'kills');
    expect(second).toHaveBeenCalledWith(10, 'kills');
    controller.removeEventListener('ScoreChanged', first);
    dispatch('ScoreChanged', 11);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('warn about an event nobody listens to', () => {
    const logger = log();
    createGameController({ files: GAME_BUILD_FILES, log: logger });
    (globals[GAME_HOOKS.dispatchEvent] as (name: string) => unknown)('Nobody');
    expect(logger.warn).toHaveBeenCalledWith(`${GAME_WARNINGS.noEventListener} Nobody`);
  });
});
