// The bench row "API on PGlite, resident memory at ready": the API as `npm
// start` runs it on its embedded default (plain node on the bundle of server/main.ts, rebuilt
// first; PGlite in a data folder, no DATABASE_URL), its VmRSS read from /proc the moment it says
// it is ready. The first start of a new folder (initdb, migrations, seed), then restarts on it
// (the median is reported). The bench's own server process (run.ts) also holds the harness, the
// bare baseline and direct-SQL clients, so its figure is not this one.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerBundle, startServerProcess } from '../api/harness/servers';

export interface MemoryAtReady { firstStartMiB: number; restartsMiB: number[]; restartMedianMiB: number }

function residentMiB(pid: number): number {
  const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kib) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) / 1024;
}

/** `starts` starts on one new data folder (the first a first start); at least 2. */
export async function pgliteMemoryAtReady(starts: number): Promise<MemoryAtReady> {
  const bundle = await buildServerBundle('bench-main');
  const folder = mkdtempSync(join(tmpdir(), 'tripshell-bench-memory-'));
  const figures: number[] = [];
  try {
    for (let i = 0; i < Math.max(2, starts); i++) {
      // Production's defaults but for where it listens and keeps its data (and quiet logs).
      const server = await startServerProcess({ DATA_DIR: join(folder, 'data'), DATABASE_URL: '', STATIC_DIR: '', LOG_LEVEL: 'warn' }, 240_000, { bundle });
      try { figures.push(residentMiB(server.child.pid!)); } finally { await server.stop(); }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const [firstStartMiB = 0, ...restartsMiB] = figures;
  const sorted = [...restartsMiB].sort((a, b) => a - b);
  return { firstStartMiB, restartsMiB, restartMedianMiB: sorted[Math.floor(sorted.length / 2)] ?? 0 };
}

export function memoryAtReadyLine(result: MemoryAtReady | Error): string {
  if (result instanceof Error) return `API on PGlite, resident memory at ready: NOT MEASURED (${result.message})`;
  const mib = (v: number) => `${Math.round(v)} MiB`;
  return `API on PGlite, resident memory at ready (\`npm start\`'s bundle, a data folder; goal ≤ 400 MiB): first start ${mib(result.firstStartMiB)} · ` +
    `restart median ${mib(result.restartMedianMiB)} (${result.restartsMiB.map(mib).join(', ')})`;
}
