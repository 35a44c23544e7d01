// The game's page asks for the game's code (framework and WebAssembly, not the data) itself (<link rel="preload">) where its game
// starts at once, the own site's top-level page; never in a host's frame, never on a page the
// portal or the Discord Activity holds the download for, never on the studio's console.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import activity from '../../activity.config.json';
import { GAME_BUILD_FILES } from '../../contract/gameConstants';
import { detectHostOf } from '../../hosts/detect';
import { registerErrorHandling } from '../../server/plugins/errors';
import { registerStatic } from '../../server/plugins/static';
import { startsGameAtOnce } from '../../server/http/gamePreload';
import { testConfig } from './helpers';

const PAGE = `<!doctype html><html><head><title>TripShell</title>
    <script defer src="${GAME_BUILD_FILES.loaderUrl}" data-game-loader-page></script>
    <script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin data-game-preload>/g)].map((m) => m[1]);

describe('the game page\'s preloads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'game-preload-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), PAGE);
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    await registerStatic(app, testConfig({ STATIC_DIR: dir }));
    await app.ready();
  });
  afterAll(async () => { await app.close(); rmSync(dir, { recursive: true, force: true }); });

  it('a top-level page asks for the framework and the code right after the loader, in that order, and leaves the data to Unity\'s own cache', async () => {
    for (const url of ['/', '/index.html', '/?lang=de']) {
      const page = await app.inject({ url, headers: { 'sec-fetch-dest': 'document' } });
      expect(page.statusCode).toBe(200);
      expect(preloadsOf(page.body), url).toEqual([GAME_BUILD_FILES.frameworkUrl, GAME_BUILD_FILES.codeUrl]);
      expect(page.body.indexOf('data-game-preload')).toBeGreaterThan(page.body.indexOf('data-game-loader-page'));
      expect(page.body.indexOf('data-game-preload')).toBeLessThan(page.body.indexOf('/assets/index-abc.js'));
      expect(page.headers.vary).toContain('sec-fetch-dest');
    }
  });

  it('a host\'s frame, a browser that does not say, the portal and the Activity get none', async () => {
    const cases: Array<{ url: string; headers: Record<string, string> }> = [
      { url: '/', headers: { 'sec-fetch-dest': 'iframe' } },
      { url: '/', headers: {} },
      { url: '/?useLocalSdk=true', headers: { 'sec-fetch-dest': 'document' } },
      { url: '/?frame_id=1&instance_id=2&platform=desktop', headers: { 'sec-fetch-dest': 'document' } },
      { url: '/', headers: { 'sec-fetch-dest': 'document', host: 'games.crazygames.com' } },
    ];
    for (const { url, headers } of cases) {
      const page = await app.inject({ url, headers });
      expect(page.statusCode).toBe(200);
      expect(preloadsOf(page.body), `${url} ${JSON.stringify(headers)}`).toEqual([]);
    }
  });

  it('the studio\'s console never asks for the game', async () => {
    for (const url of ['/admin', '/admin/players']) {
      const page = await app.inject({ url, headers: { 'sec-fetch-dest': 'document' } });
      expect(preloadsOf(page.body), url).toEqual([]);
    }
  });
});

describe('the server\'s rule against the page\'s own host detection', () => {
  // Every top-level address the shell would start with a gate (the portal's SDK, a sign-in at
  // start: src/app/gameStart.ts) gets no preloads from the server.
  const addresses = [
    'https://example.com/', 'http://localhost:8080/?useLocalSdk=true', 'https://games.crazygames.com/tripshell/',
    'https://123.discordsays.com/?frame_id=a&instance_id=b&platform=desktop', 'http://localhost/?frame_id=a&instance_id=b&platform=mobile',
    'https://poki.com/game', 'https://tripshell.example/?lang=ja',
  ];
  it.each(addresses)('%s', (href) => {
    const host = detectHostOf({ href, framed: false, referrer: '', ancestorOrigins: [] }, activity);
    const gated = host.startWaitMs > 0 || host.signInAtStart;
    const url = new URL(href);
    const atOnce = startsGameAtOnce({ fetchDest: 'document', hostname: url.hostname, query: url.searchParams });
    if (gated) expect(atOnce).toBe(false);
    else expect(atOnce).toBe(true);
  });
});
