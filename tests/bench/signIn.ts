// Sign-in at start against a Unity-sized download: navigation -> the first
// /api/whoami request, and navigation -> signed in, on the portal and in the Activity of the host
// playground, with a stand-in build of a real Unity build's sizes (a 15 MB code.wasm, a 20 MB data
// file; incompressible, written to a temp dir by makeUnityStandIn, never committed) whose loader
// downloads them as Unity's does and then holds the main thread the way Unity's start-up does.
// The page runs with the network limited and the CPU slowed (a loaded machine), frames in one
// process so the limits reach the framed product.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { startPlayground } from '../../playground/server';
import { median } from './shell';

const MB = 1024 * 1024;
/** The stand-in's start-up: the main thread held this long in blocks, after the download (Unity compiles, instantiates and loads its first scene). */
const STARTUP_BLOCKS_MS = [900, 700, 600];

const STAND_IN_LOADER = `// A stand-in for a Unity loader (tests/bench/signIn.ts): downloads the framework, data and code as
// Unity's loader does, holds the main thread for Unity's start-up, then resolves the instance.
window.createUnityInstance = function (canvas, config, onProgress) {
  var total = 0, loaded = {};
  var report = function () { var sum = 0; for (var k in loaded) sum += loaded[k]; if (onProgress && total) onProgress(Math.min(sum / total, 1) * 0.9); };
  var download = function (url, size) {
    total += size;
    return fetch(url).then(function (response) {
      var reader = response.body.getReader();
      loaded[url] = 0;
      var pump = function () { return reader.read().then(function (r) { if (r.done) return; loaded[url] += r.value.length; report(); return pump(); }); };
      return pump();
    });
  };
  var block = function (ms) { var end = performance.now() + ms; while (performance.now() < end) { /* Unity's start-up */ } };
  var later = function (ms) { return new Promise(function (r) { setTimeout(r, ms); }); };
  return Promise.all([download(config.frameworkUrl, 1), download(config.dataUrl, ${20 * MB}), download(config.codeUrl, ${15 * MB})])
    .then(function () { return ${JSON.stringify(STARTUP_BLOCKS_MS)}.reduce(function (p, ms) { return p.then(function () { block(ms); return later(16); }); }, Promise.resolve()); })
    .then(function () {
      if (typeof window.tripShellReceiverReady === 'function') window.tripShellReceiverReady();
      if (typeof window.unityLoadingComplete === 'function') window.unityLoadingComplete();
      // Then it draws every frame as a game does (a cleared screen and a box): its first drawn
      // frame is what tests/bench/firstFrame.ts times.
      var gl = canvas.getContext('webgl2', config.webglContextAttributes) || canvas.getContext('webgl', config.webglContextAttributes);
      var quit = false;
      var frame = function (t) {
        if (quit || !gl) return;
        canvas.width = canvas.clientWidth || 300; canvas.height = canvas.clientHeight || 150;
        gl.viewport(0, 0, canvas.width, canvas.height);
        gl.disable(gl.SCISSOR_TEST); gl.clearColor(0.05, 0.1, 0.3, 1); gl.clear(gl.COLOR_BUFFER_BIT);
        gl.enable(gl.SCISSOR_TEST); gl.scissor((t / 10) % (canvas.width / 2), canvas.height / 4, canvas.width / 4, canvas.height / 2);
        gl.clearColor(0.9, 0.6, 0.1, 1); gl.clear(gl.COLOR_BUFFER_BIT);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      return { SendMessage: function () {}, SetFullscreen: function () {}, Quit: function () { quit = true; return Promise.resolve(); }, Module: { canvas: canvas } };
    });
};
`;

/** Writes a Unity-sized build folder (Build/ with loader, framework, 20 MB data, 15 MB wasm) to a temp dir. */
export function makeUnityStandIn(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'unity-standin-'));
  const build = join(dir, 'Build');
  mkdirSync(build);
  writeFileSync(join(build, 'StandIn.loader.js'), STAND_IN_LOADER);
  writeFileSync(join(build, 'StandIn.framework.js'), '// the stand-in framework: its loader does the work\n');
  writeFileSync(join(build, 'StandIn.data'), randomBytes(20 * MB));
  writeFileSync(join(build, 'StandIn.wasm'), randomBytes(15 * MB));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The environment the bench was started with, read when this module loads: Vite's build() (the
 * shell row's baseline page, built in this process) sets NODE_ENV=production for the rest of the
 * process, and a product started with it refuses to start on the bench's local keys.
 */
const LAUNCH_ENV: NodeJS.ProcessEnv = { ...process.env };

export interface Product { base: string; stop(): void }
/** How long the product may take to start (BENCH_PRODUCT_START_MS, default 5 min). */
const PRODUCT_START_MS = Number(process.env.BENCH_PRODUCT_START_MS ?? 300_000);

export async function startProduct(env: Record<string, string>): Promise<Product> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...LAUNCH_ENV, HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'warn', SCRYPT_LOG_N: '14', ALTCHA_COST: '50', ALTCHA_MAX_COUNTER: '400',
      RATE_LIMIT_PER_MINUTE: '0', AUTH_RATE_PER_ADDRESS: '10000', AUTH_RATE_PER_USERNAME: '1000', ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    // Generous: on a loaded machine tsx alone can take minutes to start the server.
    const timer = setTimeout(() => { child.kill('SIGTERM'); reject(new Error(`the product did not start within ${PRODUCT_START_MS / 1000} s: ${out}`)); }, PRODUCT_START_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /ready at http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
      if (port) { clearTimeout(timer); resolve(`http://127.0.0.1:${port}`); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the product exited (${code}): ${out}`)); });
  });
  return { base, stop: () => { child.kill('SIGTERM'); } };
}

export interface SignInRow { host: 'crazygames' | 'discord'; runs: number; whoamiMs: number; signedInMs: number; signedInVia: string; all: Array<{ whoami: number; signedIn: number }> }

/** ms from the frame's navigation start to the first request of `path` starting, and to the response of `signedInPath` ending. */
async function timings(frame: Frame, signedInPath: string): Promise<{ whoami: number; signedIn: number } | null> {
  // A string, not a function: tsx would wrap named helpers in a __name() the page does not have.
  return frame.evaluate(`(() => {
    const entries = performance.getEntriesByType('resource');
    const whoami = entries.find((e) => new URL(e.name).pathname === '/api/whoami');
    const done = entries.find((e) => new URL(e.name).pathname === ${JSON.stringify(signedInPath)});
    return whoami && done ? { whoami: whoami.startTime, signedIn: done.responseEnd } : null;
  })()`).then((t) => t as { whoami: number; signedIn: number } | null, () => null);
}

async function oneRun(browser: Browser, url: string, productOrigin: string, signedInPath: string, limits: { downloadBytesPerSecond: number; cpuRate: number }): Promise<{ whoami: number; signedIn: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page: Page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: limits.downloadBytesPerSecond, uploadThroughput: limits.downloadBytesPerSecond });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: limits.cpuRate });
    await page.goto(url);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const frame = page.frames().find((f) => f.url().startsWith(productOrigin));
      const t = frame ? await timings(frame, signedInPath) : null;
      if (t) return t;
      if (Date.now() > deadline) {
        const seen = await frame?.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).join(' ')).catch(() => 'no frame');
        throw new Error(`not signed in within 120 s (${url}; frames ${page.frames().map((f) => f.url().slice(0, 60)).join(' ')}; product requests: ${seen ?? 'no product frame'})`);
      }
      await page.waitForTimeout(250);
    }
  } finally {
    await context.close();
  }
}

export async function signInBench(options: { runs: number; root: string; downloadMbps?: number; cpuRate?: number }): Promise<SignInRow[]> {
  const standIn = makeUnityStandIn();
  const activity = JSON.parse(readFileSync(join(options.root, 'activity.config.json'), 'utf8')) as { discord: { clientId: string } };
  const limits = { downloadBytesPerSecond: ((options.downloadMbps ?? 40) * 1_000_000) / 8, cpuRate: options.cpuRate ?? 4 };
  let product: Product | undefined;
  let pg: Awaited<ReturnType<typeof startPlayground>> | undefined;
  let browser: Browser | undefined;
  try {
    // The playground needs the product's address and the product the playground's fakes: a port
    // for the product first, then both. The frames load the product as localhost, another site
    // than the playground's 127.0.0.1.
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const productOrigin = `http://localhost:${port}`;
    pg = await startPlayground({ port: 0, product: productOrigin, clientId: activity.discord.clientId });
    product = await startProduct({ ...pg.env, PORT: String(port), UNITY_BUILD_DIR: standIn.dir });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--test-third-party-cookie-phaseout',
        '--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process'],
    });
    const rows: SignInRow[] = [];
    const cases: Array<{ host: SignInRow['host']; url: (i: number) => string; path: string; via: string }> = [
      { host: 'crazygames', url: (i) => pg!.url('crazygames', { user: 'signed-in', name: `bench${Date.now().toString(36).slice(-5)}${i}` }), path: '/api/crazygames/login', via: 'POST /api/crazygames/login answered' },
      { host: 'discord', url: () => pg!.url('discord', { mode: 'normal' }), path: '/api/discord/exchange', via: 'POST /api/discord/exchange answered' },
    ];
    for (const c of cases) {
      const all: Array<{ whoami: number; signedIn: number }> = [];
      for (let i = 0; i < options.runs; i++) all.push(await oneRun(browser, c.url(i), productOrigin, c.path, limits));
      rows.push({ host: c.host, runs: options.runs, whoamiMs: median(all.map((r) => r.whoami)), signedInMs: median(all.map((r) => r.signedIn)), signedInVia: c.via, all });
    }
    return rows;
  } finally {
    await browser?.close();
    product?.stop();
    await pg?.close();
    standIn.remove();
  }
}

export function signInTable(rows: SignInRow[] | Error, limits = 'network 40 Mbit/s, CPU 4× slower'): string {
  const head = [`| Sign-in at start, 35 MB Unity-sized build (${limits}) | → first /api/whoami | → signed in | runs (whoami / signed in, ms) |`, '|---|---:|---:|---|'];
  if (rows instanceof Error) return [...head, `| sign-in at start | FAILED: ${rows.message.split('\n')[0]} | | |`].join('\n');
  return [...head, ...rows.map((r) => `| ${r.host === 'crazygames' ? 'the portal (signed in there)' : 'the Activity'}: navigation → (${r.signedInVia}) | ${Math.round(r.whoamiMs)} ms | ${Math.round(r.signedInMs)} ms | ${r.all.map((a) => `${Math.round(a.whoami)}/${Math.round(a.signedIn)}`).join(', ')} |`)].join('\n');
}
