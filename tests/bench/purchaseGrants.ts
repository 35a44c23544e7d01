// The purchase grant path under duplicate webhooks: per provider (Discord's store, Xsolla for the
// portal, the web checkout), `purchases` purchases made at the provider's fake with its own
// webhook held back, then every purchase's signed webhook sent `copies` times, shuffled so that
// copies of one purchase arrive side by side, over HTTP (autocannon) to the real app. Reported:
// webhooks answered per second, and whether the ledger granted each purchase exactly once (one
// purchases row per provider id, every player holding exactly its purchases' coins, the ledger
// balanced). Anything else is a failure: the row says so and the bench exits non-zero.
//
// The app runs in this process (its own database: PGlite in memory, or a scratch database on
// DATABASE_URL), the fakes on a local server beside it, as the API tests have them
// (tests/api/harness/purchaseFakes.ts). The portal's webhook makes the app read the order from
// Xsolla's API (the fake, over loopback): that request is part of its path, as in production.
import { randomBytes } from 'node:crypto';
import autocannon, { type Request } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { CLIENT_HEADER } from '../../contract/http';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startUp } from '../../server/start';
import { conservationViolations } from '../../server/services/economy/ledger';
import { cookieHeader, registerActor, type Actor } from '../api/harness/actors';
import { startPurchaseFakes, type PurchaseFakes } from '../api/harness/purchaseFakes';
import { purchaseRows } from '../api/harness/purchaseRows';
import { createScratchDatabase, type ScratchDatabase } from '../api/harness/servers';
import { injectTransport } from '../api/harness/transport';
import type { WebhookDelivery } from '../fakes/purchaseKit';

const PACK = { id: 'tc-1200', tripcoins: 1200, discordSku: '1300000000000001200', xsollaSku: 'tc_1200' };
type Provider = 'discord' | 'crazygames' | 'web';
const PATHS: Record<Provider, string> = { discord: '/api/webhooks/discord', crazygames: '/api/webhooks/xsolla', web: '/api/webhooks/web' };

export interface GrantRow {
  provider: Provider;
  purchases: number;
  copies: number;
  webhooks: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 204, by status. */
  refused: Record<string, number>;
  /** Purchases rows written, and how many provider ids have more than one (must be 0). */
  granted: number;
  doubled: number;
  /** Players whose balance is not exactly their purchases' coins. */
  wrongBalances: number;
  violations: string[];
  ok: boolean;
}

export interface GrantOptions { purchases: number; copies: number; connections: number; databaseUrl?: string }

interface Buyer { actor: Actor; discordId: string; portalId: string; bought: number }

let nextDiscordId = BigInt(`1${Date.now()}`.slice(0, 16)) * 100n;

async function linkedBuyer(app: FastifyInstance): Promise<Buyer> {
  const actor = await registerActor(injectTransport(app));
  const discordId = String(nextDiscordId++);
  const portalId = `cg-bench-${randomBytes(6).toString('hex')}`;
  await app.db.updateTable('users').set({ discord_id: discordId, crazygames_id: portalId }).where('id', '=', actor.uuid).execute();
  return { actor, discordId, portalId, bought: 0 };
}

/** One purchase at the provider, its webhook held back; the signed webhook it would have sent. */
async function purchaseAt(provider: Provider, fakes: PurchaseFakes, app: FastifyInstance, buyer: Buyer): Promise<{ id: string; delivery: WebhookDelivery }> {
  if (provider === 'discord') {
    fakes.discord.switches.webhookNever = true;
    const e = await fakes.discord.purchase(buyer.discordId, PACK.discordSku);
    return { id: e.id, delivery: fakes.discord.signed({ version: 1, application_id: fakes.discord.applicationId, type: 1, event: { type: 'ENTITLEMENT_CREATE', timestamp: new Date().toISOString(), data: e } }) };
  }
  if (provider === 'crazygames') {
    fakes.xsolla.switches.webhookNever = true;
    const order = await fakes.xsolla.buy(buyer.portalId, PACK.xsollaSku);
    return {
      id: `${order.order_id}:${PACK.xsollaSku}`,
      delivery: fakes.xsolla.signed(fakes.xsolla.notification('order_paid', order)),
    };
  }
  const started = await app.inject({
    method: 'POST', url: '/api/purchases/web/checkout', payload: { productId: PACK.id },
    headers: { ...cookieHeader(buyer.actor), host: 'localhost', origin: 'http://localhost', [CLIENT_HEADER]: '1' },
  });
  if (started.statusCode !== 200) throw new Error(`web checkout answered ${started.statusCode}: ${started.body}`);
  const { sessionId } = started.json<{ sessionId: string }>();
  fakes.checkout.switches.webhookNever = true;
  const session = await fakes.checkout.pay(sessionId);
  if (!session) throw new Error(`the checkout fake has no open session ${sessionId}`);
  return {
    id: sessionId,
    delivery: fakes.checkout.signed({ id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', api_version: '2024-06-20', created: Math.floor(Date.now() / 1000), livemode: false, type: 'checkout.session.completed', data: { object: { ...session } } }),
  };
}

function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function oneProvider(provider: Provider, app: FastifyInstance, base: string, fakes: PurchaseFakes, buyers: Buyer[], options: GrantOptions): Promise<GrantRow> {
  process.stderr.write(`  grant path, ${provider}: ${options.purchases} purchases at the fake…\n`);
  const made: Array<{ id: string; buyer: Buyer; delivery: WebhookDelivery }> = [];
  for (let i = 0; i < options.purchases; i++) {
    const buyer = buyers[i % buyers.length] as Buyer;
    made.push({ ...await purchaseAt(provider, fakes, app, buyer), buyer });
    buyer.bought += 1;
  }
  // Copies of one purchase close together (next to each other after a local shuffle), so they race.
  const deliveries = shuffled(made).flatMap((m) => Array.from({ length: options.copies }, () => m.delivery));
  let next = 0;
  const requests: Request[] = [{
    setupRequest: (request: Request) => {
      const d = deliveries[next++ % deliveries.length] as WebhookDelivery;
      return { ...request, method: 'POST', path: PATHS[provider], headers: d.headers, body: d.body };
    },
  }];
  const statuses = new Map<number, number>();
  const started = performance.now();
  let last = started;
  const run = autocannon({ url: base, connections: Math.min(options.connections, deliveries.length), amount: deliveries.length, timeout: 30, requests });
  run.on('response', (_client, status) => { last = performance.now(); statuses.set(status, (statuses.get(status) ?? 0) + 1); });
  const result = await run;
  const seconds = (last - started) / 1000;

  const ledger = purchaseRows(app.db);
  const rows = await app.db.selectFrom('purchases').select(['provider_purchase_id']).where('host', '=', provider).where('provider_purchase_id', 'in', made.map((m) => m.id)).execute();
  const perId = new Map<string, number>();
  for (const r of rows) perId.set(r.provider_purchase_id, (perId.get(r.provider_purchase_id) ?? 0) + 1);
  const doubled = [...perId.values()].filter((c) => c > 1).length;
  let wrongBalances = 0;
  for (const buyer of buyers) if (await ledger.balance(buyer.actor.uuid) !== buyer.bought * PACK.tripcoins) wrongBalances += 1;
  const violations = await conservationViolations(app.db);
  const refused: Record<string, number> = {};
  for (const [status, count] of statuses) if (status !== 204) refused[String(status)] = count;
  const missing = result.errors + result.timeouts;
  if (missing) refused['no answer'] = missing;
  const ok = perId.size === made.length && doubled === 0 && wrongBalances === 0 && violations.length === 0 && Object.keys(refused).length === 0;
  return {
    provider, purchases: made.length, copies: options.copies, webhooks: deliveries.length, perSecond: deliveries.length / seconds,
    p50: result.latency.p50, p99: result.latency.p99, refused, granted: perId.size, doubled, wrongBalances, violations: violations.slice(0, 3), ok,
  };
}

export async function grantPathBench(options: GrantOptions): Promise<GrantRow[]> {
  const fakes = await startPurchaseFakes();
  let scratch: ScratchDatabase | undefined;
  let app: FastifyInstance | undefined;
  try {
    const database: Record<string, string> = { DATA_DIR: 'memory://' };
    if (options.databaseUrl) {
      scratch = await createScratchDatabase(options.databaseUrl, 'benchgrants');
      Object.assign(database, { DATABASE_URL: scratch.url });
    }
    const config = loadConfig({ ...database, LOG_LEVEL: 'silent' }, {
      ...fakes.config, PUBLIC_ORIGIN: 'http://localhost', STATIC_DIR: '', SCRYPT_LOG_N: 10, ALTCHA_COST: 10, ALTCHA_MAX_COUNTER: 60,
      RATE_LIMIT_PER_MINUTE: 0, AUTH_RATE_PER_ADDRESS: 1e8, AUTH_RATE_PER_USERNAME: 1e8,
    });
    app = await buildApp(config, { logger: false });
    await startUp(app);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const buyers: Buyer[] = [];
    for (let i = 0; i < Math.min(10, options.purchases); i++) buyers.push(await linkedBuyer(app));
    const rows: GrantRow[] = [];
    for (const provider of ['discord', 'crazygames', 'web'] as const) rows.push(await oneProvider(provider, app, base, fakes, buyers, options));
    return rows;
  } finally {
    await app?.close();
    await scratch?.drop();
    await fakes.close();
  }
}

export function grantTable(rows: GrantRow[] | Error): string {
  const head = ['| Purchase grant path: every webhook sent N times, copies racing (HTTP, loopback) | webhooks/s | p50 / p99 ms | granted exactly once |', '|---|---:|---:|---|'];
  if (rows instanceof Error) return [...head, `| grant path | FAILED: ${rows.message.split('\n')[0]} | | |`].join('\n');
  const n = (v: number, d = 0) => v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  return [...head, ...rows.map((r) => {
    const refused = Object.entries(r.refused).map(([s, c]) => `${c}× ${s}`).join(', ');
    const verdict = r.ok ? `yes: ${r.granted} of ${r.purchases} granted, none twice, balances exact, ledger balanced`
      : `**NO**: ${r.granted} of ${r.purchases} granted, ${r.doubled} twice, ${r.wrongBalances} wrong balances${refused ? `, answers ${refused}` : ''}${r.violations.length ? `; LEDGER: ${r.violations.join('; ')}` : ''}`;
    return `| ${r.provider}: ${r.purchases} purchases × ${r.copies} webhooks (${r.webhooks}) | ${n(r.perSecond)} | ${n(r.p50, 1)} / ${n(r.p99, 1)} | ${verdict} |`;
  })].join('\n');
}
