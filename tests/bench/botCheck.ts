// The bot check's solve time: challenges made the way the server makes them, solved
// by the `altcha` widget the shell uses (its web workers, no artificial minimum duration) in
// Chromium, quiet and with 4x CPU throttling (a phone stand-in), and by altcha-lib's own solver
// on one thread of node. Each difficulty is given as `cost x maxCounter` (the counter is drawn
// from maxCounter/2..maxCounter, as the server does).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createChallenge, randomInt, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Browser } from 'playwright-core';

const ALTCHA_JS = fileURLToPath(new URL('../../node_modules/altcha/dist/main/altcha.js', import.meta.url));
// localhost: a secure context (the widget refuses to work in any other), never actually reached.
const ORIGIN = 'http://localhost:9';

export interface Difficulty { label: string; cost: number; maxCounter: number }
export interface SolveTimes { median: number; p95: number; max: number; n: number }

async function challenges(d: Difficulty, n: number): Promise<unknown[]> {
  return Promise.all(Array.from({ length: n }, () => createChallenge({
    algorithm: 'PBKDF2/SHA-256', cost: d.cost, counter: randomInt(Math.floor(d.maxCounter / 2), d.maxCounter), deriveKey,
    hmacSignatureSecret: 'bench', expiresAt: Math.floor(Date.now() / 1000) + 600,
  })));
}

function summary(ms: number[]): SolveTimes {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? NaN, n: sorted.length };
}

/** Solve times (ms) in a Chromium page through the widget; `throttle` is the CPU slow-down rate. */
export async function browserSolveTimes(browser: Browser, d: Difficulty, n: number, throttle = 1): Promise<SolveTimes> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.route(`${ORIGIN}/**`, (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/altcha.js') return route.fulfill({ contentType: 'text/javascript', body: readFileSync(ALTCHA_JS, 'utf8') });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><script type="module" src="/altcha.js"></script><body></body>' });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => customElements.get('altcha-widget') !== undefined);
    if (throttle !== 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    }
    const times: number[] = [];
    for (const challenge of await challenges(d, n)) {
      times.push(await page.evaluate(async (c) => {
        type W = HTMLElement & { configure(o: object): Promise<void>; verify(): Promise<{ payload?: string } | null> };
        const widget = document.createElement('altcha-widget') as W;
        document.body.appendChild(widget);
        while (typeof widget.configure !== 'function') await new Promise((r) => setTimeout(r, 10));
        await widget.configure({ challenge: c, minDuration: 0 });
        const started = performance.now();
        const result = await widget.verify();
        const took = performance.now() - started;
        widget.remove();
        if (!result?.payload) throw new Error('the widget did not solve the challenge');
        return took;
      }, challenge));
    }
    return summary(times);
  } finally {
    await context.close();
  }
}

/** Solve times (ms) with altcha-lib's solver on this one node thread. */
export async function nodeSolveTimes(d: Difficulty, n: number): Promise<SolveTimes> {
  const times: number[] = [];
  for (const challenge of await challenges(d, n)) {
    const started = performance.now();
    const solution = await solveChallenge({ challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'], deriveKey });
    if (!solution) throw new Error('no solution');
    times.push(performance.now() - started);
  }
  return summary(times);
}

/** The previous default difficulty (PBKDF2 cost 5,000, counter 5,000-10,000: 17 s on one core). */
export const PREVIOUS_DEFAULT: Difficulty = { label: 'previous default', cost: 5_000, maxCounter: 10_000 };

export interface BotCheckRow { difficulty: Difficulty; where: 'Chromium' | 'Chromium, 4x CPU throttling' | 'node, one thread'; times: SolveTimes }

/**
 * The bench row: `solves` challenges at `current` (the server's default) in each
 * place, and `previousSolves` at PREVIOUS_DEFAULT, in the same run. `browser` null: node only.
 */
export async function botCheckRows(browser: Browser | null, current: Difficulty, solves: number, previousSolves: number): Promise<BotCheckRow[]> {
  const rows: BotCheckRow[] = [];
  for (const [difficulty, n] of [[current, solves], [PREVIOUS_DEFAULT, previousSolves]] as const) {
    if (n <= 0) continue;
    if (browser) {
      rows.push({ difficulty, where: 'Chromium', times: await browserSolveTimes(browser, difficulty, n) });
      rows.push({ difficulty, where: 'Chromium, 4x CPU throttling', times: await browserSolveTimes(browser, difficulty, n, 4) });
    }
    rows.push({ difficulty, where: 'node, one thread', times: await nodeSolveTimes(difficulty, n) });
  }
  return rows;
}

export function botCheckTable(rows: BotCheckRow[] | Error): string {
  const head = ['| Bot check solve time (ALTCHA PBKDF2/SHA-256) | median | p95 | max | solves |', '|---|---:|---:|---:|---:|'];
  if (rows instanceof Error) return [...head, `| bot check | FAILED: ${rows.message.split('\n')[0]} | | | |`].join('\n');
  const s = (ms: number) => `${(ms / 1000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} s`;
  return [...head, ...rows.map((r) => `| ${r.difficulty.label} (cost ${r.difficulty.cost}, counter ${r.difficulty.maxCounter / 2}-${r.difficulty.maxCounter}), ${r.where} | ${s(r.times.median)} | ${s(r.times.p95)} | ${s(r.times.max)} | ${r.times.n} |`)].join('\n');
}
