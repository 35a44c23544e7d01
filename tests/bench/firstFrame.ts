// Time to the game's first drawn frame: the same build loaded through the shell
// and through a bare page that only calls createUnityInstance on a canvas, in one run, in the
// same browser, against the same product server, alternating the two pages.
//
// "First drawn frame", the same for both pages and for any build (a real Unity build never calls
// our hooks): from navigation start to the first animation frame in which the game's canvas
// (#unity-canvas) shows a picture, i.e. its pixels, scaled down to 32×20, are not all one colour
// (a cleared canvas is not a frame of the game). Both pages give createUnityInstance the same
// config as the shell does, preserveDrawingBuffer included, so the canvas can be read in any frame.
// The measuring code is the same init script in both pages.
//
// Builds: the demo game (always), the Unity-sized stand-in of signIn.ts (BENCH_FRAME_STANDIN=1:
// 35 MB downloaded, then 2.2 s of start-up on the main thread, then a frame per animation frame)
// and a real Unity build where UNITY_BUILD_DIR is set. The page runs with the network limited and
// the CPU slowed as in the sign-in row (a player's machine, not loopback), BENCH_FRAME_MBPS and
// BENCH_FRAME_CPU to change them.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import activity from '../../activity.config.json';
import { GAME_BUILD_FILES } from '../../contract/gameConstants';
import { readGameOptions } from '../../src/game-link/gameConfig';
import { findUnityBuild } from '../../server/http/gameBuild';
import { median } from './shell';
import { makeUnityStandIn, startProduct, type Product } from './signIn';

export interface FirstFrameRow {
  build: string;
  runs: number;
  shellMs: number;
  bareMs: number;
  ratio: number;
  /** Median time from navigation to createUnityInstance's promise resolving (the instance is ready). */
  shellReadyMs: number;
  bareReadyMs: number;
  readyRatio: number;
  /** Median time from navigation to the request of the game's data file (the download's start). */
  shellDataStartMs: number;
  bareDataStartMs: number;
  all: Array<{ shell: number; bare: number; shellDataStart: number; bareDataStart: number; shellReady: number; bareReady: number }>;
  /** Why there is no figure (no build given): the row says so instead of numbers. */
  notMeasured?: string;
}

export const BARE_PAGE = 'bench-bare.html';
const VIEWPORT = { width: 1280, height: 800 };

/** The bare page: a canvas, the build's loader, and createUnityInstance with the shell's own config. */
export function barePage(): { html: string; script: string } {
  const loader = readGameOptions(activity.game).loader;
  const config = {
    dataUrl: GAME_BUILD_FILES.dataUrl, frameworkUrl: GAME_BUILD_FILES.frameworkUrl, codeUrl: GAME_BUILD_FILES.codeUrl,
    streamingAssetsUrl: loader.streamingAssetsUrl, companyName: loader.companyName, productName: loader.productName, productVersion: loader.productVersion,
    webglContextAttributes: { preserveDrawingBuffer: true },
  };
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:#05070b}canvas{display:block;width:100%;height:100%}</style></head>
<body><canvas id="unity-canvas" tabindex="0"></canvas><script src="${GAME_BUILD_FILES.loaderUrl}"></script><script src="/bench-bare.js"></script></body></html>`,
    script: `// The bare page (tests/bench/firstFrame.ts): createUnityInstance on a canvas, nothing else.
var config = ${JSON.stringify(config)};
config.devicePixelRatio = ${JSON.stringify(loader.devicePixelRatio)};
${loader.capPixelRatioAtScreen ? '// capped at the screen\'s, as the shell\'s gamePixelRatio does\nconfig.devicePixelRatio = Math.min(config.devicePixelRatio, window.devicePixelRatio || 1);' : ''}
createUnityInstance(document.getElementById('unity-canvas'), config, function () {}).then(function (instance) { window.benchInstance = instance; });
`,
  };
}

/** Resolves window.benchFirstFrame with performance.now() at the game canvas's first non-uniform frame. */
const FIRST_FRAME_PROBE = `(() => {
  let resolveFrame;
  window.benchFirstFrame = new Promise((r) => { resolveFrame = r; });
  const probe = document.createElement('canvas');
  probe.width = 32; probe.height = 20;
  let ctx = null;
  const tick = () => {
    const game = document.getElementById('unity-canvas');
    if (game && game.width > 0 && game.height > 0) {
      ctx = ctx || probe.getContext('2d', { willReadFrequently: true });
      ctx.clearRect(0, 0, 32, 20);
      try { ctx.drawImage(game, 0, 0, 32, 20); } catch (e) { /* not drawable yet */ }
      const d = ctx.getImageData(0, 0, 32, 20).data;
      for (let i = 4; i < d.length; i += 4) {
        if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) + Math.abs(d[i + 3] - d[3]) > 12) { resolveFrame(performance.now()); return; }
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/**
 * Resolves window.benchInstanceReady with performance.now() when createUnityInstance's promise
 * resolves, whoever calls it. The loader defines createUnityInstance as a global function; the
 * probe swaps in a wrapper as the loader's <script> fires its load event (after it ran, before any
 * later script of either page can call it), captured on the document so any loader script counts.
 */
export const INSTANCE_READY_PROBE = `(() => {
  let resolveReady;
  window.benchInstanceReady = new Promise((r) => { resolveReady = r; });
  const wrap = () => {
    const create = window.createUnityInstance;
    if (typeof create !== 'function' || create.benchWrapped) return;
    const wrapped = function () {
      const started = create.apply(this, arguments);
      Promise.resolve(started).then(() => { performance.mark('bench-instance-ready'); resolveReady(performance.now()); }, () => undefined);
      return started;
    };
    wrapped.benchWrapped = true;
    window.createUnityInstance = wrapped;
  };
  document.addEventListener('load', (event) => { if (event.target && event.target.tagName === 'SCRIPT') wrap(); }, true);
})()`;

interface Load { frame: number; dataStart: number; ready: number }

async function oneLoad(browser: Browser, url: string, limits: { downloadBytesPerSecond: number; cpuRate: number }, timeoutMs: number): Promise<Load> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  try {
    await context.addInitScript(FIRST_FRAME_PROBE);
    await context.addInitScript(INSTANCE_READY_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: limits.downloadBytesPerSecond, uploadThroughput: limits.downloadBytesPerSecond });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: limits.cpuRate });
    await page.goto(url);
    const frame = Number(await page.evaluate(`Promise.race([window.benchFirstFrame, new Promise((_, reject) => setTimeout(() => reject(new Error('no drawn frame of the game within ${timeoutMs} ms')), ${timeoutMs}))])`));
    const ready = Number(await page.evaluate(`Promise.race([window.benchInstanceReady, new Promise((_, reject) => setTimeout(() => reject(new Error('createUnityInstance never resolved within ${timeoutMs} ms')), ${timeoutMs}))])`));
    // When the game's data file was asked for: what went before the download, against what came after.
    const dataStart = Number(await page.evaluate(`(performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === ${JSON.stringify(GAME_BUILD_FILES.dataUrl)}) || { startTime: NaN }).startTime`));
    return { frame, dataStart, ready };
  } finally {
    await context.close();
  }
}

export interface FirstFrameOptions {
  runs: number; root: string; standIn?: boolean;
  /** Real Unity builds (each a folder holding Build/, or Build/ itself), one row each. */
  unityBuildDirs?: string[];
  /** Pairs per real build (at least 5: one slow load moves a median of 3 too far). */
  unityRuns?: number;
  /** false: the real builds only (no demo game row). */
  demo?: boolean;
  downloadMbps?: number; cpuRate?: number;
  /** Hook per pair, e.g. a Chromium trace of one load of each page (tests/bench/frameTrace.ts). */
  onPair?: (browser: Browser, urls: { shell: string; bare: string }, build: string) => Promise<void>;
}

/** The row the table prints when no real Unity build was given. */
export const NO_UNITY_BUILD = 'not measured: set UNITY_BUILD_DIR (or BENCH_UNITY_BUILDS=dir1,dir2) to a real Unity WebGL build, the folder holding Build/';

/** A copy of dist/ with the bare page beside the shell, for one product server to serve both. */
export function stageShellAndBarePage(root: string, prefix: string): string {
  const staticDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(root, 'dist'), staticDir, { recursive: true });
  const bare = barePage();
  writeFileSync(join(staticDir, BARE_PAGE), bare.html);
  writeFileSync(join(staticDir, 'bench-bare.js'), bare.script);
  return staticDir;
}

/** Debian's Chromium with a software GL, as both frame benches run it. */
export function launchFrameBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

export async function firstFrameBench(options: FirstFrameOptions): Promise<FirstFrameRow[]> {
  const limits = { downloadBytesPerSecond: ((options.downloadMbps ?? 40) * 1_000_000) / 8, cpuRate: options.cpuRate ?? 4 };
  // The shell as built, plus the bare page, served by the same product server from a copy of dist/.
  const staticDir = stageShellAndBarePage(options.root, 'bench-frame-');
  const standIn = options.standIn ? makeUnityStandIn() : null;
  const unityRuns = Math.max(5, options.unityRuns ?? 5);
  const builds: Array<{ build: string; env: Record<string, string>; runs: number }> = [
    ...(options.demo === false ? [] : [{ build: 'demo game', env: { DEMO_GAME_DIR: join(options.root, 'dist', 'game'), UNITY_BUILD_DIR: '' }, runs: options.runs }]),
    ...(standIn ? [{ build: 'Unity-sized stand-in (35 MB, 2.2 s start-up)', env: { UNITY_BUILD_DIR: standIn.dir }, runs: options.runs }] : []),
    ...(options.unityBuildDirs ?? []).map((dir) => ({ build: `real Unity build (${unityBuildLabel(dir)})`, env: { UNITY_BUILD_DIR: dir }, runs: unityRuns })),
  ];
  const notMeasured: FirstFrameRow[] = options.unityBuildDirs?.length ? [] : [unmeasured('real Unity build', NO_UNITY_BUILD)];
  let browser: Browser | undefined;
  let product: Product | undefined;
  try {
    browser = await launchFrameBrowser();
    const rows: FirstFrameRow[] = [];
    for (const { build, env, runs } of builds) {
      const missing = env.UNITY_BUILD_DIR && !options.standIn ? incompleteBuild(env.UNITY_BUILD_DIR) : null;
      if (missing) {
        rows.push(unmeasured(build, `not measured: ${missing}`));
        continue;
      }
      product = await startProduct({ PORT: '0', STATIC_DIR: staticDir, ...env });
      await options.onPair?.(browser, { shell: `${product.base}/`, bare: `${product.base}/${BARE_PAGE}` }, build);
      const all: FirstFrameRow['all'] = [];
      for (let i = 0; i < runs; i++) {
        // Alternating which page goes first, so a machine getting busier does not favour one.
        const shellFirst = i % 2 === 0;
        const a = await oneLoad(browser, shellFirst ? `${product.base}/` : `${product.base}/${BARE_PAGE}`, limits, 180_000);
        const b = await oneLoad(browser, shellFirst ? `${product.base}/${BARE_PAGE}` : `${product.base}/`, limits, 180_000);
        const [shell, bareLoad] = shellFirst ? [a, b] : [b, a];
        all.push({ shell: shell.frame, bare: bareLoad.frame, shellDataStart: shell.dataStart, bareDataStart: bareLoad.dataStart, shellReady: shell.ready, bareReady: bareLoad.ready });
        process.stderr.write(`  ${build}: ready shell ${Math.round(shell.ready)} / bare ${Math.round(bareLoad.ready)} ms, first frame shell ${Math.round(shell.frame)} / bare ${Math.round(bareLoad.frame)} ms\n`);
      }
      product.stop();
      product = undefined;
      const shellMs = median(all.map((r) => r.shell));
      const bareMs = median(all.map((r) => r.bare));
      const shellReadyMs = median(all.map((r) => r.shellReady));
      const bareReadyMs = median(all.map((r) => r.bareReady));
      rows.push({
        build, runs, shellMs, bareMs, ratio: shellMs / bareMs, shellReadyMs, bareReadyMs, readyRatio: shellReadyMs / bareReadyMs,
        shellDataStartMs: median(all.map((r) => r.shellDataStart)), bareDataStartMs: median(all.map((r) => r.bareDataStart)), all,
      });
    }
    return [...rows, ...notMeasured];
  } finally {
    await browser?.close();
    product?.stop();
    standIn?.remove();
    rmSync(staticDir, { recursive: true, force: true });
  }
}

export function firstFrameTable(rows: FirstFrameRow[] | Error, limits = 'network 40 Mbit/s, CPU 4× slower'): string {
  const head = [
    `| Navigation → (${limits}) | shell | bare page (createUnityInstance only) | ratio (goal ≤ 1.1×) | → data file asked for (shell / bare) | pairs (shell/bare ms, alternating) |`,
    '|---|---:|---:|---:|---:|---|',
  ];
  if (rows instanceof Error) return [...head, `| first drawn frame | FAILED: ${rows.message.split('\n')[0]} | | | | |`].join('\n');
  const n = (v: number) => Math.round(v).toLocaleString('en-US');
  const lines = rows.flatMap((r) => {
    if (r.notMeasured) return [`| ${r.build}: instance ready, first frame | ${r.notMeasured} | | | | |`];
    const ready = `| ${r.build}: instance ready (createUnityInstance resolved), median of ${r.runs} | ${n(r.shellReadyMs)} ms | ${n(r.bareReadyMs)} ms | ${r.readyRatio.toFixed(2)}× | | ${r.all.map((a) => `${n(a.shellReady)}/${n(a.bareReady)}`).join(', ')} |`;
    const frame = `| ${r.build}: first drawn frame, median of ${r.runs} | ${n(r.shellMs)} ms | ${n(r.bareMs)} ms | ${r.ratio.toFixed(2)}× | ${n(r.shellDataStartMs)} / ${n(r.bareDataStartMs)} ms | ${r.all.map((a) => `${n(a.shell)}/${n(a.bare)}`).join(', ')} |`;
    return [ready, frame];
  });
  return [...head, ...lines].join('\n');
}

function unmeasured(build: string, why: string): FirstFrameRow {
  return { build, runs: 0, shellMs: NaN, bareMs: NaN, ratio: NaN, shellReadyMs: NaN, bareReadyMs: NaN, readyRatio: NaN, shellDataStartMs: NaN, bareDataStartMs: NaN, all: [], notMeasured: why };
}

/** A short name for a build folder: its last two path parts. */
function unityBuildLabel(dir: string): string {
  return dir.replace(/\/+$/, '').split('/').slice(-2).join('/');
}

/** Why `dir` is not a complete Unity WebGL build (the four files, in dir/Build or dir), or null. */
function incompleteBuild(dir: string): string | null {
  if (!existsSync(dir)) return `${dir} does not exist`;
  const found = findUnityBuild(dir);
  const missing = (['loader', 'data', 'framework', 'code'] as const).filter((part) => !found[part]);
  return missing.length ? `${dir} holds no complete Unity WebGL build (missing: ${missing.join(', ')})` : null;
}
