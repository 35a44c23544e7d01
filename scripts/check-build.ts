// `npm run check-build -- <folder>`: reads a Unity WebGL build (its folder, or its Build/ folder)
// or the demo game's build (dist/game) and prints, per host, what that host's written rules
// measure, with a verdict; exits 1 when a rule is broken, 2 when the folder is not a build.
//
// What is measured:
// - the initial download as our static server serves it (server/plugins/static.ts): the four
//   files the loader fetches before play (loader, framework, code, data), at their size on disk,
//   which is what goes over the wire (pre-compressed files are sent as they are, with a
//   Content-Encoding; uncompressed ones are not compressed on the fly);
// - the total size and the number of files of the whole folder;
// - each part's compression (gzip, Brotli, none), and whether its bytes are what the server's
//   Content-Encoding will say (a `.br` that is not Brotli would reach the browser as garbage);
// - whether the build calls our hook (GAME_HOOKS.loadingComplete, which TripShell.jslib's
//   TripShell_LoadingComplete calls): without it the shell's loading screen waits for its bound;
//   and whether it uses the host API (GAME_HOOKS.hostCall) and tells its gameplay;
// - the absolute addresses the loader and framework name, which Poki blocks and Discord reaches
//   only through URL mappings (listed, not judged: many are only text in error messages).
//
// The hosts' rules, from their own pages:
// - CrazyGames, "Technical requirements" (docs.crazygames.com/requirements/technical): total file
//   size at most 250 MB, at most 1,500 files, initial download at most 50 MB (at most 20 MB to be
//   eligible for the mobile homepage; measured up to the first gameplayStart).
// - Poki, "Requirements" (sdk.poki.com): external requests are blocked by default (games must
//   bundle their assets; multiplayer servers are the named exception). It names no size limit.
// - Discord, "Networking" (Activity Proxy Considerations, docs.discord.com): every request goes
//   through Discord's proxy; outside addresses are reached only through URL mappings. It names no
//   size limit.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAME_BUILD_FILES, GAME_HOOKS } from '../contract/gameConstants';
import { findUnityBuild, sniffEncoding, type BuildPart, type PreCompression } from '../server/http/gameBuild';

const MB = 1_000_000;
/** CrazyGames' limits ("Technical requirements"). */
export const CRAZYGAMES_LIMITS = { initialBytes: 50 * MB, mobileHomepageBytes: 20 * MB, totalBytes: 250 * MB, files: 1_500 } as const;
const PARTS: readonly BuildPart[] = ['loader', 'framework', 'code', 'data'];
const GAMEPLAY_CALL = /["'`]?call["'`]?\s*:\s*["'`]gameplay["'`]/;

export interface PartMeasure {
  part: BuildPart;
  file: string;
  bytes: number;
  /** What the name (or, for `.unityweb`, the first bytes) says: the Content-Encoding it is served with. */
  servedAs: PreCompression;
  /** What the bytes really are. */
  actual: PreCompression | 'unreadable';
}

export interface BuildMeasure {
  folder: string;
  kind: 'unity' | 'demo';
  parts: PartMeasure[];
  missing: BuildPart[];
  initialBytes: number;
  totalBytes: number;
  files: number;
  callsHook: boolean;
  usesHostApi: boolean;
  tellsGameplay: boolean;
  externalAddresses: string[];
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** The bytes as the browser gets them after the Content-Encoding, or null when they do not decode. */
function decoded(bytes: Buffer, encoding: PreCompression): Buffer | null {
  try {
    if (encoding === 'br') return brotliDecompressSync(bytes);
    if (encoding === 'gzip') return gunzipSync(bytes);
    return bytes;
  } catch {
    return null;
  }
}

/** What a file's bytes are: gzip by its magic number, Brotli when it decodes as Brotli, else none. */
function actualEncoding(bytes: Buffer): PreCompression | 'unreadable' {
  const sniffed = sniffEncoding(bytes.subarray(0, 64));
  if (sniffed === 'gzip') return decoded(bytes, 'gzip') ? 'gzip' : 'unreadable';
  if (sniffed === 'br' || decoded(bytes, 'br') !== null) return 'br';
  return null;
}

/** The four files of the build in `folder`: a Unity build (by suffix), else the demo game's fixed names. */
function partsOf(folder: string): { kind: 'unity' | 'demo'; files: Partial<Record<BuildPart, { path: string; encoding: PreCompression }>> } {
  const urls: Record<BuildPart, string> = { loader: GAME_BUILD_FILES.loaderUrl, framework: GAME_BUILD_FILES.frameworkUrl, code: GAME_BUILD_FILES.codeUrl, data: GAME_BUILD_FILES.dataUrl };
  const demoName = (part: BuildPart) => urls[part].slice(urls[part].lastIndexOf('/') + 1);
  // The demo game's fixed names (loader.js, framework.js) are no Unity build's (<name>.loader.js).
  if (!existsSync(join(folder, demoName('loader')))) return { kind: 'unity', files: findUnityBuild(folder) };
  const demo: Partial<Record<BuildPart, { path: string; encoding: PreCompression }>> = {};
  for (const part of PARTS) {
    const path = join(folder, demoName(part));
    if (existsSync(path)) demo[part] = { path, encoding: null };
  }
  return { kind: 'demo', files: demo };
}

export function measureBuild(folderArg: string): BuildMeasure {
  const folder = resolve(folderArg);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new Error(`${folderArg} is not a folder`);
  const { kind, files } = partsOf(folder);
  const parts: PartMeasure[] = [];
  const texts: string[] = [];
  /** The data file too, for the gameplay call: a Unity build keeps C#'s string literals there. */
  let data = '';
  for (const part of PARTS) {
    const found = files[part];
    if (!found) continue;
    const bytes = readFileSync(found.path);
    const actual = actualEncoding(bytes);
    parts.push({ part, file: relative(folder, found.path), bytes: bytes.length, servedAs: found.encoding, actual });
    const text = () => decoded(bytes, actual === 'unreadable' ? null : actual)?.toString('latin1') ?? '';
    if (part === 'loader' || part === 'framework') texts.push(text());
    if (part === 'data') data = text();
  }
  const all = walk(folder);
  const code = texts.join('\n');
  const addresses = new Set([...code.matchAll(/\bhttps?:\/\/([a-z0-9.-]+\.[a-z]{2,})/gi)].map((m) => (m[1] ?? '').toLowerCase()));
  return {
    folder,
    kind,
    parts,
    missing: PARTS.filter((p) => !files[p]),
    initialBytes: parts.reduce((sum, p) => sum + p.bytes, 0),
    totalBytes: all.reduce((sum, f) => sum + statSync(f).size, 0),
    files: all.length,
    callsHook: code.includes(GAME_HOOKS.loadingComplete),
    usesHostApi: code.includes(GAME_HOOKS.hostCall),
    // {call:`gameplay`} minified in a script, {"call":"gameplay" in WebBridge.cs's literal.
    tellsGameplay: GAMEPLAY_CALL.test(code) || GAMEPLAY_CALL.test(data),
    externalAddresses: [...addresses].sort(),
  };
}

export type Verdict = 'pass' | 'warn' | 'fail';
export interface HostJudgement { host: string; verdict: Verdict; lines: Array<{ verdict: Verdict; text: string }> }

const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
const worst = (lines: Array<{ verdict: Verdict }>): Verdict => (lines.some((l) => l.verdict === 'fail') ? 'fail' : lines.some((l) => l.verdict === 'warn') ? 'warn' : 'pass');

/** What every host needs of a build: its four parts, each served with the encoding its bytes have. */
function servingLines(m: BuildMeasure): Array<{ verdict: Verdict; text: string }> {
  const lines: Array<{ verdict: Verdict; text: string }> = [];
  if (m.missing.length > 0) lines.push({ verdict: 'fail', text: `missing parts: ${m.missing.join(', ')} (the loader cannot start the game)` });
  for (const p of m.parts) {
    const served = p.servedAs ? `Content-Encoding ${p.servedAs}` : 'as is';
    if (p.actual === 'unreadable' || (p.servedAs !== null && p.servedAs !== p.actual)) {
      lines.push({ verdict: 'fail', text: `${p.part} ${p.file}: served with ${served}, but its bytes are ${p.actual ?? 'not compressed'}` });
    } else if (p.servedAs === null && p.part !== 'loader' && p.actual !== null) {
      lines.push({ verdict: 'warn', text: `${p.part} ${p.file}: ${p.actual} inside a name that says nothing: served as is, Unity's loader decompresses it in script (slower)` });
    } else if (p.servedAs === null && p.part !== 'loader' && p.bytes > 1 * MB) {
      lines.push({ verdict: 'warn', text: `${p.part} ${p.file}: ${mb(p.bytes)} not compressed (build with gzip or Brotli)` });
    } else {
      lines.push({ verdict: 'pass', text: `${p.part} ${p.file}: ${mb(p.bytes)}, served ${served}` });
    }
  }
  return lines;
}

export function judge(m: BuildMeasure): HostJudgement[] {
  const serving = servingLines(m);
  const hook = m.callsHook
    ? { verdict: 'pass' as const, text: `calls our hook ${GAME_HOOKS.loadingComplete} (the loading screen goes when the game is ready)` }
    : { verdict: 'warn' as const, text: `does not call our hook ${GAME_HOOKS.loadingComplete}: add TripShell.jslib and WebBridge.cs (the loading screen waits for its bound)` };
  const gameplay = m.tellsGameplay
    ? { verdict: 'pass' as const, text: 'tells its gameplay (host API gameplay call): menus and round ends stop the portals\' play time' }
    : { verdict: 'warn' as const, text: 'never tells its gameplay (WebBridge.Gameplay): only the shell\'s overlays stop the portals\' play time' };
  const addresses = m.externalAddresses.length === 0
    ? { verdict: 'pass' as const, text: 'names no outside address' }
    : { verdict: 'warn' as const, text: `names ${m.externalAddresses.length} outside address(es) (check each is only text, not a request): ${m.externalAddresses.slice(0, 6).join(', ')}${m.externalAddresses.length > 6 ? ', …' : ''}` };

  const cg = CRAZYGAMES_LIMITS;
  const crazygames = [
    { verdict: m.initialBytes <= cg.initialBytes ? 'pass' : 'fail', text: `initial download ${mb(m.initialBytes)} (limit ${mb(cg.initialBytes)})` },
    { verdict: m.initialBytes <= cg.mobileHomepageBytes ? 'pass' : 'warn', text: `mobile homepage: ${m.initialBytes <= cg.mobileHomepageBytes ? 'eligible' : 'not eligible'} (initial download limit ${mb(cg.mobileHomepageBytes)})` },
    { verdict: m.totalBytes <= cg.totalBytes ? 'pass' : 'fail', text: `total size ${mb(m.totalBytes)} (limit ${mb(cg.totalBytes)})` },
    { verdict: m.files <= cg.files ? 'pass' : 'fail', text: `${m.files} files (limit ${cg.files.toLocaleString('en')})` },
    ...serving, hook, gameplay,
  ] as Array<{ verdict: Verdict; text: string }>;
  const poki = [
    { verdict: 'pass', text: `initial download ${mb(m.initialBytes)}, total ${mb(m.totalBytes)}, ${m.files} files (Poki names no limit)` },
    { ...addresses, text: `external requests are blocked: ${addresses.text}` },
    ...serving, hook, gameplay,
  ] as Array<{ verdict: Verdict; text: string }>;
  const discord = [
    { verdict: 'pass', text: `initial download ${mb(m.initialBytes)}, total ${mb(m.totalBytes)}, ${m.files} files (Discord names no limit)` },
    { ...addresses, text: `outside addresses need a URL mapping: ${addresses.text}` },
    ...serving, hook,
  ] as Array<{ verdict: Verdict; text: string }>;
  const web = [...serving, hook] as Array<{ verdict: Verdict; text: string }>;
  return [
    { host: 'CrazyGames', verdict: worst(crazygames), lines: crazygames },
    { host: 'Poki', verdict: worst(poki), lines: poki },
    { host: 'Discord', verdict: worst(discord), lines: discord },
    { host: 'the web', verdict: worst(web), lines: web },
  ];
}

const MARK: Record<Verdict, string> = { pass: 'ok  ', warn: 'warn', fail: 'FAIL' };

export function report(m: BuildMeasure, judged: HostJudgement[]): string {
  const out = [`${m.kind === 'unity' ? 'Unity WebGL build' : 'demo game build'}: ${m.folder}`];
  for (const j of judged) {
    out.push('', `${j.host}: ${j.verdict === 'fail' ? 'FAILS its rules' : j.verdict === 'warn' ? 'passes, with warnings' : 'passes'}`);
    for (const line of j.lines) out.push(`  ${MARK[line.verdict]} ${line.text}`);
  }
  return out.join('\n');
}

/** The command: prints the report, answers the exit code (0 pass, 1 a rule broken, 2 no build). */
export function main(args: string[], out: Pick<Console, 'log' | 'error'> = console): number {
  const folder = args.find((a) => !a.startsWith('-'));
  if (!folder) { out.error('usage: npm run check-build -- <build folder>'); return 2; }
  let measure: BuildMeasure;
  try { measure = measureBuild(folder); } catch (error) {
    out.error(`check-build: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const judged = judge(measure);
  out.log(report(measure, judged));
  return judged.some((j) => j.verdict === 'fail') ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
