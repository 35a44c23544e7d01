// Purchase: the provider's confirmation → the coins visible, per host, as a player waits for it.
// The flow lives in the host playground's purchase spec (tests/e2e/purchases-hosts.spec.ts,
// `-g measure`): the product framed by the playground's Discord client and portal, the providers'
// fakes behind it, and the web's checkout and return. This row runs that spec's timing tests
// (MEASURE=1, one test a host, five purchases each) in Playwright on ports of its own and reads
// what each prints, so the bench and the spec time one flow, never two copies of it.
import { spawn } from 'node:child_process';

export interface VisibleRow { host: string; medianMs: number; runsMs: number[] }

const LINE = /purchase → coins visible, (\w+): median (\d+) ms of ([\d, ]+)/g;

/** Reads the spec's report lines (`purchase → coins visible, <host>: median <n> ms of <a, b, …>`). */
export function parseVisibleLines(output: string): VisibleRow[] {
  return [...output.matchAll(LINE)].map((m) => ({ host: m[1]!, medianMs: Number(m[2]), runsMs: m[3]!.split(',').map((v) => Number(v.trim())) }));
}

const HOSTS = ['discord', 'crazygames', 'web'];

export async function purchaseVisibleBench(options: { root: string; port?: number }): Promise<VisibleRow[]> {
  const port = options.port ?? Number(process.env.BENCH_PURCHASE_PORT ?? 8391);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('npx', ['playwright', 'test', 'tests/e2e/purchases-hosts.spec.ts', '--project', 'desktop', '-g', 'measure'], {
      cwd: options.root, env: { ...process.env, MEASURE: '1', E2E_PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => { text += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { text += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(text);
      else reject(new Error(`the playground's purchase timing failed (exit ${code}): ${text.split('\n').filter((l) => /Error|✘/.test(l)).slice(0, 3).join(' | ') || text.slice(-400)}`));
    });
  });
  const rows = parseVisibleLines(output);
  const missing = HOSTS.filter((host) => !rows.some((r) => r.host === host));
  if (missing.length) throw new Error(`the playground's purchase timing printed nothing for ${missing.join(', ')}`);
  return HOSTS.map((host) => rows.find((r) => r.host === host)!);
}

const HOST_NAMES: Record<string, string> = { discord: 'Discord Activity: Buy in Discord\'s dialog → balance granted in the game', crazygames: 'the portal: Pay now in the Pay Station → balance granted in the game', web: 'the web: Pay on the checkout → the pack shown back in the shell (a page load)' };

export function visibleTable(rows: VisibleRow[] | Error): string {
  const head = ['| Purchase: provider\'s confirmation → coins visible (host playground, 5 purchases a host) | median | runs |', '|---|---:|---|'];
  if (rows instanceof Error) return [...head, `| purchase → coins visible | FAILED: ${rows.message.split('\n')[0]} | |`].join('\n');
  return [...head, ...rows.map((r) => `| ${HOST_NAMES[r.host] ?? r.host} | ${r.medianMs.toLocaleString('en-US')} ms | ${r.runsMs.join(', ')} ms |`)].join('\n');
}
