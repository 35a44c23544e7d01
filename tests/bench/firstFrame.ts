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
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import activity from '../../activity.config.json';
import { GAME_BUILD_FILES } from '../../contract/gameConstants';
import { readGameOptions } from '../../src/game-link/gameConfig';
import { median } from './shell';
import { makeUnityStandIn, startProduct, type Product } from './signIn';

export interface FirstFrameRow {
  build: string;
  runs: number;
  shellMs: number;
  bareMs: number;
  ratio: number;
  /** Median time from navigation to the request of the game's data file (the download's start). */
  shellDataStartMs: number;
  bareDataStartMs: number;
  all: Array<{ shell: number; bare: number; shellDataStart: number; bareDataStart: number }>;
}

const BARE_PAGE = 'bench-bare.html';
const VIEWPORT = { width: 1280, height: 800 };

/** The bare page: a canvas, the build's loader, and createUnityInstance with the shell's own config. */
function barePage(): { html: string; script: string } {
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

interface Load { frame: number; dataStart: number }

async function oneLoad(browser: Browser, url: string, limits: { downloadBytesPerSecond: number; cpuRate: number }, timeoutMs: number): Promise<Load> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  try {
    await context.addInitScript(FIRST_FRAME_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: limits.downloadBytesPerSecond, uploadThroughput: limits.downloadBytesPerSecond });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: limits.cpuRate });
    await page.goto(url);
    const frame = Number(await page.evaluate(`Promise.race([window.benchFirstFrame, new Promise((_, reject) => setTimeout(() => reject(new Error('no drawn frame of the game within ${timeoutMs} ms')), ${timeoutMs}))])`));
    // When the game's data file was asked for: what went before the download, against what came after.
    const dataStart = Number(await page.evaluate(`(performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === ${JSON.stringify(GAME_BUILD_FILES.dataUrl)}) || { startTime: NaN }).startTime`));
    return { frame, dataStart };
  } finally {
    await context.close();
  }
}

export interface FirstFrameOptions { runs: number; root: string; standIn?: boolean; unityBuildDir?: string; downloadMbps?: number; cpuRate?: number }

export async function firstFrameBench(options: FirstFrameOptions): Promise<FirstFrameRow[]> {
  const limits = { downloadBytesPerSecond: ((options.downloadMbps ?? 40) * 1_000_000) / 8, cpuRate: options.cpuRate ?? 4 };
  // The shell as built, plus the bare page, served by the same product server from a copy of dist/.
  const staticDir = mkdtempSync(join(tmpdir(), 'bench-frame-'));
  cpSync(join(options.root, 'dist'), staticDir, { recursive: true });
  const bare = barePage();
  writeFileSync(join(staticDir, BARE_PAGE), bare.html);
  writeFileSync(join(staticDir, 'bench-bare.js'), bare.script);
  const standIn = options.standIn ? makeUnityStandIn() : null;
  const builds: Array<{ build: string; env: Record<string, string> }> = [
    { build: 'demo game', env: { DEMO_GAME_DIR: join(options.root, 'dist', 'game') } },
    ...(standIn ? [{ build: 'Unity-sized stand-in (35 MB, 2.2 s start-up)', env: { UNITY_BUILD_DIR: standIn.dir } }] : []),
    ...(options.unityBuildDir ? [{ build: `Unity build (${options.unityBuildDir})`, env: { UNITY_BUILD_DIR: options.unityBuildDir } }] : []),
  ];
  let browser: Browser | undefined;
  let product: Product | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    const rows: FirstFrameRow[] = [];
    for (const { build, env } of builds) {
      product = await startProduct({ PORT: '0', STATIC_DIR: staticDir, ...env });
      const all: FirstFrameRow['all'] = [];
      for (let i = 0; i < options.runs; i++) {
        // Alternating which page goes first, so a machine getting busier does not favour one.
        const shellFirst = i % 2 === 0;
        const a = await oneLoad(browser, shellFirst ? `${product.base}/` : `${product.base}/${BARE_PAGE}`, limits, 180_000);
        const b = await oneLoad(browser, shellFirst ? `${product.base}/${BARE_PAGE}` : `${product.base}/`, limits, 180_000);
        const [shell, bareLoad] = shellFirst ? [a, b] : [b, a];
        all.push({ shell: shell.frame, bare: bareLoad.frame, shellDataStart: shell.dataStart, bareDataStart: bareLoad.dataStart });
        process.stderr.write(`  first frame, ${build}: shell ${Math.round(all.at(-1)?.shell ?? 0)} ms, bare ${Math.round(all.at(-1)?.bare ?? 0)} ms\n`);
      }
      product.stop();
      product = undefined;
      const shellMs = median(all.map((r) => r.shell));
      const bareMs = median(all.map((r) => r.bare));
      rows.push({ build, runs: options.runs, shellMs, bareMs, ratio: shellMs / bareMs, shellDataStartMs: median(all.map((r) => r.shellDataStart)), bareDataStartMs: median(all.map((r) => r.bareDataStart)), all });
    }
    return rows;
  } finally {
    await browser?.close();
    product?.stop();
    standIn?.remove();
    rmSync(staticDir, { recursive: true, force: true });
  }
}

export function firstFrameTable(rows: FirstFrameRow[] | Error, limits = 'network 40 Mbit/s, CPU 4× slower'): string {
  const head = [`| Navigation → the game's first drawn frame (${limits}) | through the shell | bare page (createUnityInstance only) | ratio (goal ≤ 1.1×) | → data file asked for (shell / bare) | runs (shell / bare, ms) |`, '|---|---:|---:|---:|---:|---|'];
  if (rows instanceof Error) return [...head, `| first drawn frame | FAILED: ${rows.message.split('\n')[0]} | | | | |`].join('\n');
  const n = (v: number) => Math.round(v).toLocaleString('en-US');
  return [...head, ...rows.map((r) => `| ${r.build}, median of ${r.runs} | ${n(r.shellMs)} ms | ${n(r.bareMs)} ms | ${(r.ratio).toFixed(2)}× | ${n(r.shellDataStartMs)} / ${n(r.bareDataStartMs)} ms | ${r.all.map((a) => `${n(a.shell)}/${n(a.bare)}`).join(', ')} |`)].join('\n');
}
