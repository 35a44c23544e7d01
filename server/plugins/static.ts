// Serves the built shell (dist/) and the active game build, after the routes: the game's files
// (http/gameBuild.ts), the page itself with its first frame's data (http/shellPage.ts), and the
// rest of dist/ (hashed assets cached for a year, everything else revalidated).
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ErrorReportingConfig } from '../../contract/errorReports';
import { MAX_GAME_BYTES, type PageData } from '../../contract/pageData';
import type { Config } from '../config';
import { gameBuildBytes, registerGameBuild } from '../http/gameBuild';
import { shellPage } from '../http/shellPage';
import { updateStreakCacheOf } from '../services/progress/updateStreak';

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
  const page = shellPage(resolve(staticDir, 'index.html'), options.pageData ?? (async () => ({})));
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
  app.get('/admin', page);
  app.get('/admin/*', page);
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
      // Read on every page, as the build files are: a build replaced while the server runs.
      const bytes = gameBuildBytes(app.config);
      const always = { ...(errorReporting ? { errorReporting } : {}), ...(bytes !== null && bytes <= MAX_GAME_BYTES ? { gameBytes: bytes } : {}) };
      const updateStreak = await streak.current();
      if (updateStreak === null) return always;
      const updateStreakLastDay = streak.lastDay();
      // With its last day, so the page can tell a running streak from one that ended.
      return updateStreakLastDay === null ? { updateStreak, ...always } : { updateStreak, updateStreakLastDay, ...always };
    },
  });
}, { name: 'static', dependencies: ['config', 'database', 'errors', 'security'] });
