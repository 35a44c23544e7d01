// Metrics and readiness: GET /metrics in Prometheus' text format, kept from
// the public by METRICS_TOKEN (404 when unset, 401 without the token); scraped before and after
// a short load, its counters and histograms move. GET /api/ready apart from /api/health.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../server/db/tx';
import { MINT, moveCoins, playerAccount } from '../../server/services/economy/ledger';
import { registerPlayer, startApp, testDatabases, type TestApp } from './helpers';

const TOKEN = 'metrics-token-0123456789abcdef';

/** One sample's value: `name{labels…}` with every given label, summed over the others. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-z_]+)(?:\{(.*)\})? ([0-9.e+-]+|NaN|\+Inf)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

describe.each(testDatabases())('metrics and readiness on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database, { METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: 40 }); }, 60_000);
  afterAll(async () => { await t?.close(); });

  const scrape = async () => {
    const r = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return r.body;
  };

  it('is kept from the public: 401 without the token or with a wrong one, 404 when no token is configured', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789abcdef' } })).statusCode).toBe(401);
    const off = await startApp(database);
    try {
      expect((await off.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally { await off.close(); }
  });

  it('moves its counters and histograms with a short load', async () => {
    const before = await scrape();
    const me = await registerPlayer(t.app);
    await inTransaction(t.handle.db, (trx) => moveCoins(trx, { from: MINT, to: playerAccount(me.uuid), amount: 1_000_00n, reason: 'award' }));
    for (let i = 0; i < 5; i++) expect((await me.client.get('/api/health')).statusCode).toBe(200);
    const key = randomUUID();
    const buy = () => me.client.post('/api/crates/buy', { quantity: 1 }, { 'idempotency-key': key });
    const first = await buy();
    expect(first.statusCode, first.body).toBe(200);
    expect((await buy()).headers['idempotent-replayed']).toBe('true');
    // A bad bot-check token at sign-in, and enough requests from one address to hit the limit.
    expect((await t.app.inject({ method: 'POST', url: '/api/login', headers: { origin: 'http://localhost', 'content-type': 'application/json' }, payload: { username: me.username, password: 'x', turnstile_token: 'nonsense' } })).statusCode).toBe(400);
    let limited = 0;
    for (let i = 0; i < 60 && !limited; i++) if ((await t.app.inject({ url: '/api/health', remoteAddress: '10.9.9.9' })).statusCode === 429) limited++;
    expect(limited).toBe(1);
    const after = await scrape();

    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(sample(after, 'tripshell_http_requests_total', health) - sample(before, 'tripshell_http_requests_total', health)).toBeGreaterThanOrEqual(5);
    const count = { method: 'GET', route: '/api/health' };
    expect(sample(after, 'tripshell_http_request_duration_seconds_count', count)).toBeGreaterThan(sample(before, 'tripshell_http_request_duration_seconds_count', count));
    expect(sample(after, 'tripshell_http_request_duration_seconds_bucket', { ...count, le: '+Inf' })).toBe(sample(after, 'tripshell_http_request_duration_seconds_count', count));
    expect(sample(after, 'tripshell_ledger_postings_total', { reason: 'crate purchase' }) - sample(before, 'tripshell_ledger_postings_total', { reason: 'crate purchase' })).toBe(1);
    expect(sample(after, 'tripshell_idempotent_replays_total') - sample(before, 'tripshell_idempotent_replays_total')).toBe(1);
    expect(sample(after, 'tripshell_refusals_total', { kind: 'rate_limit' }) - sample(before, 'tripshell_refusals_total', { kind: 'rate_limit' })).toBe(1);
    expect(sample(after, 'tripshell_refusals_total', { kind: 'bot_check' }) - sample(before, 'tripshell_refusals_total', { kind: 'bot_check' })).toBe(1);
    expect(after).toMatch(/^tripshell_db_pool_connections\{state="open"\} [1-9]/m);
    expect(after).toContain('tripshell_db_pool_waits_total');
    expect(after).toMatch(/^tripshell_live_event_streams 0$/m);
    expect(after).toContain('tripshell_http_server_errors_total 0');
  });

  it('counts each answer under its route pattern and method, and one that matched no route as unmatched', async () => {
    const before = await scrape();
    const item = '00000000-0000-4000-8000-000000000000';
    await t.app.inject({ url: `/api/itemv4/${item}/sprite` });
    await t.app.inject({ method: 'HEAD', url: '/api/health' });
    await t.app.inject({ url: '/api/no-such-route' });
    const after = await scrape();
    const moved = (labels: Record<string, string>) => sample(after, 'tripshell_http_requests_total', labels) - sample(before, 'tripshell_http_requests_total', labels);
    expect(moved({ method: 'GET', route: '/api/itemv4/:uuid/sprite' })).toBe(1);
    expect(moved({ method: 'HEAD', route: '/api/health', status: '200' })).toBe(1);
    expect(moved({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    const unmatched = { method: 'GET', route: 'unmatched' };
    expect(sample(after, 'tripshell_http_request_duration_seconds_count', unmatched) - sample(before, 'tripshell_http_request_duration_seconds_count', unmatched)).toBe(1);
    expect(sample(after, 'tripshell_http_request_duration_seconds_bucket', { ...unmatched, le: '+Inf' })).toBe(sample(after, 'tripshell_http_request_duration_seconds_count', unmatched));
    expect(sample(after, 'tripshell_http_request_duration_seconds_bucket', { ...unmatched, le: '10' })).toBe(sample(after, 'tripshell_http_request_duration_seconds_count', unmatched));
  });

  it('answers readiness apart from liveness: ready once migrated, 503 while a migration is missing', async () => {
    const r = await t.app.inject({ url: '/api/ready' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'ready', database: database.name });
    expect(r.json().migrations).toBeGreaterThanOrEqual(12);
    // Another app on a database whose last migration is undone: alive, not ready.
    const other = await startApp(database);
    try {
      await other.handle.db.deleteFrom('schema_migrations').where('name', '=', '013_live_events.sql').execute();
      expect((await other.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const notReady = await other.app.inject({ url: '/api/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toMatchObject({ code: 'NOT_MIGRATED' });
    } finally { await other.close(); }
  });
});
