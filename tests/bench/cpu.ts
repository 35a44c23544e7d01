// CPU time so far, from /proc (Linux): the whole machine's busy time over every core, one
// process's own (user + system), its main thread's alone, and PostgreSQL's (every process named
// `postgres` on the machine), in ms. A money row's calls share two cores between PostgreSQL, the
// server and, for the API, the load generator: the CPU each side spends per call tells work from
// waiting, and where the API's extra goes (the server's event loop, its other threads: V8's
// collector and compiler, or the database). Null where /proc cannot be read.
import { readdirSync, readFileSync } from 'node:fs';

export interface CpuTime {
  machine: number;
  process: number;
  /** The process's main thread (its event loop and JavaScript); null where unread. */
  mainThread: number | null;
  /** Every PostgreSQL process on the machine: the postmaster and each connection's backend. */
  postgres: number;
}

/** Linux's USER_HZ: /proc counts in hundredths of a second. */
const MS_PER_TICK = 10;

/** A /proc stat line's name and its user + system time, in ms. The name is in parentheses and
 * may hold spaces and parentheses itself, so the fields are counted after its last ')'. */
export function statTime(line: string): { name: string; ms: number } | null {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  // utime and stime are the 14th and 15th fields, the 12th and 13th after the name.
  const fields = line.slice(close + 2).split(' ');
  const ms = (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  return Number.isFinite(ms) ? { name: line.slice(open + 1, close), ms } : null;
}

function read(path: string): string | null {
  try { return readFileSync(path, 'utf8'); } catch { return null; }
}

/** PostgreSQL's CPU: the sum over the processes named `postgres` (a process that ends between the
 * listing and its read is left out, as it would be from the next reading too). */
function postgresTime(proc: string): number {
  let ms = 0;
  for (const entry of readdirSync(proc)) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statTime(read(`${proc}/${entry}/stat`) ?? '');
    if (stat?.name === 'postgres') ms += stat.ms;
  }
  return ms;
}

export function cpuTime(pid: number | undefined, proc = '/proc'): CpuTime | null {
  try {
    const fields = (readFileSync(`${proc}/stat`, 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    const own = pid ? statTime(readFileSync(`${proc}/${pid}/stat`, 'utf8')) : null;
    const main = pid ? statTime(read(`${proc}/${pid}/task/${pid}/stat`) ?? '') : null;
    return {
      machine: (user + nice + system + irq + softirq + steal) * MS_PER_TICK,
      process: own?.ms ?? 0,
      mainThread: main?.ms ?? null,
      postgres: postgresTime(proc),
    };
  } catch {
    return null;
  }
}

/** CPU ms per call between two readings. */
export function cpuPerCall(before: CpuTime | null, after: CpuTime | null, calls: number): CpuTime | null {
  if (!before || !after || calls <= 0) return null;
  const per = (a: number, b: number) => (b - a) / calls;
  return {
    machine: per(before.machine, after.machine),
    process: per(before.process, after.process),
    mainThread: before.mainThread === null || after.mainThread === null ? null : per(before.mainThread, after.mainThread),
    postgres: per(before.postgres, after.postgres),
  };
}
