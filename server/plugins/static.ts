// Serves the built shell (dist/) and the active game build. Hashed assets are cached for a year;
// index.html is always revalidated, and carries the page data of its first frame (the daily
// update streak, services/progress/updateStreak.ts). The game's four files are always at the fixed URLs of
// GAME_BUILD_FILES (contract/game.ts): from the demo build (DEMO_GAME_DIR) by default, or from a
// real Unity build (UNITY_BUILD_DIR), whose files are found by suffix and served with the
// Content-Encoding their pre-compression needs, never compressed twice. `.unityweb` files say
// nothing in their name: their first bytes tell gzip from Brotli (as Unity's own loader reads
// them). The build folder is looked at on every request, so a build replaced while the server
// runs is served whole, never half old and half 404. The build's StreamingAssets/ folder is
// served at STREAMING_ASSETS_PATH.
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, existsSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { GAME_BUILD_FILES } from '../../contract/gameConstants';
import type { ErrorReportingConfig } from '../../contract/errorReports';
import { pageDataElement, type PageData } from '../../contract/pageData';
import { PageDataSchema } from '../../contract/pageDataSchema';
import type { Config } from '../config';
import { notFound } from '../errors';
import { startsGameAtOnce, withGamePreloads } from '../http/gamePreload';
import { updateStreakCacheOf } from '../services/progress/updateStreak';

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

async function registerGameBuild(app: FastifyInstance, config: Config): Promise<void> {
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

export async function registerStatic(app: FastifyInstance, config: Config, options: StaticOptions = {}): Promise<void> {
  await registerGameBuild(app, config);

  const staticDir = config.STATIC_DIR ? resolve(config.STATIC_DIR) : '';
  const hasShell = staticDir !== '' && existsSync(resolve(staticDir, 'index.html'));
  if (!hasShell) {
    app.get('/', async (_req, reply) => reply.type('text/plain').send('The shell is not built: run `npm run build` (npm start does this for you).'));
    return;
  }
  // The page itself (/, /index.html and the console's addresses) is served here, not by
  // fastify-static: it carries the page data (contract/pageData.ts) its first frame shows.
  const page = shellPage(resolve(staticDir, 'index.html'), options.pageData ?? (async () => ({})), { game: true });
  app.get('/', page);
  app.get('/index.html', page);
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: true,
    index: false,
    // The build's source maps are for the error tracker only (vite.config.ts build.sourcemap 'hidden').
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders: (res, path) => {
      if (/[\\/]assets[\\/].+-[A-Za-z0-9_-]{8,}\.\w+$/.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  // The studio's console is a page of the same build (src/main.ts loads its own chunk there);
  // whoever is not an admin sees "Admins only" and the API answers them 401/403.
  const consolePage = shellPage(resolve(staticDir, 'index.html'), options.pageData ?? (async () => ({})), { game: false });
  app.get('/admin', consolePage);
  app.get('/admin/*', consolePage);
}

/**
 * index.html with the page data written into its head (read again when the file changes, e.g.
 * a new build), answered with an ETag of the whole page, so a revalidation costs no body when
 * neither the build nor the data changed. The game's page also asks for the game's files at once
 * where its game starts without waiting for a host (http/gamePreload.ts); the console never does.
 */
function shellPage(file: string, pageData: () => Promise<PageData>, options: { game: boolean }) {
  let cached: { stamp: string; html: string } | null = null;
  const template = (): string => {
    const stats = statSync(file);
    const stamp = `${stats.size}-${stats.mtimeMs}`;
    if (cached?.stamp !== stamp) cached = { stamp, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const html = template();
    // Checked against the contract before it goes out; a figure it refuses is left out (223 then).
    const checked = PageDataSchema.safeParse(await pageData());
    if (!checked.success) request.log.error({ err: checked.error }, 'page data refused by its schema');
    const data = checked.success ? checked.data : {};
    const withData = Object.keys(data).length > 0 ? html.replace('</head>', `${pageDataElement(data)}\n  </head>`) : html;
    const query = new URL(request.url, 'http://page.invalid').searchParams;
    const fetchDest = request.headers['sec-fetch-dest'];
    const preload = options.game && startsGameAtOnce({ fetchDest: typeof fetchDest === 'string' ? fetchDest : undefined, hostname: request.hostname, query });
    const body = preload ? withGamePreloads(withData) : withData;
    // The same address gives a page with or without the preloads, by the frame it is loaded in.
    if (options.game) reply.header('vary', 'sec-fetch-dest');
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(body);
  };
}

/**
 * What the page tells the browser SDK (contract/errorReports.ts), or null when SENTRY_DSN is unset:
 * one build serves every deployment, each page learns its own DSN. Only the DSN's public key goes
 * out (a legacy DSN's secret part is dropped).
 */
export function browserErrorReporting(config: Pick<Config, 'SENTRY_DSN' | 'SENTRY_ENVIRONMENT' | 'APP_VERSION' | 'NODE_ENV'>): ErrorReportingConfig | null {
  if (!config.SENTRY_DSN) return null;
  const dsn = new URL(config.SENTRY_DSN);
  dsn.password = '';
  return { dsn: dsn.toString(), release: config.APP_VERSION, environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV };
}

export interface StaticOptions {
  /** What the page carries for its first frame (default: nothing). */
  pageData?: () => Promise<PageData>;
}

/** Registered after the routes: the built shell's files and the game build. */
export default fp(async (app) => {
  const streak = updateStreakCacheOf(app.db, (error) => app.log.warn({ err: error }, 'the release log could not be read for the page\'s update streak'));
  // Read once as the server starts listening (after the start-up step), so the first page waits for nothing.
  app.addHook('onListen', async () => { void streak.current(); });
  const errorReporting = browserErrorReporting(app.config);
  await registerStatic(app, app.config, {
    pageData: async () => {
      const reporting = errorReporting ? { errorReporting } : {};
      const updateStreak = await streak.current();
      if (updateStreak === null) return reporting;
      const updateStreakLastDay = streak.lastDay();
      // With its last day, so the page can tell a running streak from one that ended.
      return updateStreakLastDay === null ? { updateStreak, ...reporting } : { updateStreak, updateStreakLastDay, ...reporting };
    },
  });
}, { name: 'static', dependencies: ['config', 'database', 'errors', 'security'] });
