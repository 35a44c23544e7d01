// The loading screen's first frame paints flat (its colours and layout) and its effects come a
// frame later: index.html's screen carries none of the picture, gradients, blurs or glows until
// start-up has seen the first paint, and from then on it looks as it always did. Nothing of the
// game competes with that first paint: only the session check goes out before it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_BUILD_FILES, GAME_HOOKS } from '../../contract/gameConstants';
import { startPage } from '../../src/app/startup';
import { EFFECTS_ATTRIBUTE } from '../../src/features/loading/effects';
import { firstFrameMarkup } from '../../src/features/loading/firstFrame';

// What follows the game (src/app/shellStart.ts: the host, the language, React) is not this file's,
// and unit files share one window per worker: a shell started here mounted React 3 s later into
// the next file's page, where its toasts took that file's toast ids and its portal sat in its
// body. Here the shell's steps do nothing.
vi.mock('../../src/app/shellStart', () => ({
  bootShell: () => ({}),
  startLanguage: () => Promise.resolve(),
  prepareSignIn: () => undefined,
  showShell: () => undefined,
}));

const CSS = readFileSync(join(process.cwd(), 'src/features/loading/loadingScreen.css'), 'utf8');
/** What a software rasterizer spends a first paint on. */
const EFFECT = /url\(|gradient\(|blur\(|shadow\s*:/;
const FLAT = '[data-first-frame]:not([data-effects]) > .ls-root ';

/** The stylesheet's rules as [selectors, declarations], comments left out. */
function rules(css: string): Array<[string[], string]> {
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...bare.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => [(m[1] ?? '').split(',').map((s) => s.trim()), m[2] ?? '']);
}

afterEach(() => { vi.restoreAllMocks(); vi.unstubAllGlobals(); document.body.innerHTML = ''; });

/**
 * index.html's loading screen in a visible tab whose first frame is held and whose clock stands
 * still before it: only that frame may start what waits for the first paint, not start-up's
 * fallback for a tab that draws none (on a busy machine a real wait of a few milliseconds can
 * outlast that fallback, which stays pending on the stopped clock).
 */
function pageWithHeldFrame() {
  const root = document.body.appendChild(document.createElement('div'));
  root.id = 'root';
  root.innerHTML = firstFrameMarkup();
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => { frames.push(cb); return frames.length; });
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  return {
    root,
    async beforeFirstFrame(run: () => Promise<void>): Promise<void> {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      try { await run(); } finally { vi.useRealTimers(); }
    },
    drawFirstFrame(): void { for (const frame of frames.splice(0)) frame(0); },
  };
}

describe("the loading screen's first frame", () => {
  it('has a flat rule for every effect an element of the first frame carries', () => {
    const markup = firstFrameMarkup();
    const all = rules(CSS);
    const flat = new Map(all.flatMap(([selectors, body]) => selectors.filter((s) => s.startsWith(FLAT)).map((s) => [s.slice(FLAT.length), body] as const)));
    const missing: string[] = [];
    for (const [selectors, body] of all) {
      for (const selector of selectors) {
        // The screen's own parts (a class the first frame's markup has), not the error screen's.
        const name = /^\.(ls-[\w-]+)$/.exec(selector)?.[1];
        if (!name || name === 'ls-root' || !markup.includes(name)) continue;
        for (const declaration of body.split(';').map((d) => d.trim()).filter((d) => EFFECT.test(d))) {
          const property = declaration.split(':')[0]?.trim() ?? '';
          const override = flat.get(selector) ?? '';
          const overridden = property.startsWith('background') ? /background(-image)?\s*:/.test(override) : override.includes(`${property}:`);
          if (!overridden) missing.push(`${selector} { ${declaration} }`);
        }
      }
    }
    expect(flat.size).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('gets its effects from start-up only after the first paint', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const page = pageWithHeldFrame();
    page.root.setAttribute('data-first-frame', '');
    await page.beforeFirstFrame(async () => {
      startPage(window, page.root);
      await vi.advanceTimersByTimeAsync(20);
      expect(page.root.hasAttribute(EFFECTS_ATTRIBUTE)).toBe(false);
    });
    page.drawFirstFrame();
    await vi.waitFor(() => { expect(page.root.hasAttribute(EFFECTS_ATTRIBUTE)).toBe(true); });
  });

  it('asks for the session before the first paint, and for the game only after it', async () => {
    // A page's first start: modules of its own (the session check and the loader are once a page).
    vi.resetModules();
    document.head.innerHTML = '';
    const { startPage: startFreshPage } = await import('../../src/app/startup');
    const fetched: string[] = [];
    vi.stubGlobal('fetch', vi.fn((url: string) => { fetched.push(String(url)); return new Promise(() => undefined); }));
    const page = pageWithHeldFrame();
    const gameAsked = () => [...document.querySelectorAll('script[src], link[rel="preload"]')]
      .map((e) => e.getAttribute('src') ?? e.getAttribute('href'))
      .filter((url) => url?.startsWith('/game/'));
    await page.beforeFirstFrame(async () => {
      startFreshPage(window, page.root);
      await vi.advanceTimersByTimeAsync(20);
      expect(fetched).toEqual(['/api/whoami']);
      expect(gameAsked()).toEqual([]);
      expect(document.getElementById('unity-canvas')).toBeNull();
    });
    page.drawFirstFrame();
    // The own site's game waits for no host: its loader, then its code beside it.
    await vi.waitFor(() => {
      expect(gameAsked()).toEqual([GAME_BUILD_FILES.loaderUrl, GAME_BUILD_FILES.frameworkUrl, GAME_BUILD_FILES.codeUrl]);
    });
    expect(document.getElementById('unity-canvas')).not.toBeNull();
  });

  it('asks for the game at once where the page painted while the entry was on its way', async () => {
    // The parsed page often paints before the entry module has come: one more frame would be a
    // wait for nothing. The effects may come at once too, the flat frame being on screen.
    vi.resetModules();
    document.head.innerHTML = '';
    const { startPage: startFreshPage } = await import('../../src/app/startup');
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const page = pageWithHeldFrame();
    page.root.setAttribute('data-first-frame', '');
    const painted = [{ name: 'first-paint', entryType: 'paint', startTime: 40, duration: 0 }] as unknown as PerformanceEntryList;
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) => (type === 'paint' ? painted : []));
    await page.beforeFirstFrame(async () => {
      startFreshPage(window, page.root);
      await vi.advanceTimersByTimeAsync(0);
      expect(document.getElementById('unity-canvas')).not.toBeNull();
      expect(document.querySelector(`script[src="${GAME_BUILD_FILES.loaderUrl}"]`)).not.toBeNull();
      expect(page.root.hasAttribute(EFFECTS_ATTRIBUTE)).toBe(true);
    });
  });

  it('asks for the game as soon as the browser reports its first paint, before the next frame', async () => {
    // Chrome reports a paint once the frame is on screen, in a task of its own: a page painted
    // while its entry was evaluated has no entry yet when the entry looks, and the next frame can
    // be 100 ms away on a busy machine. The report is the sooner sign.
    vi.resetModules();
    document.head.innerHTML = '';
    const { startPage: startFreshPage } = await import('../../src/app/startup');
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const observers: Array<{ report: (entries: PerformanceEntry[]) => void; observing: boolean }> = [];
    class ReportingObserver {
      static supportedEntryTypes = ['paint'];
      private readonly seen: { report: (entries: PerformanceEntry[]) => void; observing: boolean };
      constructor(callback: PerformanceObserverCallback) {
        this.seen = { observing: false, report: (entries) => { if (this.seen.observing) callback({ getEntries: () => entries } as unknown as PerformanceObserverEntryList, this as unknown as PerformanceObserver); } };
        observers.push(this.seen);
      }
      observe(options: PerformanceObserverInit) { if (options.type === 'paint') this.seen.observing = true; }
      disconnect() { this.seen.observing = false; }
    }
    vi.stubGlobal('PerformanceObserver', ReportingObserver);
    const page = pageWithHeldFrame();
    await page.beforeFirstFrame(async () => {
      startFreshPage(window, page.root);
      await vi.advanceTimersByTimeAsync(20);
      expect(document.querySelector(`script[src="${GAME_BUILD_FILES.loaderUrl}"]`)).toBeNull();
      for (const o of observers) o.report([{ name: 'first-paint', entryType: 'paint', startTime: 40, duration: 0 } as PerformanceEntry]);
      await vi.advanceTimersByTimeAsync(0);
      expect(document.querySelector(`script[src="${GAME_BUILD_FILES.loaderUrl}"]`)).not.toBeNull();
      expect(observers.every((o) => !o.observing)).toBe(true); // and it stops listening
      page.drawFirstFrame();
      await vi.advanceTimersByTimeAsync(0);
      expect(document.querySelectorAll('#unity-canvas')).toHaveLength(1); // the frame starts nothing twice
    });
  });

  it("has the game's window hooks and the message queue in before the first paint", async () => {
    // The load event can come before the first paint on a busy machine: what is said then is kept.
    vi.resetModules();
    document.head.innerHTML = '';
    const hooks = window as unknown as Record<string, unknown>;
    delete hooks[GAME_HOOKS.showSettings];
    const { startPage: startFreshPage } = await import('../../src/app/startup');
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const page = pageWithHeldFrame();
    await page.beforeFirstFrame(async () => {
      startFreshPage(window, page.root);
      await vi.advanceTimersByTimeAsync(20);
      expect(document.getElementById('unity-canvas')).toBeNull();
      const showSettings = hooks[GAME_HOOKS.showSettings];
      expect(typeof showSettings).toBe('function');
      // Queued for the shell, neither answered nor refused while it loads.
      let settled = false;
      void (showSettings as () => Promise<unknown>)().then(() => { settled = true; }, () => { settled = true; });
      await vi.advanceTimersByTimeAsync(20);
      expect(settled).toBe(false);
    });
    page.drawFirstFrame();
    await vi.waitFor(() => { expect(document.getElementById('unity-canvas')).not.toBeNull(); });
  });
});
