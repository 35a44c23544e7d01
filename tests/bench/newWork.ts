// What the holds, the feature policy, its switches and the data export add to a read, in µs of
// CPU per request, measured in the bench's server process on the app it serves: each piece of
// per-request code those features put on a read's path, called as the path calls it, many times
// in a row (the median of several batches, after a warm-up), so the figure is the code's own and
// not the noise of a 5-second HTTP run. The HTTP rows (GET /api/features, the reads of the areas
// with the holds' hook) show the same work inside a whole request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FEATURES, HOST_HEADER } from '../../contract/features';
import { HOST_NAMES } from '../../contract/hostApi';
import { refusalRecorder } from '../../server/http/tradeRefusals';
import { hostsOfRequest } from '../../server/http/sessions';
import { featureAllowed, FeaturePolicyStore, type OffSwitch } from '../../server/services/policy/featurePolicy';

export interface NewWorkRow { what: string; us: number; runs: number[]; note: string }

/** The bar: none of this round's per-request work may cost a read more than this. */
export const NEW_WORK_BUDGET_US = 20;

/** µs per call of `fn`: median of `batches` batches of `calls` calls, after one warm-up batch. */
export function perCall(fn: () => unknown, calls = 20_000, batches = 5): { us: number; runs: number[] } {
  let sink: unknown;
  for (let i = 0; i < calls; i++) sink = fn();
  const runs: number[] = [];
  for (let b = 0; b < batches; b++) {
    const start = process.cpuUsage();
    for (let i = 0; i < calls; i++) sink = fn();
    const used = process.cpuUsage(start);
    runs.push((used.user + used.system) / calls);
  }
  if (sink === Symbol.for('never')) console.log(sink);
  return { us: [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0, runs };
}

/** A signed-in request from inside Discord as the route layer sees it (what these paths read). */
function discordRequest(): FastifyRequest {
  return {
    headers: { [HOST_HEADER]: 'discord' }, method: 'GET', url: '/api/seaport/listings',
    user: { id: '00000000-0000-4000-8000-000000000001', host: 'discord' },
  } as unknown as FastifyRequest;
}

export async function newWorkRows(app: FastifyInstance): Promise<NewWorkRow[]> {
  const rows: NewWorkRow[] = [];
  const request = discordRequest();
  const live = app.features.store;
  const feature = FEATURES[0];
  const policy = perCall(() => featureAllowed(live, feature, { hosts: hostsOfRequest(request), player: request.user }));
  rows.push({ what: 'feature policy: the route layer\'s check of an endpoint with a feature (its hosts, then the decision)', ...policy, note: `the switches as this process holds them (${live.current().length} off)` });

  // Every feature off on every scope: the most the switches can make the same check look through.
  const everyOff: OffSwitch[] = FEATURES.flatMap((f) => ['all' as const, ...HOST_NAMES].map((host) => ({ feature: f, host, message: 'off for the bench' })));
  const full = new FeaturePolicyStore(live.defaults);
  full.replace(everyOff);
  const switches = perCall(() => featureAllowed(full, FEATURES[FEATURES.length - 1] ?? feature, { hosts: hostsOfRequest(request), player: request.user }));
  rows.push({ what: 'switches: the same check with every feature switched off on every host and for all', ...switches, note: `${everyOff.length} switches: the longest list the check can look through` });

  const answer = perCall(() => live.policy(hostsOfRequest(request)));
  rows.push({ what: 'feature policy: GET /api/features\' answer (every feature for the request\'s hosts)', ...answer, note: 'the read the shell makes at start and on each change' });

  // The holds' hook on every answer of the areas whose writes a hold or limit can refuse
  // (economy, marketplace, bridge): their reads pass it too, and nothing was refused on them.
  const hook = refusalRecorder(app.db) as unknown as (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload: unknown) => void) => void;
  const payload = '{"ok":true}';
  const done = () => undefined;
  const holds = perCall(() => hook(request, {} as FastifyReply, payload, done));
  rows.push({ what: 'holds: the refusal record\'s hook on a read of the economy, marketplace and bridge areas', ...holds, note: 'a read is never refused, so it only looks' });

  rows.push({
    what: 'export: what the data export adds to other reads', us: 0, runs: [],
    note: 'nothing to time: it is one route of its own (its hourly charge a statement of that request), no hook, no field on the session',
  });
  return rows;
}

export function newWorkTable(rows: NewWorkRow[] | Error): string {
  const head = [`| this round's work on a read (CPU µs per request; bar ${NEW_WORK_BUDGET_US} µs) | µs | batches | |`, '|---|---:|---|---|'];
  if (rows instanceof Error) return [...head, `| new work | FAILED: ${rows.message} | | |`].join('\n');
  return [...head, ...rows.map((r) => `| ${r.what} | ${r.runs.length ? r.us.toFixed(2) : '—'} | ${r.runs.map((v) => v.toFixed(2)).join(' / ')} | ${r.us > NEW_WORK_BUDGET_US ? '**over the bar**; ' : ''}${r.note} |`)].join('\n');
}
