// Where an endpoint's server CPU goes: the bench's V8 CPU profile (BENCH_CPU_PROF=<dir>) cut into
// the timed runs `npm run bench` wrote beside it (<dir>/windows.json: each row's start and end on
// the monotonic clock V8's profile uses too), each run's samples split by what they were doing:
//   HTTP          Node's and Fastify's own work: parsing, routing, the socket, the reply (a
//                 Fastify frame decides: the rest of the request runs inside the `done()` of a
//                 callback hook, so the reply's socket write would otherwise count as that hook's)
//   hooks         our per-request hooks (security headers and origin rule, metrics, request log,
//                 the drain's, the holds' refusal record)
//   policy        the feature policy and its switches (the route layer's check, GET /api/features)
//   validation    the body's parse and depth check, zod on params/query/body, the NUL check, the key header
//   session       the cookie's parse and the session lookup (cache or store)
//   service       the handler: services, Kysely, node-postgres, the idempotency claim and answer
//   serialisation the answer's JSON (zod's encode and JSON.stringify, or a trusted route's stringify)
//   gc            V8's garbage collector
// A sample is put where the innermost frame that says anything puts it (a zod frame under the
// validator is validation, under the serializer serialisation; a bare builtin is where its caller is).
// Idle time is left out: the percentages are of the CPU the process used during the run.
// Usage: node --import tsx tests/bench/cpuSplit.ts <dir> [--match=<regexp>] [--detail]
// (--detail: each run's 25 heaviest deciding frames, by category and source; CPU_SPLIT_TOP=n for n)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CATEGORIES = ['HTTP', 'hooks', 'policy', 'validation', 'session', 'service', 'serialisation', 'gc'] as const;
export type Category = (typeof CATEGORIES)[number];

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }
export interface Window { target: string; fromUs: number; toUs: number; requests: number }

/** The bundle's source files by line: esbuild writes `// server/route.ts` before each module. */
function bundleFiles(url: string): (line: number) => string {
  const text = readFileSync(new URL(url), 'utf8').split('\n');
  const starts: Array<[number, string]> = [];
  text.forEach((line, i) => { const m = /^\/\/ ((?:server|contract|tests)\/\S+\.tsx?)$/.exec(line); if (m?.[1]) starts.push([i, m[1]]); });
  return (line) => {
    let file = '';
    for (const [at, name] of starts) { if (at > line) break; file = name; }
    return file;
  };
}

const bundles = new Map<string, (line: number) => string>();
/** A frame's source: a project path (server/route.ts) or a package path (fastify/lib/reply.js). */
function sourceOf(frame: CallFrame): string {
  const { url } = frame;
  if (!url) return '';
  if (url.includes('/dist-server/')) {
    let lookup = bundles.get(url);
    if (!lookup) { lookup = bundleFiles(url); bundles.set(url, lookup); }
    return lookup(frame.lineNumber);
  }
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const own = /\/((?:server|contract|tests)\/.*)$/.exec(url);
  return own?.[1] ?? url;
}

/** What one frame says about the sample, or null (look at its caller). */
export function categoryOf(frame: CallFrame): Category | null {
  if (frame.functionName === '(garbage collector)') return 'gc';
  const source = sourceOf(frame);
  if (!source) return null;
  if (source.startsWith('fastify-type-provider-zod/')) {
    // core.js: the validator compiler's function comes before the serializer compiler's.
    if (/core\.js$/.test(source)) return frame.lineNumber < 112 ? 'validation' : 'serialisation';
    return null;
  }
  if (/^(@fastify\/cookie|cookie)\//.test(source)) return 'session';
  if (/^server\/(http\/sessions|services\/accounts\/session|plugins\/sessions)/.test(source)) return 'session';
  if (/^server\/http\/idempotency/.test(source)) return 'validation';
  if (source === 'fastify/lib/validation.js' || source === 'fastify/lib/content-type-parser.js' || source.startsWith('secure-json-parse/')) return 'validation';
  if (source === 'server/app.ts' || source === 'server/plugins/errors.ts') {
    // app.ts: the JSON body parser and its depth check; errors.ts: the NUL check (and error answers).
    return /[cC]ontainsNul|jsonDepth|jsonBodyParser|registerErrorHandling|^$|buildApp/.test(frame.functionName) ? 'validation' : null;
  }
  if (/^fast-json-stringify\//.test(source) || source === 'fastify/lib/error-serializer.js') return 'serialisation';
  // Fastify's own frames (and its router's, and inject's) are HTTP: the next hook, the handler and
  // the reply run inside a callback hook's or the session lookup's `done()`, under our frames.
  if (/^(fastify|find-my-way|light-my-request)\//.test(source)) return 'HTTP';
  if (source === 'server/route.ts') return frame.functionName === 'trustedJson' ? 'serialisation' : 'service';
  if (/^server\/services\/policy\//.test(source)) return 'policy';
  if (/^server\/(plugins\/(security|metrics|requestLog|drain)|http\/tradeRefusals)\.ts$/.test(source) || source.startsWith('prom-client/') || source.startsWith('pino') || source.startsWith('thread-stream/')) return 'hooks';
  if (/^server\/(services|routes|db|purchases|jobs)\//.test(source) || source.startsWith('tests/bench/direct')) return 'service';
  if (/^(kysely|pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+|@electric-sql\/pglite)\//.test(source)) return 'service';
  return null;
}

export interface Split { target: string; requests: number; cpuMs: number; perRequestUs: number; shares: Record<Category, number>; top: Array<[string, number]> }

export function splitProfile(profile: Profile, windows: Window[]): Split[] {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) { byId.set(node.id, node); for (const c of node.children ?? []) parent.set(c, node.id); }
  const decided = new Map<number, Category | 'idle'>();
  const decide = (id: number): Category | 'idle' => {
    const known = decided.get(id);
    if (known) return known;
    const node = byId.get(id);
    let result: Category | 'idle';
    if (!node) result = 'HTTP';
    else if (node.callFrame.functionName === '(idle)') result = 'idle';
    else {
      const own = categoryOf(node.callFrame);
      const up = parent.get(id);
      result = own ?? (up === undefined ? 'HTTP' : decide(up));
      if (result === 'idle') result = 'HTTP';
    }
    decided.set(id, result);
    return result;
  };
  const splits = windows.map((w) => ({ w, ms: Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>, by: new Map<string, number>() }));
  // The deciding frame of a sample, for the detail: the category and the source that decided it.
  const label = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame && categoryOf(frame)) return `${categoryOf(frame)} ${sourceOf(frame)} ${frame.functionName}`;
    }
    const leaf = byId.get(id)?.callFrame;
    return `HTTP ${leaf ? `${sourceOf(leaf)} ${leaf.functionName}` : ''}`;
  };
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const span = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    const into = splits.find((s) => at >= s.w.fromUs && at < s.w.toUs);
    if (!into) continue;
    const category = decide(profile.samples[i] as number);
    if (category !== 'idle') {
      into.ms[category] += span;
      const key = label(profile.samples[i] as number);
      into.by.set(key, (into.by.get(key) ?? 0) + span);
    }
  }
  return splits.map(({ w, ms, by }) => {
    const cpuMs = CATEGORIES.reduce((sum, c) => sum + ms[c], 0);
    const shares = Object.fromEntries(CATEGORIES.map((c) => [c, cpuMs ? ms[c] / cpuMs : 0])) as Record<Category, number>;
    const top = [...by].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.CPU_SPLIT_TOP ?? 25)).map(([k, v]): [string, number] => [k, cpuMs ? v / cpuMs : 0]);
    return { target: w.target, requests: w.requests, cpuMs, perRequestUs: w.requests ? (cpuMs * 1000) / w.requests : 0, shares, top };
  });
}

export function splitTable(splits: Split[]): string {
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  return [
    `| run | requests | server CPU µs/request | ${CATEGORIES.join(' | ')} |`,
    `|---|---:|---:|${CATEGORIES.map(() => '---:').join('|')}|`,
    ...splits.map((s) => `| ${s.target} | ${s.requests} | ${Math.round(s.perRequestUs)} | ${CATEGORIES.map((c) => `${pct(s.shares[c])} (${Math.round(s.shares[c] * s.perRequestUs)})`).join(' | ')} |`),
  ].join('\n');
}

if (process.argv[1]?.endsWith('cpuSplit.ts')) {
  const [dir] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const match = process.argv.slice(2).find((a) => a.startsWith('--match='))?.slice(8);
  if (!dir) { console.error('usage: node --import tsx tests/bench/cpuSplit.ts <dir> [--match=<regexp>]'); process.exit(2); }
  const windows = (JSON.parse(readFileSync(join(dir, 'windows.json'), 'utf8')) as Window[]).filter((w) => !match || new RegExp(match).test(w.target));
  const file = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort().at(-1);
  if (!file) { console.error(`no .cpuprofile in ${dir}`); process.exit(2); }
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const splits = splitProfile(profile, windows);
  console.log(splitTable(splits));
  if (process.argv.includes('--detail')) {
    for (const s of splits) console.log(`\n${s.target}:\n${s.top.map(([k, v]) => `  ${(v * 100).toFixed(1).padStart(5)}%  ${k}`).join('\n')}`);
  }
}
