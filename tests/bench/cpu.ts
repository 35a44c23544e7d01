// CPU time so far, from /proc (Linux): the whole machine's busy time over every core, and one
// process's own (user + system), in ms. A money row's calls share two cores between PostgreSQL,
// the server and, for the API, the load generator: the CPU each side spends per call tells work
// from waiting. Null where /proc cannot be read.
import { readFileSync } from 'node:fs';

export interface CpuTime { machine: number; process: number }

/** Linux's USER_HZ: /proc counts in hundredths of a second. */
const MS_PER_TICK = 10;

export function cpuTime(pid: number | undefined): CpuTime | null {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    // The process's utime and stime are its 14th and 15th fields, the 12th and 13th after its name.
    const own = pid ? (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ') : [];
    return { machine: (user + nice + system + irq + softirq + steal) * MS_PER_TICK, process: (Number(own[11] ?? 0) + Number(own[12] ?? 0)) * MS_PER_TICK };
  } catch {
    return null;
  }
}

/** CPU ms per call between two readings. */
export function cpuPerCall(before: CpuTime | null, after: CpuTime | null, calls: number): CpuTime | null {
  return before && after && calls > 0 ? { machine: (after.machine - before.machine) / calls, process: (after.process - before.process) / calls } : null;
}
