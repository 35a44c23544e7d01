// Shell figures: bytes to the first screen and in total (gzip, computed here from dist/), time
// to first paint in Debian's Chromium, and click-to-settings-overlay once the overlay exists.
// Baselines from the same run: a minimal React page built by the same Vite, a blank HTML page
// served by the same kind of server, and a trivial DOM toggle in the same page.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';

export interface Bytes { raw: number; gzip: number }

const gz = (file: string): Bytes => { const data = readFileSync(file); return { raw: data.length, gzip: gzipSync(data).length }; };
const add = (a: Bytes, b: Bytes): Bytes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip });

/**
 * index.html plus the scripts and stylesheets it loads or preloads: what the first screen
 * downloads. Files of dist/ are read directly; a URL the server maps elsewhere (the game
 * build's loader, /game/build/loader.js) is fetched from `server` and listed in `served`.
 */
export async function firstScreenBytes(dist: string, server?: string): Promise<Bytes & { served: string[]; missing: string[] }> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)]
    .map((m) => m[1] ?? '')
    .filter((ref) => /\.(m?js|css)$/.test(ref) && !/^https?:/.test(ref));
  let sum = gz(join(dist, 'index.html'));
  const served: string[] = [];
  const missing: string[] = [];
  for (const ref of refs) {
    const file = join(dist, ref.replace(/^\//, ''));
    if (existsSync(file)) { sum = add(sum, gz(file)); continue; }
    const response = server ? await fetch(new URL(ref, server)).catch(() => null) : null;
    if (!response?.ok) { missing.push(ref); continue; }
    const data = Buffer.from(await response.arrayBuffer());
    sum = add(sum, { raw: data.length, gzip: gzipSync(data).length });
    served.push(ref);
  }
  return { ...sum, served, missing };
}

/**
 * The whole shell: index.html and every file reachable from it (entry chunks, lazy chunks,
 * CSS, images named in the code), source maps aside. Stale files of earlier builds left in
 * dist/assets, and the separately built game, are not part of it.
 */
export function totalBytes(dist: string): Bytes {
  const assets = existsSync(join(dist, 'assets')) ? readdirSync(join(dist, 'assets')).filter((f) => !f.endsWith('.map')) : [];
  const reached = new Set<string>(['index.html']);
  const queue = ['index.html'];
  while (queue.length) {
    const text = readFileSync(join(dist, queue.pop() as string), 'utf8');
    for (const name of assets) {
      const path = `assets/${name}`;
      if (!reached.has(path) && text.includes(name)) { reached.add(path); queue.push(path); }
    }
  }
  let sum: Bytes = { raw: 0, gzip: 0 };
  for (const path of reached) if (statSync(join(dist, path)).isFile()) sum = add(sum, gz(join(dist, path)));
  return sum;
}

/** A minimal React page built with the project's Vite: the floor any React shell starts from. */
export async function baselineReactBytes(root: string): Promise<Bytes> {
  const dir = join(root, 'node_modules', '.cache', 'bench-baseline');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>');
  writeFileSync(join(dir, 'main.js'), "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));\n");
  const { build } = await import('vite');
  await build({ root: dir, configFile: false, logLevel: 'silent', build: { outDir: join(dir, 'dist'), emptyOutDir: true } });
  return firstScreenBytes(join(dir, 'dist'));
}

export async function launchChromium(executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', waitMs = 120_000): Promise<Browser> {
  const started = Date.now();
  for (;;) {
    try {
      if (!existsSync(executablePath)) throw new Error(`${executablePath} is missing`);
      return await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
    } catch (error) {
      // apt may still be installing it in the background: wait and retry, within bounds.
      if (Date.now() - started > waitMs) throw error;
      await new Promise((r) => setTimeout(r, 5_000));
    }
  }
}

/**
 * Our measuring code goes into the page as source text (see openToRendered), which the shell's
 * CSP (no 'unsafe-eval', rightly) would refuse: the measuring browser bypasses the CSP.
 */
const MEASURING_CONTEXT = { viewport: { width: 1280, height: 800 }, bypassCSP: true };

/** First-contentful-paint of `url` in a fresh context, in ms. */
async function onePaint(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext(MEASURING_CONTEXT);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const fcp = await page.waitForFunction("performance.getEntriesByName('first-contentful-paint')[0]?.startTime", undefined, { timeout: 15_000 });
    return Number(await fcp.jsonValue());
  } finally {
    await context.close();
  }
}

/**
 * Median first-contentful-paint of `url` and of `baselineUrl`, in ms, over `runs` fresh contexts
 * each, taken in turns (baseline, page, baseline, ...) so both see the same moments of a shared
 * machine. A paint lands on a frame (~16 ms apart), so a few samples move the median by a frame.
 */
export async function firstPaint(browser: Browser, url: string, baselineUrl: string, runs = 9): Promise<{ paintMs: number; paintBaselineMs: number }> {
  const page: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < runs; i++) {
    baseline.push(await onePaint(browser, baselineUrl));
    page.push(await onePaint(browser, url));
  }
  return { paintMs: median(page), paintBaselineMs: median(baseline) };
}

const OPEN_SETTINGS = '[data-testid="open-settings"]';
const OVERLAY = '[data-testid="settings-overlay"], [role="dialog"]';

/**
 * From the opening action to the first frame where `target` is rendered, measured in the page
 * (ms). The action is a click on `trigger`, or with no trigger the game's window.showSettings()
 * hook (spec: how the game opens the settings overlay).
 */
async function openToRendered(page: Page, trigger: string | null, target: string): Promise<number> {
  // Sent as source text: tsx would wrap named inner functions in a helper the page lacks.
  return page.evaluate(`new Promise((resolve, reject) => {
    const triggerSel = ${JSON.stringify(trigger)};
    const targetSel = ${JSON.stringify(target)};
    const start = performance.now();
    const check = () => {
      const el = document.querySelector(targetSel);
      if (el && el.getClientRects().length > 0) requestAnimationFrame(() => resolve(performance.now() - start));
      else if (performance.now() - start > 30000) reject(new Error(targetSel + ' never rendered'));
      else requestAnimationFrame(check);
    };
    if (triggerSel) document.querySelector(triggerSel)?.click();
    else window.showSettings?.();
    requestAnimationFrame(check);
  })`);
}

/** A button that adds a div when clicked: the cheapest possible "open something" in this page. */
const BASELINE_TOGGLE = `(() => {
  document.getElementById('bench-toggle')?.remove();
  document.getElementById('bench-panel')?.remove();
  const b = document.createElement('button');
  b.id = 'bench-toggle';
  b.onclick = () => { const d = document.createElement('div'); d.id = 'bench-panel'; d.textContent = 'panel'; document.body.append(d); };
  document.body.append(b);
})()`;

export interface OverlayTiming { built: boolean; via?: string; ms?: number; baselineMs?: number }

/**
 * Open-to-rendered settings overlay, through its on-page control when there is one, else the
 * window.showSettings() hook; "not built yet" when the shell has neither. The baseline is a bare
 * DOM toggle in the same page.
 */
export async function settingsOverlay(browser: Browser, url: string, runs = 5): Promise<OverlayTiming> {
  const context = await browser.newContext(MEASURING_CONTEXT);
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    const hasHook = await page.waitForFunction("typeof window.showSettings === 'function'", undefined, { timeout: 60_000 }).then(() => true, () => false);
    const hasControl = await page.locator(OPEN_SETTINGS).count() > 0;
    if (!hasControl && !hasHook) return { built: false };
    // Overlays open over the running game: wait until the loading screen has gone.
    await page.locator('[data-testid="loading-screen"]').waitFor({ state: 'detached', timeout: 90_000 });
    const samples: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < runs; i++) {
      samples.push(await openToRendered(page, hasControl ? OPEN_SETTINGS : null, OVERLAY));
      await page.keyboard.press('Escape');
      await page.locator(OVERLAY).first().waitFor({ state: 'hidden', timeout: 5_000 });
      await page.evaluate(BASELINE_TOGGLE);
      baseline.push(await openToRendered(page, '#bench-toggle', '#bench-panel'));
    }
    return { built: true, via: hasControl ? OPEN_SETTINGS : 'window.showSettings()', ms: median(samples), baselineMs: median(baseline) };
  } finally {
    await context.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
