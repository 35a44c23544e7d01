// The money rows' CPU figures: each side's CPU a call, split into the server's main thread and
// PostgreSQL's processes, read from /proc. Read from a /proc of our own making here (a thread's
// and a process's stat lines as Linux writes them), so every figure is known in advance.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuPerCall, cpuTime, statTime } from '../bench/cpu';

/** A stat line: pid, (name), state, then fields 4-13, then utime and stime (ticks). */
const line = (pid: number, name: string, utime: number, stime: number) =>
  `${pid} (${name}) S 1 ${pid} ${pid} 0 -1 4194560 100 0 0 0 ${utime} ${stime} 0 0 20 0 1 0 100 1000 10`;

let roots: string[] = [];
afterEach(() => { for (const r of roots) rmSync(r, { recursive: true, force: true }); roots = []; });

function fakeProc(machineTicks: [number, number, number], processes: Array<{ pid: number; name: string; u: number; s: number; main?: [number, number] }>): string {
  const root = mkdtempSync(join(tmpdir(), 'fake-proc-'));
  roots.push(root);
  const [user, system, softirq] = machineTicks;
  writeFileSync(join(root, 'stat'), `cpu  ${user} 0 ${system} 9999 10 0 ${softirq} 0 0 0\ncpu0 1 2 3\n`);
  for (const p of processes) {
    mkdirSync(join(root, String(p.pid), 'task', String(p.pid)), { recursive: true });
    writeFileSync(join(root, String(p.pid), 'stat'), line(p.pid, p.name, p.u, p.s));
    const [mu, ms] = p.main ?? [p.u, p.s];
    writeFileSync(join(root, String(p.pid), 'task', String(p.pid), 'stat'), line(p.pid, p.name, mu, ms));
  }
  return root;
}

describe("the bench's CPU readings", () => {
  it('read a name with spaces and parentheses, and the time after it', () => {
    expect(statTime(line(7, 'node (bench) x', 12, 3))).toEqual({ name: 'node (bench) x', ms: 150 });
    expect(statTime('garbage')).toBeNull();
  });

  it("split a run's CPU into the server's main thread and PostgreSQL's processes, per call", () => {
    const server = { pid: 300, name: 'node' };
    const before = cpuTime(300, fakeProc([1000, 200, 10], [
      { ...server, u: 50, s: 10, main: [40, 5] },
      { pid: 400, name: 'postgres', u: 100, s: 20 },
      { pid: 401, name: 'postgres', u: 30, s: 0 },
      { pid: 500, name: 'redis-server', u: 999, s: 999 },
    ]));
    const after = cpuTime(300, fakeProc([1400, 260, 30], [
      { ...server, u: 90, s: 20, main: [70, 10] },
      { pid: 400, name: 'postgres', u: 140, s: 30 },
      { pid: 401, name: 'postgres', u: 50, s: 0 },
      { pid: 402, name: 'postgres', u: 5, s: 5 }, // a backend that started during the run
      { pid: 500, name: 'redis-server', u: 2000, s: 999 },
    ]));
    expect(before).toEqual({ machine: 12_100, process: 600, mainThread: 450, postgres: 1_500 });
    // Over 10 calls: the machine 480 ticks, the server 50 (its main thread 35), PostgreSQL 80.
    expect(cpuPerCall(before, after, 10)).toEqual({ machine: 480, process: 50, mainThread: 35, postgres: 80 });
  });

  it('give no figure it cannot read', () => {
    const root = fakeProc([1, 1, 1], [{ pid: 300, name: 'node', u: 1, s: 1 }]);
    rmSync(join(root, '300', 'task'), { recursive: true });
    expect(cpuTime(300, root)?.mainThread).toBeNull();
    expect(cpuTime(301, root)).toBeNull(); // no such process
    expect(cpuPerCall(null, cpuTime(300, root), 10)).toBeNull();
    expect(cpuPerCall(cpuTime(300, root), cpuTime(300, root), 0)).toBeNull();
  });
});
