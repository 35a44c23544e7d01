// Where a real Unity build's start goes, in the shell against a bare page: one Chromium trace
// (CDP Tracing) of each page from navigation to createUnityInstance resolving, at the same
// network and CPU limits as the first-frame rows, split by what the page's main thread did
// (script evaluation per file: the shell's chunks, Unity's loader and framework; wasm
// compilation; style, layout and paint; garbage collection; the rest), how much of it came in
// long tasks (> 50 ms), the wasm work off the main thread, and when each file's download
// started and ended.
//
//   BENCH_ROWS=trace UNITY_BUILD_DIR=/work/unity/gzip npm run bench       (or BENCH_UNITY_BUILDS=a,b)
//
// Prints one table per build and writes bench/trace.json with the figures (BENCH_TRACE_KEEP=1
// also keeps the raw traces there, for chrome://tracing or Perfetto). BENCH_TRACE_RUNS pairs
// (default 2, alternating which page goes first); the table gives each bucket's median.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { GAME_BUILD_FILES } from '../../contract/gameConstants';
import { BARE_PAGE, INSTANCE_READY_PROBE, launchFrameBrowser, stageShellAndBarePage } from './firstFrame';
import { median } from './shell';
import { startProduct, type Product } from './signIn';

interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string; frame?: string; stackTrace?: Array<{ url?: string }> } } }

export interface PageSplit {
  /** ms from navigation start to createUnityInstance resolving (the trace's own clock). */
  readyMs: number;
  /** Main-thread self time by bucket, ms, within navigation → ready. */
  buckets: Record<string, number>;
  mainBusyMs: number;
  longTasks: number;
  longTaskMs: number;
  /** wasm compile/instantiate work on any other thread (ms). */
  wasmOffMainMs: number;
  /** Per file: [download started, ended] in ms from navigation. */
  fetches: Record<string, [number, number]>;
}

export interface TraceRow { build: string; shell: PageSplit[]; bare: PageSplit[] }

const CATEGORIES = [
  'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'v8.wasm', 'disabled-by-default-v8.compile',
  'blink.user_timing', 'loading', 'toplevel', 'disabled-by-default-v8.gc', 'blink',
];

/** A file's bucket name: the game build's files by part, the shell's chunks by name without the hash. */
function fileOf(url: string | undefined): string | null {
  if (!url) return null;
  let path: string;
  try { path = new URL(url).pathname; } catch { return null; }
  if (path === GAME_BUILD_FILES.loaderUrl) return 'Unity loader.js';
  if (path === GAME_BUILD_FILES.frameworkUrl) return 'Unity framework.js';
  if (path === GAME_BUILD_FILES.codeUrl) return 'code.wasm';
  const chunk = /^\/assets\/(.+?)-[\w-]{8}\.js$/.exec(path);
  if (chunk) return `shell chunk ${chunk[1]}`;
  if (path === '/bench-bare.js') return 'bare page script';
  return path.endsWith('.js') ? `script ${path}` : null;
}

function bucketOf(name: string, url: string | null): string | null {
  if (/wasm/i.test(name)) return 'wasm compile / instantiate';
  if (/GC|GarbageCollect/.test(name)) return 'garbage collection';
  if (['Layout', 'UpdateLayoutTree', 'RecalculateStyles', 'ScheduleStyleRecalculation', 'InvalidateLayout', 'IntersectionObserverController::computeIntersections'].includes(name)) return 'style + layout';
  if (['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'CompositeLayers', 'Commit', 'PaintImage', 'Decode Image', 'Rasterize', 'UpdateLayerTree'].includes(name)) return 'paint';
  if (['ParseHTML', 'ParseAuthorStyleSheet'].includes(name)) return 'parse HTML / CSS';
  if (/^Resource|^Network/.test(name)) return 'network callbacks';
  if (url) return `script: ${url}`;
  return null;
}

function splitOf(events: TraceEvent[]): PageSplit {
  const threadNames = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const nav = events.find((e) => e.name === 'navigationStart' && e.cat.includes('blink.user_timing'));
  const ready = events.find((e) => e.name === 'bench-instance-ready');
  if (!nav || !ready) throw new Error(`the trace has no ${nav ? 'bench-instance-ready mark' : 'navigationStart'}`);
  // The page's main thread: the renderer main thread that marked the page's instance ready.
  const mainKey = `${ready.pid}:${ready.tid}`;
  const key = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const t0 = nav.ts;
  const t1 = ready.ts;
  const within = (e: TraceEvent) => e.ph === 'X' && e.ts >= t0 && e.ts <= t1 && (e.dur ?? 0) > 0;
  const main = events.filter((e) => within(e) && key(e) === mainKey).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

  const buckets: Record<string, number> = {};
  const add = (bucket: string, us: number) => { buckets[bucket] = (buckets[bucket] ?? 0) + us / 1000; };
  let longTasks = 0;
  let longTaskMs = 0;
  let mainBusyMs = 0;
  // Self time: each event's duration less its direct children's, attributed to its own bucket or
  // its nearest ancestor's (script work inherits the file of the call that ran it).
  const stack: Array<{ e: TraceEvent; end: number; childUs: number; bucket: string; url: string | null }> = [];
  const close = (until: number) => {
    while (stack.length && (stack.at(-1)?.end ?? 0) <= until) {
      const top = stack.pop();
      if (!top) break;
      add(top.bucket, Math.max(0, (top.e.dur ?? 0) - top.childUs));
    }
  };
  for (const e of main) {
    close(e.ts);
    const parent = stack.at(-1);
    const url = fileOf(e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url) ?? parent?.url ?? null;
    const bucket = bucketOf(e.name, url) ?? parent?.bucket ?? 'other (task overhead, timers, events)';
    if (parent) parent.childUs += e.dur ?? 0;
    else if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') {
      mainBusyMs += (e.dur ?? 0) / 1000;
      if ((e.dur ?? 0) > 50_000) { longTasks += 1; longTaskMs += (e.dur ?? 0) / 1000; }
    } else mainBusyMs += (e.dur ?? 0) / 1000;
    stack.push({ e, end: e.ts + (e.dur ?? 0), childUs: 0, bucket, url });
  }
  close(Number.POSITIVE_INFINITY);

  let wasmOffMainUs = 0;
  for (const e of events) if (within(e) && key(e) !== mainKey && /wasm/i.test(e.name) && !/Task|Job$/.test(e.name)) wasmOffMainUs += e.dur ?? 0;

  // Downloads: from each request's send to its last byte, for every file the trace saw.
  const fetches: Record<string, [number, number]> = {};
  const urls = new Map<string, string>();
  for (const e of events) {
    const data = e.args?.data as { requestId?: string; url?: string } | undefined;
    if (e.name === 'ResourceSendRequest' && data?.requestId && data.url) {
      urls.set(data.requestId, data.url);
      const path = new URL(data.url).pathname;
      fetches[path] ??= [(e.ts - t0) / 1000, NaN];
    }
    if (e.name === 'ResourceFinish' && data?.requestId) {
      const url = urls.get(data.requestId);
      if (url) { const entry = fetches[new URL(url).pathname]; if (entry) entry[1] = (e.ts - t0) / 1000; }
    }
  }
  void threadNames;
  return { readyMs: (t1 - t0) / 1000, buckets, mainBusyMs, longTasks, longTaskMs, wasmOffMainMs: wasmOffMainUs / 1000, fetches };
}

async function tracedLoad(browser: Browser, url: string, limits: { downloadBytesPerSecond: number; cpuRate: number }, keep: string | null): Promise<PageSplit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await context.addInitScript(INSTANCE_READY_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: limits.downloadBytesPerSecond, uploadThroughput: limits.downloadBytesPerSecond });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: limits.cpuRate });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (m) => { events.push(...(m.value as unknown as TraceEvent[])); });
    const done = new Promise<void>((resolve) => { cdp.once('Tracing.tracingComplete', () => resolve()); });
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordContinuously' }, transferMode: 'ReportEvents' });
    await page.goto(url);
    await page.evaluate("Promise.race([window.benchInstanceReady, new Promise((_, reject) => setTimeout(() => reject(new Error('createUnityInstance never resolved within 180 s')), 180000))])");
    await cdp.send('Tracing.end');
    await done;
    if (keep) writeFileSync(keep, JSON.stringify({ traceEvents: events }));
    return splitOf(events);
  } finally {
    await context.close();
  }
}

export interface TraceOptions { root: string; unityBuildDirs: string[]; runs: number; downloadMbps?: number; cpuRate?: number; keepDir?: string }

export async function traceBench(options: TraceOptions): Promise<TraceRow[]> {
  const limits = { downloadBytesPerSecond: ((options.downloadMbps ?? 40) * 1_000_000) / 8, cpuRate: options.cpuRate ?? 4 };
  const staticDir = stageShellAndBarePage(options.root, 'bench-trace-');
  let browser: Browser | undefined;
  let product: Product | undefined;
  try {
    browser = await launchFrameBrowser();
    const rows: TraceRow[] = [];
    for (const [b, dir] of options.unityBuildDirs.entries()) {
      product = await startProduct({ PORT: '0', STATIC_DIR: staticDir, UNITY_BUILD_DIR: dir });
      const row: TraceRow = { build: dir, shell: [], bare: [] };
      for (let i = 0; i < options.runs; i++) {
        const order = i % 2 === 0 ? (['shell', 'bare'] as const) : (['bare', 'shell'] as const);
        for (const which of order) {
          const url = which === 'shell' ? `${product.base}/` : `${product.base}/${BARE_PAGE}`;
          const keep = options.keepDir ? join(options.keepDir, `trace-${b}-${which}-${i}.json`) : null;
          const split = await tracedLoad(browser, url, limits, keep);
          row[which].push(split);
          process.stderr.write(`  trace, ${dir}, ${which}: ready at ${Math.round(split.readyMs)} ms, main thread busy ${Math.round(split.mainBusyMs)} ms, ${split.longTasks} long tasks\n`);
        }
      }
      rows.push(row);
      product.stop();
      product = undefined;
    }
    return rows;
  } finally {
    await browser?.close();
    product?.stop();
    rmSync(staticDir, { recursive: true, force: true });
  }
}

export function traceTable(rows: TraceRow[] | Error): string {
  if (rows instanceof Error) return `| trace | FAILED: ${rows.message.split('\n')[0]} |`;
  const n = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '–');
  return rows.map((row) => {
    const med = (pages: PageSplit[], pick: (p: PageSplit) => number) => median(pages.map(pick));
    const names = new Set<string>();
    for (const p of [...row.shell, ...row.bare]) for (const name of Object.keys(p.buckets)) names.add(name);
    const lines = [...names]
      .map((name) => ({ name, shell: med(row.shell, (p) => p.buckets[name] ?? 0), bare: med(row.bare, (p) => p.buckets[name] ?? 0) }))
      .filter((r) => r.shell >= 5 || r.bare >= 5)
      .sort((a, b) => (b.shell - b.bare) - (a.shell - a.bare));
    const files = ['/', `/${BARE_PAGE}`, GAME_BUILD_FILES.loaderUrl, GAME_BUILD_FILES.frameworkUrl, GAME_BUILD_FILES.codeUrl, GAME_BUILD_FILES.dataUrl];
    const fetchCell = (pages: PageSplit[], path: string) => {
      const start = med(pages, (p) => p.fetches[path]?.[0] ?? NaN);
      const end = med(pages, (p) => p.fetches[path]?.[1] ?? NaN);
      return Number.isFinite(start) ? `${n(start)} → ${n(end)}` : '';
    };
    return [
      `Where the time goes, ${row.build} (navigation → instance ready; medians of ${row.shell.length} traced loads each; main thread self time, ms)`,
      '',
      '| | shell | bare page | shell − bare |',
      '|---|---:|---:|---:|',
      `| **navigation → instance ready** | ${n(med(row.shell, (p) => p.readyMs))} | ${n(med(row.bare, (p) => p.readyMs))} | ${n(med(row.shell, (p) => p.readyMs) - med(row.bare, (p) => p.readyMs))} |`,
      `| main thread busy | ${n(med(row.shell, (p) => p.mainBusyMs))} | ${n(med(row.bare, (p) => p.mainBusyMs))} | ${n(med(row.shell, (p) => p.mainBusyMs) - med(row.bare, (p) => p.mainBusyMs))} |`,
      `| of which in long tasks (> 50 ms): count, ms | ${n(med(row.shell, (p) => p.longTasks))}, ${n(med(row.shell, (p) => p.longTaskMs))} | ${n(med(row.bare, (p) => p.longTasks))}, ${n(med(row.bare, (p) => p.longTaskMs))} | |`,
      ...lines.map((r) => `| ${r.name} | ${n(r.shell)} | ${n(r.bare)} | ${n(r.shell - r.bare)} |`),
      `| wasm work off the main thread | ${n(med(row.shell, (p) => p.wasmOffMainMs))} | ${n(med(row.bare, (p) => p.wasmOffMainMs))} | |`,
      ...files.map((f) => `| download ${f} (start → end, ms from navigation) | ${fetchCell(row.shell, f)} | ${fetchCell(row.bare, f)} | |`),
    ].join('\n');
  }).join('\n\n');
}
