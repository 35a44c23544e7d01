// The demo build's createUnityInstance with a mocked fetch: real byte progress, the instance it
// resolves with, and a clear rejection for every way a file can fail to load.
import { describe, expect, it, vi } from 'vitest';
import type { UnityConfig } from '../../../contract/game';
import { buildGameWasm } from '../../../demo-game/build/wasm';
import type { GameFramework, GameHandle, GameStartOptions } from '../../../demo-game/src/framework-api';
import { makeCreateUnityInstance, type LoaderDeps } from '../../../demo-game/src/loader/create-instance';
import { download, type FetchLike } from '../../../demo-game/src/loader/download';
import { combinedProgress, createProgressTracker } from '../../../demo-game/src/loader/progress';

const CONFIG: UnityConfig = { dataUrl: '/game/build/game.data', frameworkUrl: '/game/build/framework.js', codeUrl: '/game/build/code.wasm', devicePixelRatio: 1.5 };

/** A streamed response delivering `body` in `chunks` pieces, with or without Content-Length. */
function streamed(body: Uint8Array, chunks: number, withLength = true): Response {
  const size = Math.ceil(body.length / chunks);
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) return controller.close();
      controller.enqueue(body.slice(offset, offset + size));
      offset += size;
    },
  });
  return new Response(stream, { status: 200, headers: withLength ? { 'content-length': String(body.length) } : {} });
}

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

function files(overrides: Partial<Record<string, () => Promise<Response>>> = {}, withLength = true): { fetch: FetchLike; signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  const bodies: Partial<Record<string, () => Promise<Response>>> = {
    [CONFIG.dataUrl]: async () => streamed(bytes(40_000), 8, withLength),
    [CONFIG.frameworkUrl]: async () => streamed(bytes(60_000), 6, withLength),
    [CONFIG.codeUrl]: async () => streamed(buildGameWasm(), 1, withLength),
    ...overrides,
  };
  return {
    signals,
    fetch: async (url, init) => {
      if (init?.signal) signals.push(init.signal);
      const make = bodies[url];
      if (!make) throw new TypeError('Failed to fetch');
      return make();
    },
  };
}

function fakeHandle(): GameHandle & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    sendMessage: (...args) => calls.push(['sendMessage', ...args]),
    setFullscreen: (...args) => calls.push(['setFullscreen', ...args]),
    requestPointerLock: () => calls.push(['requestPointerLock']),
    quit: () => calls.push(['quit']),
  };
}

function deps(fetch: FetchLike, framework: GameFramework | undefined = { createGame: () => fakeHandle() }): LoaderDeps {
  return {
    fetch,
    runFramework: async () => framework,
    instantiateWasm: async (b) => (await WebAssembly.instantiate(b)).instance.exports,
    defaultPixelRatio: () => 2,
  };
}

const canvas = () => document.createElement('canvas');

describe('createUnityInstance: success', () => {
  it('reports byte progress from 0 to 1, never backwards, while the files stream in', async () => {
    const progress: number[] = [];
    const create = makeCreateUnityInstance(deps(files().fetch));
    await create(canvas(), CONFIG, (p) => progress.push(p));
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(8); // many steps, not just start and end
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1] ?? 0);
    expect(progress.every((p) => p >= 0 && p <= 1)).toBe(true);
  });

  it('still reaches 1 when the server sends no Content-Length', async () => {
    const progress: number[] = [];
    await makeCreateUnityInstance(deps(files({}, false).fetch))(canvas(), CONFIG, (p) => progress.push(p));
    expect(progress.at(-1)).toBe(1);
  });

  it('starts the framework with the data, the wasm exports and the pixel ratio', async () => {
    let started: GameStartOptions | undefined;
    const handle = fakeHandle();
    const c = canvas();
    await makeCreateUnityInstance(deps(files().fetch, { createGame: (o) => ((started = o), handle) }))(c, CONFIG);
    expect(started?.canvas).toBe(c);
    expect(started?.data.byteLength).toBe(40_000);
    expect(started?.devicePixelRatio).toBe(1.5);
    expect(started?.wasm.clamp(5, 0, 3)).toBe(3);
    expect(started?.webgl).toEqual({ preserveDrawingBuffer: false, powerPreference: 'high-performance' });
  });

  it('passes the WebGL context attributes of the config (the shell screenshots the canvas)', async () => {
    let started: GameStartOptions | undefined;
    const config = { ...CONFIG, webglContextAttributes: { preserveDrawingBuffer: true, powerPreference: 'low-power' as const } };
    await makeCreateUnityInstance(deps(files().fetch, { createGame: (o) => ((started = o), fakeHandle()) }))(canvas(), config);
    expect(started?.webgl).toEqual({ preserveDrawingBuffer: true, powerPreference: 'low-power' });
  });

  it("uses the window's pixel ratio when the config gives none", async () => {
    let ratio = 0;
    const { devicePixelRatio: _ignored, ...config } = CONFIG;
    await makeCreateUnityInstance(deps(files().fetch, { createGame: (o) => ((ratio = o.devicePixelRatio), fakeHandle()) }))(canvas(), config);
    expect(ratio).toBe(2);
  });

  it('resolves with a UnityInstance that drives the game', async () => {
    const handle = fakeHandle();
    const c = canvas();
    const instance = await makeCreateUnityInstance(deps(files().fetch, { createGame: () => handle }))(c, CONFIG);
    instance.SendMessage('WebBridge', 'OnSettingChanged', '{"name":"fov","value":100}');
    instance.SetFullscreen(1);
    instance.SetFullscreen(0);
    instance.Module?.requestPointerLock?.();
    await expect(instance.Quit()).resolves.toBeUndefined();
    expect(instance.Module?.canvas).toBe(c);
    expect(handle.calls).toEqual([
      ['sendMessage', 'WebBridge', 'OnSettingChanged', '{"name":"fov","value":100}'],
      ['setFullscreen', true],
      ['setFullscreen', false],
      ['requestPointerLock'],
      ['quit'],
    ]);
  });
});

describe('createUnityInstance: failures reject with a clear Error', () => {
  it('on an HTTP error, naming the file and the status, and aborts the other downloads', async () => {
    const { fetch, signals } = files({ [CONFIG.dataUrl]: async () => new Response('nope', { status: 404, statusText: 'Not Found' }) });
    const showBanner = vi.fn();
    await expect(makeCreateUnityInstance(deps(fetch))(canvas(), { ...CONFIG, showBanner })).rejects.toThrow(
      'Could not load the game data file (/game/build/game.data): HTTP 404 Not Found',
    );
    expect(showBanner).toHaveBeenCalledWith('Could not load the game data file (/game/build/game.data): HTTP 404 Not Found', 'error');
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it('on a network error', async () => {
    const { fetch } = files({ [CONFIG.frameworkUrl]: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(makeCreateUnityInstance(deps(fetch))(canvas(), CONFIG)).rejects.toThrow(
      'Could not load the game framework (/game/build/framework.js): network error (Failed to fetch)',
    );
  });

  it('when the connection drops mid-file', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes(10));
        controller.error(new Error('connection reset'));
      },
    });
    const { fetch } = files({ [CONFIG.codeUrl]: async () => new Response(broken, { headers: { 'content-length': '100' } }) });
    await expect(makeCreateUnityInstance(deps(fetch))(canvas(), CONFIG)).rejects.toThrow('Could not load the game code (/game/build/code.wasm): download interrupted (connection reset)');
  });

  it('when code.wasm is not WebAssembly', async () => {
    const { fetch } = files({ [CONFIG.codeUrl]: async () => streamed(bytes(16, 7), 1) });
    await expect(makeCreateUnityInstance(deps(fetch))(canvas(), CONFIG)).rejects.toThrow(/The game code \(\/game\/build\/code\.wasm\) is not a valid WebAssembly module/);
  });

  it('when the framework does not register itself', async () => {
    const unregistered = { ...deps(files().fetch), runFramework: async () => undefined };
    await expect(makeCreateUnityInstance(unregistered)(canvas(), CONFIG)).rejects.toThrow('The game framework (/game/build/framework.js) did not start');
  });

  it('when the game cannot start (bad data, no WebGL)', async () => {
    const framework: GameFramework = {
      createGame: () => {
        throw new Error('The game data file is not a demo game data file');
      },
    };
    await expect(makeCreateUnityInstance(deps(files().fetch, framework))(canvas(), CONFIG)).rejects.toThrow('The game data file is not a demo game data file');
  });

  it('without a canvas', async () => {
    const create = makeCreateUnityInstance(deps(files().fetch));
    await expect(create(null as unknown as HTMLCanvasElement, CONFIG)).rejects.toThrow('createUnityInstance needs a <canvas> element');
  });
});

describe('download', () => {
  it('reports each chunk with the announced total and returns every byte', async () => {
    const seen: Array<[number, number | null]> = [];
    const body = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
    const result = await download(async () => streamed(body, 4), '/x', 'data file', (loaded, total) => seen.push([loaded, total]));
    expect(new Uint8Array(result)).toEqual(body);
    expect(seen).toEqual([[0, 1000], [250, 1000], [500, 1000], [750, 1000], [1000, 1000]]);
  });

  it('handles a response without a stream', async () => {
    const response = { ok: true, status: 200, statusText: 'OK', headers: new Headers(), body: null, arrayBuffer: async () => bytes(5).buffer } as unknown as Response;
    const seen: number[] = [];
    const result = await download(async () => response, '/x', 'data file', (loaded) => seen.push(loaded));
    expect(result.byteLength).toBe(5);
    expect(seen).toEqual([0, 5]);
  });
});

describe('combinedProgress', () => {
  it('stays at 0 until every file has answered', () => {
    expect(combinedProgress([{ loaded: 50, total: 100, done: false }, { loaded: 0, total: undefined, done: false }])).toBe(0);
  });

  it('weighs by bytes when every size is known', () => {
    expect(combinedProgress([{ loaded: 50, total: 100, done: false }, { loaded: 300, total: 300, done: true }])).toBe(350 / 400);
  });

  it('caps a file at its announced size (compressed Content-Length, decompressed stream)', () => {
    expect(combinedProgress([{ loaded: 500, total: 100, done: false }, { loaded: 0, total: 100, done: false }])).toBe(0.5);
  });

  it('counts files equally when a size is unknown', () => {
    expect(combinedProgress([{ loaded: 50, total: 100, done: false }, { loaded: 999, total: null, done: false }])).toBe(0.25);
    expect(combinedProgress([{ loaded: 50, total: 100, done: false }, { loaded: 999, total: null, done: true }])).toBe(0.75);
  });

  it('is 1 for nothing to load', () => {
    expect(combinedProgress([])).toBe(1);
  });

  it('the tracker only ever reports increases', () => {
    const reported: number[] = [];
    const tracker = createProgressTracker(2, (p) => reported.push(p));
    tracker.update(0, 0, 100);
    tracker.update(1, 0, null);
    tracker.update(0, 100, 100);
    tracker.complete(0); // counted-equally mode: 0.5
    tracker.update(1, 10, null);
    tracker.complete(1);
    tracker.update(5, 1, 1); // unknown index: ignored
    expect(reported).toEqual([0, 0.5, 1]);
  });
});
