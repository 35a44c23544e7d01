// The import rules ESLint cannot see file by file: no import cycles anywhere in the code we ship
// or share (static, type-only and dynamic imports all count: a type import back into a lazy
// registry is still a loop in the design), and the direction of the shell's layers:
//
//   contract/ ← machines/ ← shared pieces (src/api, src/ui, src/lib, src/i18n, src/reporting, hosts/)
//     ← the game link, the host bridge, the overlay API, the settings store (src/game-link,
//       src/host-bridge, src/overlays, src/settings-store)
//     ← features (src/features/<name>) ← app composition (src/app) and the studio's
//     console (src/admin) ← boot (src/main.ts)
//
// A file imports only from its own layer or below; a feature never imports another feature.
// The server's layers (docs/server-layers.md):
//
//   db/, providers/ ← services/ (domain errors, no HTTP) ← http/, errors.ts, route.ts, routes/
//     ← plugins/ ← app.ts
//
// so a service imports nothing from Fastify nor the HTTP errors, the route layer or the plugins,
// and routes/ and route.ts never import from plugins/ (what both need lives in http/). Those import
// rules are data in scripts/importRules.mjs, which the docs list. Besides, read from the code:
//  - providers/ are third-party clients only: they import contract/ and each other, nothing of
//    the database, the services or HTTP;
//  - SQL (kysely's query builders, the sql tag) is written only in services/, db/ and jobs/;
//  - no service or provider opens a transaction (inTransaction, kysely's transaction(), BEGIN);
//    the few services that call an outside party between their writes take the caller's runner
//    (RunInTransaction), and only the ones listed in RUNNER_TAKERS may;
//  - the process's LISTEN client (app.dbListen) is handed to subscribers in one plugin.
// `npm run lint` runs it after ESLint; it exits 1 and names each cycle and each wrong import.
// `node scripts/check-imports.mjs --count [root]` only prints the figures (files per home, cycles).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { SEPARATE_RANK, SERVER_RULES, SHELL_LAYERS, homeOf, matches } from './importRules.mjs';

const args = process.argv.slice(2);
const countOnly = args.includes('--count');
const root = resolve(args.find((a) => !a.startsWith('--')) ?? new URL('..', import.meta.url).pathname);
const TOP = ['contract', 'machines', 'src', 'hosts', 'demo-game', 'server'];
const EXT = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (EXT.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith('.d.ts') && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

const files = TOP.flatMap((top) => walk(join(root, top)));
const known = new Set(files);
const rel = (file) => relative(root, file).split(sep).join('/');

// import … from '…', export … from '…', import '…', import('…'), including `import type`.
const SPEC = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function resolveSpecifier(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, ...EXT.map((e) => base + e), ...EXT.map((e) => join(base, `index${e}`))]) {
    if (known.has(candidate)) return candidate;
    if (candidate === base && existsSync(base) && statSync(base).isFile()) return null; // json, css, svg
  }
  return null;
}

const edges = new Map();
/** Each file's package imports ('fastify', '@fastify/cookie', 'node:fs'). */
const packages = new Map();
/** Each file's code without its comments (the SQL and transaction rules read it). */
const code = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  code.set(file, text);
  const targets = new Set();
  const named = new Set();
  for (const match of text.matchAll(SPEC)) {
    const spec = match[1] ?? match[2];
    if (!spec.startsWith('.')) named.add(spec);
    const target = resolveSpecifier(file, spec);
    if (target && target !== file) targets.add(target);
  }
  edges.set(file, targets);
  packages.set(file, named);
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
function cycles() {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!info.has(w)) { visit(w); info.get(v).low = Math.min(info.get(v).low, info.get(w).low); }
      else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do { w = stack.pop(); info.get(w).onStack = false; component.push(w); } while (w !== v);
      if (component.length > 1) found.push(component.map(rel).sort());
    }
  };
  for (const v of files) if (!info.has(v)) visit(v);
  return found;
}

/** The shell's layer of a path (scripts/importRules.mjs); null outside them (server, demo game). */
function layerOf(path) {
  for (const { rank, homes } of SHELL_LAYERS) {
    const pattern = homes.find((home) => matches(home, path));
    if (pattern) return { rank, home: homeOf(pattern, path) };
  }
  return null;
}

function wrongDirections() {
  const problems = [];
  for (const [file, targets] of edges) {
    const from = layerOf(rel(file));
    if (!from) continue;
    for (const target of targets) {
      const to = layerOf(rel(target));
      if (!to) continue;
      if (to.rank > from.rank) problems.push(`${rel(file)} imports ${rel(target)}: ${from.home} may not depend on ${to.home} (a higher layer)`);
      else if (from.rank === SEPARATE_RANK && to.rank === SEPARATE_RANK && from.home !== to.home) problems.push(`${rel(file)} imports ${rel(target)}: features do not import each other (compose them in src/app)`);
    }
  }
  return problems;
}

function serverLayerProblems() {
  const problems = [];
  for (const [file, targets] of edges) {
    const from = rel(file);
    for (const rule of SERVER_RULES) {
      if (!rule.files.some((pattern) => matches(pattern, from))) continue;
      for (const to of [...packages.get(file), ...[...targets].map(rel)]) {
        const pattern = rule.never.find((never) => matches(never, to));
        if (pattern) problems.push(`${from} imports ${to}: ${rule.why}`);
      }
    }
  }
  return problems;
}

/** What a provider may import: the contract and other providers. */
const PROVIDER_MAY_IMPORT = /^(contract\/|server\/providers\/)/;
/** Packages that are the database or HTTP: never a provider's. */
const DB_OR_HTTP_PACKAGE = /^(fastify|fastify-plugin|fastify-type-provider-zod|@fastify\/.*|kysely|pg|@electric-sql\/.*)$/;
/** Where SQL may be written: the services (and repositories they own), the database, the jobs. */
const SQL_HOMES = /^server\/(services|db|jobs)\//;
/** A query: kysely's builders on any handle, the sql tag, or raw SQL helpers. */
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(|\bsql\s*(<[^>;]*>)?\s*`|\bsql\.(raw|ref|table|id|lit|join|val)\s*\(/;
/** Opening a transaction: db/tx.ts's inTransaction, kysely's transaction(), or BEGIN by hand. */
const OPENS_TRANSACTION = /\binTransaction\s*\(|\.transaction\s*\(\s*\)|\.startTransaction\s*\(|\bsql\s*`\s*(BEGIN|START\s+TRANSACTION)\b/i;
/** The services that take the caller's transaction runner: each calls an outside party between
 * its writes, so it is several transactions (docs/server-layers.md, "Transactions"). */
const RUNNER_TAKERS = [
  'server/services/purchases/purchases.ts', 'server/services/purchases/consume.ts',
  'server/services/purchases/reconcile.ts', 'server/services/purchases/xsollaReconcile.ts',
  'server/services/economy/bridge.ts',
];
/** The one place LISTEN subscribers are started (and the plugin that decorates the client). */
const LISTEN_STARTERS = ['server/plugins/listeners.ts', 'server/plugins/external/database.ts'];

function serverRuleProblems() {
  const problems = [];
  for (const [file, targets] of edges) {
    const from = rel(file);
    if (!from.startsWith('server/')) continue;
    const text = code.get(file);
    if (from.startsWith('server/providers/')) {
      for (const name of packages.get(file)) {
        if (DB_OR_HTTP_PACKAGE.test(name)) problems.push(`${from} imports ${name}: providers are third-party clients (contract/ and other providers only)`);
      }
      for (const target of targets) {
        const to = rel(target);
        if (!PROVIDER_MAY_IMPORT.test(to)) problems.push(`${from} imports ${to}: providers import only contract/ and other providers (move what needs more into a service)`);
      }
    }
    if (!SQL_HOMES.test(from) && SQL.test(text)) problems.push(`${from} writes SQL: queries live in services/ (or db/, jobs/); call a service`);
    if (/^server\/(services|providers)\//.test(from)) {
      if (OPENS_TRANSACTION.test(text)) problems.push(`${from} opens a transaction: the route layer and jobs open them; take a Trx`);
      if (/\bRunInTransaction\b/.test(text) && !RUNNER_TAKERS.includes(from)) problems.push(`${from} takes a transaction runner: only the services named in RUNNER_TAKERS (docs/server-layers.md) may`);
    }
    if (/\bdbListen\b/.test(text) && !LISTEN_STARTERS.includes(from) && from !== 'server/types.d.ts') problems.push(`${from} reads app.dbListen: LISTEN subscribers are started in plugins/listeners.ts`);
  }
  return problems;
}

// Every cycle fails: there is no list of tolerated ones.
const found = cycles();
if (countOnly) {
  const homes = new Map();
  for (const file of files) {
    const layer = layerOf(rel(file));
    if (layer) homes.set(layer.home, (homes.get(layer.home) ?? 0) + 1);
  }
  console.log(`files checked: ${files.length}`);
  console.log(`import cycles: ${found.length}${found.length ? `\n  ${found.map((c) => c.join(' -> ')).join('\n  ')}` : ''}`);
  console.log(`imports against the direction: ${wrongDirections().length}`);
  console.log(`server imports against its layers: ${serverLayerProblems().length}`);
  console.log(`server rules broken (providers, SQL, transactions, LISTEN): ${serverRuleProblems().length}`);
  for (const [home, count] of [...homes].sort()) console.log(`  ${home}: ${count} files`);
  process.exit(0);
}

const problems = [
  ...found.map((c) => `import cycle: ${c.join(' -> ')}`),
  ...wrongDirections(),
  ...serverLayerProblems(),
  ...serverRuleProblems(),
];
if (problems.length > 0) {
  console.error(`check-imports: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-imports: ${files.length} files, no cycles, every import goes with the layers`);
