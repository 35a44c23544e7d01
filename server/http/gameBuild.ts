// The game's four files, always at the fixed URLs of GAME_BUILD_FILES (contract/game.ts): from the
// demo build (DEMO_GAME_DIR) by default, or from a real Unity build (UNITY_BUILD_DIR), whose files
// are found by suffix and served with the Content-Encoding their pre-compression needs, never
// compressed twice. `.unityweb` files say nothing in their name: their first bytes tell gzip from
// Brotli (as Unity's own loader reads them). The build folder is looked at on every request, so a
// build replaced while the server runs is served whole, never half old and half 404. The build's
// StreamingAssets/ folder is served at STREAMING_ASSETS_PATH. Registered by plugins/static.ts.
import { closeSync, createReadStream, existsSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GAME_BUILD_FILES } from '../../contract/gameConstants';
import type { Config } from '../config';
import { notFound } from '../errors';

export type BuildPart = 'loader' | 'data' | 'framework' | 'code';
export type PreCompression = 'br' | 'gzip' | null;

export interface BuildFile {
  path: string;
  encoding: PreCompression;
}

/** The URL file name of each part (the last segment of GAME_BUILD_FILES' URLs). */
const URL_NAMES: Record<string, BuildPart> = Object.fromEntries(
  (Object.entries({ loader: GAME_BUILD_FILES.loaderUrl, data: GAME_BUILD_FILES.dataUrl, framework: GAME_BUILD_FILES.frameworkUrl, code: GAME_BUILD_FILES.codeUrl }) as Array<[BuildPart, string]>)
    .map(([part, url]) => [url.slice(url.lastIndexOf('/') + 1), part]),
);

const CONTENT_TYPES: Record<BuildPart, string> = {
  loader: 'application/javascript; charset=utf-8',
  framework: 'application/javascript; charset=utf-8',
  data: 'application/octet-stream',
  code: 'application/wasm',
};

/** Unity's file name endings per part; `.unityweb` is Unity's own (decompressed by its loader). */
const UNITY_SUFFIXES: Record<BuildPart, RegExp> = {
  loader: /\.loader\.js$/,
  framework: /\.framework\.js(\.br|\.gz|\.unityweb)?$/,
  data: /\.data(\.br|\.gz|\.unityweb)?$/,
  code: /\.wasm(\.br|\.gz|\.unityweb)?$/,
};

/** Where the active Unity build's StreamingAssets/ folder is served (loader option streamingAssetsUrl). */
export const STREAMING_ASSETS_PATH = '/game/StreamingAssets/';

function encodingOf(name: string): PreCompression {
  if (name.endsWith('.br')) return 'br';
  if (name.endsWith('.gz')) return 'gzip';
  return null;
}

/** The comment Unity's Brotli compressor embeds in a metadata block at the start of the stream. */
const BROTLI_MARKER = Buffer.from('UnityWeb Compressed Content (brotli)');

/**
 * What a `.unityweb` file holds, from its first bytes: gzip starts with 1f 8b; Unity's Brotli
 * streams carry BROTLI_MARKER in a metadata block right after the stream header (Unity's loader
 * checks for it the same way, since Brotli has no magic number); anything else is uncompressed.
 */
export function sniffEncoding(head: Uint8Array): PreCompression {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (Buffer.from(head.subarray(0, 64)).includes(BROTLI_MARKER)) return 'br';
  return null;
}

function sniffFile(path: string): PreCompression {
  let fd: number | null = null;
  try {
    fd = openSync(path, 'r');
    const head = Buffer.alloc(64);
    const read = readSync(fd, head, 0, head.length, 0);
    return sniffEncoding(head.subarray(0, read));
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** Finds the four files of a Unity WebGL build (in `dir/Build/`, or `dir` itself). */
export function findUnityBuild(dir: string): Partial<Record<BuildPart, BuildFile>> {
  const buildDir = existsSync(join(dir, 'Build')) ? join(dir, 'Build') : dir;
  const names = existsSync(buildDir) ? readdirSync(buildDir).sort() : [];
  const found: Partial<Record<BuildPart, BuildFile>> = {};
  const rank = (name: string) => ['br', 'gzip', null].indexOf(encodingOf(name));
  for (const part of Object.keys(UNITY_SUFFIXES) as BuildPart[]) {
    const candidates = names.filter((n) => UNITY_SUFFIXES[part].test(n)).sort((a, b) => rank(a) - rank(b));
    const name = candidates[0];
    if (!name) continue;
    const path = join(buildDir, name);
    found[part] = { path, encoding: name.endsWith('.unityweb') ? sniffFile(path) : encodingOf(name) };
  }
  return found;
}

/**
 * The bytes of the build `registerGameBuild` serves (its four files as stored, which is what goes
 * over the wire to a browser taking their pre-compression), for the loading screen's figure; null
 * when a file is missing (no build yet, an incomplete Unity build): the page then names no size.
 */
export function gameBuildBytes(config: Pick<Config, 'UNITY_BUILD_DIR' | 'DEMO_GAME_DIR'>): number | null {
  const files = config.UNITY_BUILD_DIR ? findUnityBuild(resolve(config.UNITY_BUILD_DIR)) : demoBuild(resolve(config.DEMO_GAME_DIR));
  let total = 0;
  for (const part of ['loader', 'data', 'framework', 'code'] as const) {
    const file = files[part];
    if (!file) return null;
    try {
      const stats = statSync(file.path);
      if (!stats.isFile()) return null;
      total += stats.size;
    } catch {
      return null;
    }
  }
  return total > 0 ? total : null;
}

function demoBuild(dir: string): Record<BuildPart, BuildFile> {
  const file = (url: string): BuildFile => ({ path: join(dir, url.slice(url.lastIndexOf('/') + 1)), encoding: null });
  return { loader: file(GAME_BUILD_FILES.loaderUrl), data: file(GAME_BUILD_FILES.dataUrl), framework: file(GAME_BUILD_FILES.frameworkUrl), code: file(GAME_BUILD_FILES.codeUrl) };
}

/** Whether the request's Accept-Encoding allows `encoding` (a q of 0 refuses it). */
export function accepts(header: string | undefined, encoding: 'br' | 'gzip'): boolean {
  if (!header) return false;
  return header.split(',').some((entry) => {
    const [token, ...params] = entry.trim().split(';');
    if (token?.trim().toLowerCase() !== encoding && token?.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

function sendBuildFile(request: FastifyRequest, reply: FastifyReply, part: BuildPart, file: BuildFile, missing: string) {
  let stats;
  try { stats = statSync(file.path); } catch { stats = null; }
  if (!stats?.isFile()) throw notFound(missing);
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  reply.header('content-type', CONTENT_TYPES[part]);
  reply.header('cache-control', 'no-cache');
  reply.header('etag', etag);
  if (file.encoding) reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const stream = createReadStream(file.path);
  if (!file.encoding) return reply.header('content-length', stats.size).send(stream);
  if (accepts(request.headers['accept-encoding'], file.encoding)) {
    // Already compressed: say so, and send the bytes as they are.
    return reply.header('content-encoding', file.encoding).header('content-length', stats.size).send(stream);
  }
  // A client that cannot take this encoding (Brotli over plain http, say) gets it decompressed.
  return reply.send(stream.pipe(file.encoding === 'br' ? createBrotliDecompress() : createGunzip()));
}

export async function registerGameBuild(app: FastifyInstance, config: Config): Promise<void> {
  const unityDir = config.UNITY_BUILD_DIR ? resolve(config.UNITY_BUILD_DIR) : null;
  if (unityDir) {
    const found = findUnityBuild(unityDir);
    if (Object.keys(found).length < 4) app.log.warn({ dir: unityDir, found: Object.keys(found) }, 'UNITY_BUILD_DIR does not hold a complete Unity WebGL build');
  }
  const demo = demoBuild(resolve(config.DEMO_GAME_DIR));

  app.get<{ Params: { file: string } }>('/game/build/:file', { config: { rateLimit: false } }, async (request, reply) => {
    const part = URL_NAMES[request.params.file];
    if (!part) throw notFound('No such game build file');
    if (!unityDir) return sendBuildFile(request, reply, part, demo[part], `The demo game has no ${part} file: run \`npm run build\` (or set UNITY_BUILD_DIR to a Unity build)`);
    // Read the folder on every request (a handful of names): a build replaced while the server
    // runs is picked up whole, with no restart.
    const missing = `The Unity build in UNITY_BUILD_DIR (${unityDir}) has no ${part} file (Build/*${UNITY_FILE_HINT[part]})`;
    const file = findUnityBuild(unityDir)[part];
    if (!file) throw notFound(missing);
    return sendBuildFile(request, reply, part, file, missing);
  });

  app.get<{ Params: { '*': string } }>(`${STREAMING_ASSETS_PATH}*`, { config: { rateLimit: false } }, async (request, reply) => {
    if (!unityDir) throw notFound('No StreamingAssets: UNITY_BUILD_DIR is not set (the demo game has none)');
    return sendStreamingAsset(reply, join(unityDir, 'StreamingAssets'), request.params['*']);
  });
}

const UNITY_FILE_HINT: Record<BuildPart, string> = { loader: '.loader.js', data: '.data[.br|.gz|.unityweb]', framework: '.framework.js[.br|.gz|.unityweb]', code: '.wasm[.br|.gz|.unityweb]' };

const ASSET_TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8', '.txt': 'text/plain; charset=utf-8', '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif',
  '.mp3': 'audio/mpeg', '.ogg': 'audio/ogg', '.wav': 'audio/wav', '.mp4': 'video/mp4', '.webm': 'video/webm',
  '.js': 'application/javascript; charset=utf-8', '.wasm': 'application/wasm',
};

/** One file under the build's StreamingAssets/, never a path outside it. */
function sendStreamingAsset(reply: FastifyReply, root: string, relative: string) {
  const decoded = relative; // the router has already decoded it
  const path = resolve(root, decoded);
  if (decoded === '' || decoded.includes('\0') || !path.startsWith(root + sep)) throw notFound('No such streaming asset');
  let stats;
  try { stats = statSync(path); } catch { stats = null; }
  if (!stats?.isFile()) throw notFound(`No such streaming asset in UNITY_BUILD_DIR/StreamingAssets: ${decoded}`);
  return reply
    .header('content-type', ASSET_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream')
    .header('cache-control', 'no-cache')
    .header('content-length', stats.size)
    .send(createReadStream(path));
}
