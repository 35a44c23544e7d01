// The process's metrics in Prometheus' text format (prom-client), one registry per app (several
// apps in one test process never mix): requests by route and status with their latency, server
// errors, the database pool, ledger postings by reason, idempotent replays, rate-limit and
// bot-check refusals, open live-event streams, and purchases granted, reversed and consumed, what
// the purchase reconcile found, and whether each payment provider answered its last call. Read at GET /metrics (plugins/metrics.ts).
//
// The two figures every request moves (its count by status, its latency) are not prom-client's
// Counter and Histogram: those check and hash a label object into a key string on each call
// (and the hook that fed them built request.routeOptions, a new object, to name the route). Each
// route and method has its RouteFigures instead, found
// once (plugins/metrics.ts keeps it beside the route), holding plain numbers; they become
// Prometheus samples only when scraped.
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../../db/createDb';
import type { PurchaseNote } from './observe';

export const BOT_CHECK_REFUSALS = new Set(['BOT_CHECK_FAILED', 'BOT_CHECK_EXPIRED', 'BOT_CHECK_HARDER']);

/** The latency histogram's upper bounds, in seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** One route pattern's and method's answers: how many by status, and their latency histogram. */
export class RouteFigures {
  /** Answers by status code. */
  readonly statuses = new Map<number, number>();
  /** Answers by latency bucket (not cumulative; one past the last bound: slower than all). */
  readonly buckets = new Float64Array(LATENCY_BUCKETS.length + 1);
  sum = 0;
  count = 0;

  constructor(readonly method: string, readonly route: string) {}

  add(status: number, seconds: number): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[i] as number)) i++;
    this.buckets[i] = (this.buckets[i] as number) + 1;
    this.sum += seconds;
    this.count++;
  }
}

type Labels = Record<string, string | number>;
interface Sample { labels: Labels; value: number; metricName?: string }

/** A metric made of the routes' figures at scrape time, in the shape prom-client's registry prints. */
function routeMetric(registry: Registry, name: string, help: string, type: 'counter' | 'histogram', samples: () => Sample[]): void {
  const metric = { name, help, type, aggregator: 'sum' as const, get: () => Promise.resolve({ name, help, type, aggregator: 'sum' as const, values: samples() }), reset: () => undefined };
  registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
}

export interface MetricSources {
  pool: PoolStats;
  databaseKind: string;
  openStreams(): number;
}

export class Metrics {
  readonly registry = new Registry();
  /** Every route's figures, by route pattern and method. */
  private readonly routes = new Map<string, Map<string, RouteFigures>>();
  readonly serverErrors: Counter;
  readonly postings: Counter<'reason'>;
  readonly replays: Counter<'route'>;
  readonly refusals: Counter<'kind'>;
  readonly purchasesGranted: Counter<'host' | 'outcome'>;
  readonly purchasesReversed: Counter<'host'>;
  readonly purchasesConsumed: Counter<'host' | 'outcome'>;
  readonly purchasesReconciledTotal: Counter<'host' | 'kind'>;
  readonly providerUp: Gauge<'host'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'tripshell_process_' });
    routeMetric(this.registry, 'tripshell_http_requests_total', 'HTTP requests answered, by route pattern and status', 'counter', () => this.requestSamples());
    routeMetric(this.registry, 'tripshell_http_request_duration_seconds', 'Time to answer an HTTP request, by route pattern', 'histogram', () => this.latencySamples());
    this.serverErrors = new Counter({ name: 'tripshell_http_server_errors_total', help: 'Answers with a 5xx status', registers });
    this.postings = new Counter({ name: 'tripshell_ledger_postings_total', help: 'Ledger postings written by this process, by reason (a posting whose transaction then rolled back counts too)', labelNames: ['reason'], registers });
    this.replays = new Counter({ name: 'tripshell_idempotent_replays_total', help: 'Requests answered from a stored answer (Idempotency-Key retries)', labelNames: ['route'], registers });
    this.refusals = new Counter({ name: 'tripshell_refusals_total', help: 'Requests refused by the rate limits (rate_limit) or the bot check (bot_check)', labelNames: ['kind'], registers });
    this.purchasesGranted = new Counter({ name: 'tripshell_purchases_granted_total', help: 'Confirmed purchases handed to the grant, by host and outcome (granted, duplicate: already granted, refunded: refused after a refund)', labelNames: ['host', 'outcome'], registers });
    this.purchasesReversed = new Counter({ name: 'tripshell_purchases_reversed_total', help: 'Purchases reversed by a refund, chargeback or deleted entitlement, by host', labelNames: ['host'], registers });
    this.purchasesConsumed = new Counter({ name: 'tripshell_purchases_consumed_total', help: 'Consume calls to the provider recorded, by host and outcome (ok, failed)', labelNames: ['host', 'outcome'], registers });
    this.purchasesReconciledTotal = new Counter({ name: 'tripshell_purchases_reconcile_found_total', help: 'What the reconcile job found that no webhook had brought: grants made and reversals (deleted entitlements), by host', labelNames: ['host', 'kind'], registers });
    this.providerUp = new Gauge({ name: 'tripshell_purchase_provider_up', help: "Whether the host's payment provider answered its last call (1) or failed or asked us to wait (0)", labelNames: ['host'], registers });
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

  /** Per host, for the console: the provider's last answer and the reconcile's finds so far. */
  readonly providerStatus = new Map<string, { lastAnswer: 'ok' | 'failed' | null; lastAt: Date | null; reconcileGranted: number; reconcileReversed: number }>();
  private statusOf(host: string) {
    let s = this.providerStatus.get(host);
    if (!s) this.providerStatus.set(host, s = { lastAnswer: null, lastAt: null, reconcileGranted: 0, reconcileReversed: 0 });
    return s;
  }

  /** Grants or reversals the reconcile job found, by host. */
  purchaseReconciled(host: string, kind: 'granted' | 'reversed', n: number): void {
    this.purchasesReconciledTotal.inc({ host, kind }, n);
    const s = this.statusOf(host);
    if (kind === 'granted') s.reconcileGranted += n; else s.reconcileReversed += n;
  }

  /** A call to a host's provider answered (true) or failed (false). */
  providerAnswered(host: string, ok: boolean): void {
    this.providerUp.set({ host }, ok ? 1 : 0);
    const s = this.statusOf(host);
    s.lastAnswer = ok ? 'ok' : 'failed';
    s.lastAt = new Date();
  }

  /** The figures of `route` (its pattern, or 'unmatched') answered to `method`; made on first ask. */
  figuresOf(method: string, route: string): RouteFigures {
    let byMethod = this.routes.get(route);
    if (!byMethod) this.routes.set(route, byMethod = new Map());
    let figures = byMethod.get(method);
    if (!figures) byMethod.set(method, figures = new RouteFigures(method, route));
    return figures;
  }

  /** One answered request, to the figures of its route and method. */
  observe(figures: RouteFigures, status: number, seconds: number, code: string | null, replayed: boolean): void {
    figures.add(status, seconds);
    const route = figures.route;
    if (status >= 500) this.serverErrors.inc();
    if (status === 429) this.refusals.inc({ kind: 'rate_limit' });
    if (code && BOT_CHECK_REFUSALS.has(code)) this.refusals.inc({ kind: 'bot_check' });
    if (replayed) this.replays.inc({ route });
  }

  private *allFigures(): Iterable<RouteFigures> {
    for (const byMethod of this.routes.values()) yield* byMethod.values();
  }

  private requestSamples(): Sample[] {
    const samples: Sample[] = [];
    for (const f of this.allFigures()) {
      for (const [status, value] of f.statuses) samples.push({ labels: { method: f.method, route: f.route, status: String(status) }, value });
    }
    return samples;
  }

  private latencySamples(): Sample[] {
    const name = 'tripshell_http_request_duration_seconds';
    const samples: Sample[] = [];
    for (const f of this.allFigures()) {
      let below = 0;
      LATENCY_BUCKETS.forEach((le, i) => {
        below += f.buckets[i] as number;
        samples.push({ metricName: `${name}_bucket`, labels: { le, method: f.method, route: f.route }, value: below });
      });
      samples.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', method: f.method, route: f.route }, value: f.count });
      samples.push({ metricName: `${name}_sum`, labels: { method: f.method, route: f.route }, value: f.sum });
      samples.push({ metricName: `${name}_count`, labels: { method: f.method, route: f.route }, value: f.count });
    }
    return samples;
  }
}
