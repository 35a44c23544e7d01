// A concurrent mixed workload: `clients` independent loops, each drawing operations by weight
// from a registry until a time or count bound, over real HTTP on loopback and straight through
// the services. Afterwards the caller checks invariants (conservation, uniqueness, nothing
// negative) against what the operations report having done.
//
// Adding an operation (a new feature's money or membership flow): write an `Operation` in
// harness/operations/<feature>.ts and add it to WORKLOAD_OPERATIONS in harness/operations.ts.
// `run` returns 'ok' when the action happened and 'refused' when the app said no in a way that
// is legitimate under concurrency (409 insufficient funds, 409 name taken); anything else
// (5xx, an unexpected status, an exception) should throw: it is reported as a failure.
// Endpoints flagged `movesValue` with an entry in examples.ts join the workload on their own.
import type { Db } from '../../../server/db/createDb';
import type { Actor } from './actors';
import type { Transport } from './transport';

export interface WorkloadWorld {
  send: Transport;
  db: Db;
  /** Registered players with live sessions. */
  players: Actor[];
  botToken(): Promise<string>;
  /** What operations did, for the invariant checks afterwards (operation-defined keys). */
  tally: Map<string, number>;
  random(): number;
}

export type Outcome = 'ok' | 'refused';

export interface Operation {
  name: string;
  /** Relative frequency. */
  weight: number;
  run(world: WorkloadWorld): Promise<Outcome>;
}

export interface WorkloadBounds {
  clients: number;
  durationMs: number;
  maxOperations: number;
}

export interface WorkloadReport {
  operations: number;
  elapsedMs: number;
  counts: Record<string, { ok: number; refused: number; failed: number }>;
  failures: string[];
}

export function pick<T>(world: WorkloadWorld, list: readonly T[]): T {
  const item = list[Math.floor(world.random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function bump(world: WorkloadWorld, key: string, by = 1): void {
  world.tally.set(key, (world.tally.get(key) ?? 0) + by);
}

export async function runWorkload(world: WorkloadWorld, operations: Operation[], bounds: WorkloadBounds): Promise<WorkloadReport> {
  const totalWeight = operations.reduce((s, o) => s + o.weight, 0);
  const draw = (): Operation => {
    let x = world.random() * totalWeight;
    for (const o of operations) { x -= o.weight; if (x < 0) return o; }
    return operations[operations.length - 1] as Operation;
  };
  const report: WorkloadReport = { operations: 0, elapsedMs: 0, counts: {}, failures: [] };
  for (const o of operations) report.counts[o.name] = { ok: 0, refused: 0, failed: 0 };
  const started = Date.now();
  const deadline = started + bounds.durationMs;

  async function client(): Promise<void> {
    while (Date.now() < deadline && report.operations < bounds.maxOperations) {
      report.operations += 1;
      const operation = draw();
      const count = report.counts[operation.name] as { ok: number; refused: number; failed: number };
      try {
        count[await operation.run(world)] += 1;
      } catch (error) {
        count.failed += 1;
        if (report.failures.length < 20) report.failures.push(`${operation.name}: ${(error as Error).message.slice(0, 300)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: bounds.clients }, client));
  report.elapsedMs = Date.now() - started;
  return report;
}

/** A seeded generator (mulberry32), so a failing run can be replayed with WORKLOAD_SEED. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
