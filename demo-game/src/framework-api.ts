// What passes between loader.js and framework.js. A Unity build does the same split: the loader
// downloads the files, the framework script registers itself on a global and the loader starts
// it with the downloaded data and the instantiated WebAssembly module.

/** The global framework.js registers itself under when it runs. */
export const FRAMEWORK_GLOBAL = '__demoGameFramework';

/** Exports of code.wasm (see demo-game/build/wasm.ts). */
export interface GameWasmExports {
  /** min(max(x, lo), hi). Used to keep the player in the arena and the view pitch in range. */
  clamp(x: number, lo: number, hi: number): number;
}

export interface GameStartOptions {
  canvas: HTMLCanvasElement;
  /** The bytes of game.data (layout and textures). */
  data: ArrayBuffer;
  wasm: GameWasmExports;
  devicePixelRatio: number;
  /** From the config: preserveDrawingBuffer lets the shell screenshot the canvas. */
  webgl: { preserveDrawingBuffer: boolean; powerPreference: 'default' | 'high-performance' | 'low-power' };
}

/** A running game, as the loader wraps it into a UnityInstance. */
export interface GameHandle {
  sendMessage(gameObject: string, method: string, value?: string | number): void;
  setFullscreen(fullscreen: boolean): void;
  requestPointerLock(): void;
  quit(): void;
}

export interface GameFramework {
  /** Throws if the data file is not one this framework understands. */
  createGame(options: GameStartOptions): GameHandle;
}

export function isGameWasmExports(value: unknown): value is GameWasmExports {
  return typeof value === 'object' && value !== null && typeof (value as { clamp?: unknown }).clamp === 'function';
}
