// One process at a time on an embedded PGlite data folder. PGlite has no server of its own: two
// processes opening one folder each run their own PostgreSQL on the same files and corrupt them.
// Before it opens the folder a process creates `<folder>.lock` (atomically, O_EXCL) holding its
// pid and command; a second process finds it, and refuses with a message naming the holder,
// having written nothing. A lock left by a process that died (kill -9, a crash) is taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

export class DataDirLocked extends Error {
  constructor(readonly dataDir: string, readonly holder: LockInfo, readonly lockFile: string) {
    super(`The database folder ${dataDir} is in use by process ${holder.pid} (${holder.command}), started ${holder.startedAt}. ` +
      `Stop that process first, or set another DATA_DIR. (If process ${holder.pid} is not TripShell, delete ${lockFile}.)`);
    this.name = 'DataDirLocked';
  }
}

const LockInfo = z.object({ pid: z.number().int().positive(), command: z.string(), startedAt: z.string(), host: z.string() });
export type LockInfo = z.infer<typeof LockInfo>;

/** Lock files this process holds (a second open from this same process is refused too). */
const held = new Set<string>();

export const lockFileOf = (dataDir: string) => `${resolve(dataDir)}.lock`;

/** Whether a process with this pid is running on this machine. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it just is not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function describeThisProcess(): string {
  const script = process.env.npm_lifecycle_event ? `npm run ${process.env.npm_lifecycle_event}: ` : '';
  return `${script}${process.argv.slice(1).map((a) => a.replace(`${process.cwd()}/`, '')).join(' ')}`.slice(0, 300);
}

function readHolder(file: string): LockInfo | null {
  try {
    const parsed = LockInfo.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Takes the folder's lock for this process, or throws DataDirLocked naming the live holder.
 * Returns the release function (also run at exit).
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  const me: LockInfo = { pid: process.pid, command: describeThisProcess(), startedAt: new Date().toISOString(), host: hostname() };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      try { writeSync(fd, JSON.stringify(me)); } finally { closeSync(fd); }
      held.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(file);
        // Only our own lock: never one a later process took over.
        if (readHolder(file)?.pid === me.pid) { try { unlinkSync(file); } catch { /* already gone */ } }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    // A lock being written this instant reads as nothing yet: look again.
    if (!holder) {
      if (attempt < 4) { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50); continue; }
      throw new DataDirLocked(dataDir, { pid: 0, command: 'unknown (unreadable lock file)', startedAt: 'unknown', host: '' }, file);
    }
    const ours = holder.pid === process.pid;
    if ((ours && held.has(file)) || (!ours && (holder.host !== me.host || alive(holder.pid)))) throw new DataDirLocked(dataDir, holder, file);
    // Stale: its process is gone (or had our pid in a previous life of this machine). Take it over.
    try { unlinkSync(file); } catch { /* another process took it over first: try again */ }
  }
  throw new Error(`Could not take the lock ${file}`);
}
