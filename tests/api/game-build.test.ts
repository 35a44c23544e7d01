// /game/build/*: the demo build by default, a real Unity build from UNITY_BUILD_DIR (files found
// by suffix, pre-compressed ones sent with their Content-Encoding and never compressed again).
// The static plugin runs on a bare Fastify with the app's error handler: it needs no database,
// and the end-to-end tests load the real demo build through the whole app.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_BUILD_FILES } from '../../contract/game';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../../server/config';
import { registerErrorHandling } from '../../server/plugins/errors';
import { accepts, findUnityBuild, registerStatic } from '../../server/plugins/static';
import { testConfig } from './helpers';

interface TestApp { app: FastifyInstance; close(): Promise<void> }

async function startStatic(overrides: Partial<Config>): Promise<TestApp> {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  await registerStatic(app, testConfig(overrides));
  await app.ready();
  return { app, close: () => app.close() };
}

const LOADER = 'window.createUnityInstance = async () => ({});\n';
const DATA = Buffer.from('UnityWebData1.0\0'.repeat(64));
const FRAMEWORK = 'var unityFramework = function () { return 42; };\n'.repeat(20);
const WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

const root = mkdtempSync(join(tmpdir(), 'game-build-'));
const unityDir = join(root, 'unity');
const demoDir = join(root, 'demo');

beforeAll(() => {
  mkdirSync(join(unityDir, 'Build'), { recursive: true });
  writeFileSync(join(unityDir, 'index.html'), '<!doctype html>');
  writeFileSync(join(unityDir, 'Build', 'WebGL.loader.js'), LOADER);
  writeFileSync(join(unityDir, 'Build', 'WebGL.data.br'), brotliCompressSync(DATA));
  writeFileSync(join(unityDir, 'Build', 'WebGL.framework.js.gz'), gzipSync(FRAMEWORK));
  writeFileSync(join(unityDir, 'Build', 'WebGL.wasm.br'), brotliCompressSync(WASM));
  mkdirSync(demoDir, { recursive: true });
  writeFileSync(join(demoDir, 'loader.js'), LOADER);
  writeFileSync(join(demoDir, 'game.data'), DATA);
  writeFileSync(join(demoDir, 'framework.js'), FRAMEWORK);
  writeFileSync(join(demoDir, 'code.wasm'), WASM);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('finding the files of a Unity build', () => {
  it('finds each part by suffix in Build/ and notes its pre-compression', () => {
    const found = findUnityBuild(unityDir);
    expect(found.loader).toEqual({ path: join(unityDir, 'Build', 'WebGL.loader.js'), encoding: null });
    expect(found.data).toEqual({ path: join(unityDir, 'Build', 'WebGL.data.br'), encoding: 'br' });
    expect(found.framework).toEqual({ path: join(unityDir, 'Build', 'WebGL.framework.js.gz'), encoding: 'gzip' });
    expect(found.code).toEqual({ path: join(unityDir, 'Build', 'WebGL.wasm.br'), encoding: 'br' });
  });

  it('reads Accept-Encoding, q=0 included', () => {
    expect(accepts('gzip, deflate, br', 'br')).toBe(true);
    expect(accepts('gzip, deflate', 'br')).toBe(false);
    expect(accepts('br;q=0, gzip', 'br')).toBe(false);
    expect(accepts('*', 'gzip')).toBe(true);
    expect(accepts(undefined, 'gzip')).toBe(false);
  });
});

describe('a Unity build from UNITY_BUILD_DIR', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startStatic({ UNITY_BUILD_DIR: unityDir, DEMO_GAME_DIR: demoDir }); });
  afterAll(async () => { await t.close(); });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves the loader as plain JavaScript', async () => {
    const r = await get(GAME_BUILD_FILES.loaderUrl, { 'accept-encoding': 'gzip, br' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/javascript/);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body).toBe(LOADER);
  });

  it('sends .br data as-is with Content-Encoding: br, never compressed twice', async () => {
    const r = await get(GAME_BUILD_FILES.dataUrl, { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.rawPayload.equals(brotliCompressSync(DATA))).toBe(true);
    expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length);
  });

  it('sends the .gz framework with Content-Encoding: gzip and a JavaScript type', async () => {
    const r = await get(GAME_BUILD_FILES.frameworkUrl, { 'accept-encoding': 'gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['content-type']).toMatch(/^application\/javascript/);
    expect(r.rawPayload.equals(gzipSync(FRAMEWORK))).toBe(true);
  });

  it('sends the code as application/wasm with its Brotli encoding', async () => {
    const r = await get(GAME_BUILD_FILES.codeUrl, { 'accept-encoding': 'br' });
    expect(r.headers['content-type']).toBe('application/wasm');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.rawPayload.equals(brotliCompressSync(WASM))).toBe(true);
  });

  it('decompresses for a client that cannot take the encoding', async () => {
    const r = await get(GAME_BUILD_FILES.codeUrl, { 'accept-encoding': 'gzip' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-type']).toBe('application/wasm');
    expect(r.rawPayload.equals(WASM)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get(GAME_BUILD_FILES.loaderUrl);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get(GAME_BUILD_FILES.loaderUrl, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 in the JSON error shape for anything else under /game/build', async () => {
    for (const url of ['/game/build/index.html', '/game/build/WebGL.loader.js', '/game/build/..%2F..%2Fpackage.json']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.json()).toMatchObject({ error: expect.any(String) });
    }
  });
});

describe('the demo build by default', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startStatic({ DEMO_GAME_DIR: demoDir }); });
  afterAll(async () => { await t.close(); });

  it('serves the four demo files at the fixed URLs with their types', async () => {
    const expected: Array<[string, RegExp, Buffer | string]> = [
      [GAME_BUILD_FILES.loaderUrl, /^application\/javascript/, LOADER],
      [GAME_BUILD_FILES.dataUrl, /^application\/octet-stream$/, DATA],
      [GAME_BUILD_FILES.frameworkUrl, /^application\/javascript/, FRAMEWORK],
      [GAME_BUILD_FILES.codeUrl, /^application\/wasm$/, WASM],
    ];
    for (const [url, type, body] of expected) {
      const r = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toMatch(type);
      expect(r.headers['content-encoding'], url).toBeUndefined();
      expect(r.rawPayload.equals(Buffer.from(body)), url).toBe(true);
    }
  });

  it('says what is missing when the demo was not built', async () => {
    const empty = await startStatic({ DEMO_GAME_DIR: join(root, 'nothing-here') });
    try {
      const r = await empty.app.inject({ method: 'GET', url: GAME_BUILD_FILES.loaderUrl });
      expect(r.statusCode).toBe(404);
      expect(r.json().error).toMatch(/npm run build/);
    } finally {
      await empty.close();
    }
  });
});
