// Our loader wrapper over createUnityInstance: the surface of react-unity-webgl (progress, loaded,
// initialisation error, sendMessage, fullscreen, pointer lock, screenshot, quit, events) as a
// plain object outside React, so the game never re-renders the shell. The canvas is created
// here, not by React: on unmount it is parked in the document until Quit() has finished, so
// the build never loses its canvas mid-quit.
import type { GameLoaderConfig } from '../../contract/activity';
import { GAME_INSTANCE_GLOBAL, type CreateUnityInstance, type UnityConfig, type UnityInstance } from '../../contract/gameConstants';
import { GAME_OPTION_DEFAULTS, gamePixelRatio } from './gameConfig';
import { createGameEvents, type GameEventListener } from './events';
import { loadLoaderScript } from './loaderScript';
import { GAME_WARNINGS } from './warnings';

export type GameStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface GameState {
  readonly status: GameStatus;
  /** The loader's own progress, 0 to 1. */
  readonly progress: number;
  readonly error: string | null;
}

export interface GameBuildFiles {
  loaderUrl: string;
  dataUrl: string;
  frameworkUrl: string;
  codeUrl: string;
}

export interface GameControllerOptions {
  files: GameBuildFiles;
  loadLoader?: (url: string) => Promise<CreateUnityInstance>;
  win?: Window;
  log?: Pick<Console, 'warn' | 'error' | 'info'>;
  /** Awaited before createUnityInstance starts the download (the portal's SDK hears loadingStart first). */
  beforeStart?: () => Promise<void>;
  /** createUnityInstance's options from activity.config.json (game.loader); the schema's defaults otherwise. */
  loader?: GameLoaderConfig;
}

export interface GameController {
  getState(): GameState;
  subscribe(listener: () => void): () => void;
  /** Starts downloading the loader script now (before any canvas exists). */
  preload(): void;
  /** Puts a canvas in `host` and starts the game in it; returns the unmount function. */
  mount(host: HTMLElement): () => void;
  /** After an error: a fresh canvas and a fresh attempt in the same host. */
  retry(): void;
  sendMessage(gameObject: string, method: string, value?: string | number): void;
  requestFullscreen(enabled: boolean): void;
  requestPointerLock(): void;
  takeScreenshot(type?: string, quality?: number): string | null;
  unload(): Promise<void>;
  addEventListener(name: string, listener: GameEventListener): void;
  removeEventListener(name: string, listener: GameEventListener): void;
  focusCanvas(): void;
  /** While an overlay is open the canvas ignores pointer input. */
  setPointerInput(enabled: boolean): void;
}

interface Session {
  host: HTMLElement;
  canvas: HTMLCanvasElement;
  instance: UnityInstance | null;
  /** createUnityInstance has been called and has not settled yet. */
  creating: boolean;
  cancelled: boolean;
}

export function createGameController(options: GameControllerOptions): GameController {
  const win = options.win ?? window;
  const doc = win.document;
  const log = options.log ?? console;
  const loadLoader = options.loadLoader ?? ((url: string) => loadLoaderScript(url, doc));
  const globals = win as unknown as Record<string, unknown>;
  const events = createGameEvents(win, log);
  const listeners = new Set<() => void>();
  let state: GameState = { status: 'idle', progress: 0, error: null };
  let session: Session | null = null;
  let pointerInput = true;
  const loader = options.loader ?? GAME_OPTION_DEFAULTS.loader;

  const setState = (next: Partial<GameState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };

  const applyPointerInput = (canvas: HTMLCanvasElement) => {
    canvas.style.pointerEvents = pointerInput ? '' : 'none';
    canvas.dataset.input = pointerInput ? 'enabled' : 'blocked';
  };

  const parking = (): HTMLElement => {
    let park = doc.getElementById('game-canvas-parking');
    if (!park) {
      park = doc.createElement('div');
      park.id = 'game-canvas-parking';
      park.setAttribute('aria-hidden', 'true');
      park.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;overflow:hidden;opacity:0;pointer-events:none';
      doc.body.appendChild(park);
    }
    return park;
  };

  const quitInstance = async (instance: UnityInstance, canvas: HTMLCanvasElement) => {
    if (globals[GAME_INSTANCE_GLOBAL] === instance) delete globals[GAME_INSTANCE_GLOBAL];
    try { await instance.Quit(); } catch (error) { log.warn('The game did not quit cleanly', error); }
    canvas.remove();
  };

  const config = (): UnityConfig => ({
    dataUrl: options.files.dataUrl,
    frameworkUrl: options.files.frameworkUrl,
    codeUrl: options.files.codeUrl,
    streamingAssetsUrl: loader.streamingAssetsUrl,
    companyName: loader.companyName,
    productName: loader.productName,
    productVersion: loader.productVersion,
    // Read when the game starts: the window may have moved to another screen since the page loaded.
    devicePixelRatio: gamePixelRatio(loader, win.devicePixelRatio),
    webglContextAttributes: { preserveDrawingBuffer: true },
    showBanner: (message, type) => (type === 'error' ? log.error(message) : log.warn(message)),
  });

  const start = async (s: Session) => {
    try {
      const create = await loadLoader(options.files.loaderUrl);
      if (options.beforeStart) await options.beforeStart();
      if (s.cancelled) { s.canvas.remove(); return; }
      s.creating = true;
      const instance = await create(s.canvas, config(), (progress) => {
        if (!s.cancelled && Number.isFinite(progress)) setState({ progress: Math.min(Math.max(progress, 0), 1) });
      });
      s.creating = false;
      if (s.cancelled) { await quitInstance(instance, s.canvas); return; }
      s.instance = instance;
      globals[GAME_INSTANCE_GLOBAL] = instance;
      s.canvas.style.outline = 'none';
      s.canvas.focus({ preventScroll: true });
      setState({ status: 'loaded', progress: 1, error: null });
    } catch (error) {
      s.creating = false;
      if (s.cancelled) { s.canvas.remove(); return; }
      log.error('The game failed to load:', error);
      setState({ status: 'error', error: error instanceof Error ? error.message : String(error) });
    }
  };

  const unmountSession = (s: Session) => {
    if (s.cancelled) return;
    s.cancelled = true;
    if (session === s) { session = null; setState({ status: 'idle', progress: 0, error: null }); }
    if (s.instance) {
      const instance = s.instance;
      s.instance = null;
      parking().appendChild(s.canvas);
      void quitInstance(instance, s.canvas);
    } else if (s.creating) {
      // createUnityInstance still holds the canvas: keep it in the document until it settles.
      parking().appendChild(s.canvas);
    } else {
      s.canvas.remove();
    }
  };

  const mount = (host: HTMLElement): (() => void) => {
    if (session) unmountSession(session);
    const canvas = doc.createElement('canvas');
    canvas.id = 'unity-canvas';
    canvas.className = 'game-canvas';
    canvas.tabIndex = 0;
    canvas.setAttribute('aria-label', 'Game');
    applyPointerInput(canvas);
    host.appendChild(canvas);
    const s: Session = { host, canvas, instance: null, creating: false, cancelled: false };
    session = s;
    setState({ status: 'loading', progress: 0, error: null });
    void start(s);
    // After a retry the host holds a newer session than `s`: unmounting the host ends that one.
    return () => {
      const active = session?.host === host ? session : s;
      unmountSession(active);
    };
  };

  const current = () => session?.instance ?? null;

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    preload() {
      loadLoader(options.files.loaderUrl).catch(() => undefined); // reported when a canvas mounts
    },
    mount,
    retry() {
      const host = session?.host;
      if (host && state.status === 'error') mount(host);
    },
    sendMessage(gameObject, method, value) {
      const instance = current();
      if (!instance) { log.warn(GAME_WARNINGS.sendMessage); return; }
      if (value === undefined) instance.SendMessage(gameObject, method);
      else instance.SendMessage(gameObject, method, value);
    },
    requestFullscreen(enabled) {
      const instance = current();
      if (!instance) { log.warn(GAME_WARNINGS.fullscreen); return; }
      instance.SetFullscreen(enabled ? 1 : 0);
    },
    requestPointerLock() {
      const instance = current();
      if (!instance || !session) { log.warn(GAME_WARNINGS.pointerLock); return; }
      if (instance.Module?.requestPointerLock) instance.Module.requestPointerLock();
      else void session.canvas.requestPointerLock();
    },
    takeScreenshot(type = 'image/jpeg', quality) {
      if (!current() || !session) { log.warn(GAME_WARNINGS.screenshot); return null; }
      return session.canvas.toDataURL(type, quality);
    },
    async unload() {
      const s = session;
      const instance = s?.instance;
      if (!s || !instance) { log.warn(GAME_WARNINGS.quit); return; }
      s.instance = null;
      if (globals[GAME_INSTANCE_GLOBAL] === instance) delete globals[GAME_INSTANCE_GLOBAL];
      await instance.Quit();
      setState({ status: 'idle', progress: 0 });
    },
    addEventListener: (name, listener) => events.add(name, listener),
    removeEventListener: (name, listener) => events.remove(name, listener),
    focusCanvas() {
      session?.canvas.focus({ preventScroll: true });
    },
    setPointerInput(enabled) {
      pointerInput = enabled;
      if (!session) return;
      applyPointerInput(session.canvas);
      if (!enabled && doc.pointerLockElement === session.canvas) doc.exitPointerLock();
    },
  };
}
