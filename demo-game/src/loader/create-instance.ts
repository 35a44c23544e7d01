// createUnityInstance for the demo build: downloads data, framework and code in parallel with
// real progress, runs the framework, instantiates the WebAssembly module and starts the game.
// The browser-specific pieces (running a script, WebAssembly) are injected so that the whole
// flow can be tested with a mocked fetch.
import type { CreateUnityInstance, UnityConfig, UnityInstance } from '../../../contract/game';
import { isGameWasmExports, type GameFramework, type GameWasmExports } from '../framework-api';
import { download, type FetchLike } from './download';
import { createProgressTracker } from './progress';

export interface LoaderDeps {
  fetch: FetchLike;
  /** Runs framework.js (whose bytes were downloaded) and returns what it registered. */
  runFramework(source: ArrayBuffer, url: string): Promise<GameFramework | undefined>;
  instantiateWasm(bytes: ArrayBuffer): Promise<unknown>;
  defaultPixelRatio(): number;
}

async function wasmExports(deps: LoaderDeps, bytes: ArrayBuffer, url: string): Promise<GameWasmExports> {
  let exports: unknown;
  try {
    exports = await deps.instantiateWasm(bytes);
  } catch (error) {
    throw new Error(`The game code (${url}) is not a valid WebAssembly module: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!isGameWasmExports(exports)) throw new Error(`The game code (${url}) does not export clamp()`);
  return exports;
}

function toInstance(canvas: HTMLCanvasElement, game: ReturnType<GameFramework['createGame']>): UnityInstance {
  return {
    SendMessage: (gameObject, method, value) => game.sendMessage(gameObject, method, value),
    SetFullscreen: (fullscreen) => game.setFullscreen(fullscreen === 1),
    Quit: async () => {
      game.quit();
    },
    Module: { canvas, requestPointerLock: () => game.requestPointerLock() },
  };
}

export function makeCreateUnityInstance(deps: LoaderDeps): CreateUnityInstance {
  return async (canvas: HTMLCanvasElement, config: UnityConfig, onProgress?: (progress: number) => void) => {
    const fail = (error: unknown): never => {
      const err = error instanceof Error ? error : new Error(String(error));
      config.showBanner?.(err.message, 'error');
      throw err;
    };
    if (!canvas || typeof canvas.getContext !== 'function') return fail(new Error('createUnityInstance needs a <canvas> element'));

    const tracker = createProgressTracker(3, (p) => onProgress?.(p));
    // One failed file makes the others pointless: abort them instead of finishing the downloads.
    const abort = new AbortController();
    const get = (index: number, url: string, label: string) =>
      download(deps.fetch, url, label, (loaded, total) => tracker.update(index, loaded, total), abort.signal).then((bytes) => {
        tracker.complete(index);
        return bytes;
      });

    let files: [ArrayBuffer, ArrayBuffer, ArrayBuffer];
    try {
      files = await Promise.all([
        get(0, config.dataUrl, 'data file'),
        get(1, config.frameworkUrl, 'framework'),
        get(2, config.codeUrl, 'code'),
      ]);
    } catch (error) {
      abort.abort();
      return fail(error);
    }
    const [data, framework, code] = files;

    try {
      const wasm = await wasmExports(deps, code, config.codeUrl);
      const registered = await deps.runFramework(framework, config.frameworkUrl);
      if (!registered) throw new Error(`The game framework (${config.frameworkUrl}) did not start`);
      const game = registered.createGame({
        canvas,
        data,
        wasm,
        devicePixelRatio: config.devicePixelRatio ?? deps.defaultPixelRatio(),
        webgl: {
          preserveDrawingBuffer: config.webglContextAttributes?.preserveDrawingBuffer ?? false,
          powerPreference: config.webglContextAttributes?.powerPreference ?? 'high-performance',
        },
      });
      return toInstance(canvas, game);
    } catch (error) {
      return fail(error);
    }
  };
}
