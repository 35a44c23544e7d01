// The process's metrics in Prometheus' text format (prom-client), one registry per app (several
// apps in one test process never mix): requests by route and status with their latency, server
// errors, the database pool, ledger postings by reason, idempotent replays, rate-limit and
// bot-check refusals, open live-event streams, and purchases granted, reversed and consumed. Read at GET /metrics (plugins/metrics.ts).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../../db/createDb';
import type { PurchaseNote } from './observe';

export const BOT_CHECK_REFUSALS = new Set(['BOT_CHECK_FAILED', 'BOT_CHECK_EXPIRED', 'BOT_CHECK_HARDER']);

export interface MetricSources {
  pool: PoolStats;
  databaseKind: string;
  openStreams(): number;
}

export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly latency: Histogram<'method' | 'route'>;
  readonly serverErrors: Counter;
  readonly postings: Counter<'reason'>;
  readonly replays: Counter<'route'>;
  readonly refusals: Counter<'kind'>;
  readonly purchasesGranted: Counter<'host' | 'outcome'>;
  readonly purchasesReversed: Counter<'host'>;
  readonly purchasesConsumed: Counter<'host' | 'outcome'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'tripshell_process_' });
    this.requests = new Counter({ name: 'tripshell_http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames: ['method', 'route', 'status'], registers });
    this.latency = new Histogram({
      name: 'tripshell_http_request_duration_seconds', help: 'Time to answer an HTTP request, by route pattern', labelNames: ['method', 'route'], registers,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
    this.serverErrors = new Counter({ name: 'tripshell_http_server_errors_total', help: 'Answers with a 5xx status', registers });
    this.postings = new Counter({ name: 'tripshell_ledger_postings_total', help: 'Ledger postings written by this process, by reason (a posting whose transaction then rolled back counts too)', labelNames: ['reason'], registers });
    this.replays = new Counter({ name: 'tripshell_idempotent_replays_total', help: 'Requests answered from a stored answer (Idempotency-Key retries)', labelNames: ['route'], registers });
    this.refusals = new Counter({ name: 'tripshell_refusals_total', help: 'Requests refused by the rate limits (rate_limit) or the bot check (bot_check)', labelNames: ['kind'], registers });
    this.purchasesGranted = new Counter({ name: 'tripshell_purchases_granted_total', help: 'Confirmed purchases handed to the grant, by host and outcome (granted, duplicate: already granted, refunded: refused after a refund)', labelNames: ['host', 'outcome'], registers });
    this.purchasesReversed = new Counter({ name: 'tripshell_purchases_reversed_total', help: 'Purchases reversed by a refund, chargeback or deleted entitlement, by host', labelNames: ['host'], registers });
    this.purchasesConsumed = new Counter({ name: 'tripshell_purchases_consumed_total', help: 'Consume calls to the provider recorded, by host and outcome (ok, failed)', labelNames: ['host', 'outcome'], registers });
    const { pool } = sources;
    new Gauge({ name: 'tripshell_db_pool_connections', help: `Database connections (${sources.databaseKind}; PGlite is one connection): open and in use`, labelNames: ['state'], registers,
      collect() { this.set({ state: 'open' }, pool.size()); this.set({ state: 'in_use' }, pool.inUse()); } });
    new Gauge({ name: 'tripshell_db_pool_waiting', help: 'Callers waiting for a database connection now', registers, collect() { this.set(pool.waiting()); } });
    new Counter({ name: 'tripshell_db_pool_waits_total', help: 'Requests for a database connection that had to wait', registers,
      collect() { this.reset(); this.inc(pool.waits()); } });
    new Gauge({ name: 'tripshell_live_event_streams', help: 'Open live-event streams (GET /api/events) in this process', registers, collect() { this.set(sources.openStreams()); } });
  }

  /** A purchase's grant, reversal or consume, as the services note it (services/system/observe.ts). */
  purchase(note: PurchaseNote): void {
    if (note.kind === 'granted') this.purchasesGranted.inc({ host: note.host, outcome: note.outcome });
    else if (note.kind === 'reversed') this.purchasesReversed.inc({ host: note.host });
    else this.purchasesConsumed.inc({ host: note.host, outcome: note.outcome });
  }

  /** One answered request. */
  observe(method: string, route: string, status: number, seconds: number, code: string | null, replayed: boolean): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
    if (status >= 500) this.serverErrors.inc();
    if (status === 429) this.refusals.inc({ kind: 'rate_limit' });
    if (code && BOT_CHECK_REFUSALS.has(code)) this.refusals.inc({ kind: 'bot_check' });
    if (replayed) this.replays.inc({ route });
  }
}
