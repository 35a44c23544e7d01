// /game/build/*: the demo build by default, a real Unity build from UNITY_BUILD_DIR (files found
// by suffix, pre-compressed ones sent with their Content-Encoding and never compressed again).
// The static plugin runs on a bare Fastify with the app's error handler: it needs no database,
// and the end-to-end tests load the real demo build through the whole app.
import { mkdtempSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_BUILD_FILES } from '../../contract/game';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../../server/config';
import { registerErrorHandling } from '../../server/plugins/errors';
import { accepts, findUnityBuild, sniffEncoding, STREAMING_ASSETS_PATH } from '../../server/http/gameBuild';
import { registerStatic } from '../../server/plugins/static';
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

/**
 * A Brotli stream the way Unity's compressor writes it: the stream header, a metadata block
 * holding the comment "UnityWeb Compressed Content (brotli)", then the data (stored in
 * uncompressed meta-blocks here: any valid Brotli decoder reads it back).
 */
function unityBrotli(data: Buffer): Buffer {
  const bytes: number[] = [];
  let acc = 0;
  let n = 0;
  const bits = (value: number, count: number) => {
    for (let i = 0; i < count; i += 1) {
      acc |= ((value >> i) & 1) << n;
      n += 1;
      if (n === 8) { bytes.push(acc); acc = 0; n = 0; }
    }
  };
  const align = () => { if (n > 0) { bytes.push(acc); acc = 0; n = 0; } };
  const comment = Buffer.from('UnityWeb Compressed Content (brotli)');
  bits(0, 1); // WBITS = 16
  // Metadata meta-block: ISLAST 0, MNIBBLES code 3 (metadata), reserved 0, MSKIPBYTES 1, length - 1.
  bits(0, 1); bits(3, 2); bits(0, 1); bits(1, 2); bits(comment.length - 1, 8);
  align();
  bytes.push(...comment);
  for (let offset = 0; offset < data.length; offset += 65_536) {
    const chunk = data.subarray(offset, offset + 65_536);
    // Uncompressed meta-block: ISLAST 0, MNIBBLES 4 (code 0), MLEN - 1 in 16 bits, ISUNCOMPRESSED 1.
    bits(0, 1); bits(0, 2); bits(chunk.length - 1, 16); bits(1, 1);
    align();
    bytes.push(...chunk);
  }
  bits(1, 1); bits(1, 1); // ISLAST, ISLASTEMPTY
  align();
  return Buffer.from(bytes);
}

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

describe('.unityweb files, told apart by their first bytes', () => {
  const webDir = join(root, 'unityweb');
  const gzipped = gzipSync(FRAMEWORK);
  const brotlied = unityBrotli(DATA);
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(webDir, 'Build'), { recursive: true });
    writeFileSync(join(webDir, 'Build', 'Game.loader.js'), LOADER);
    writeFileSync(join(webDir, 'Build', 'Game.data.unityweb'), brotlied);
    writeFileSync(join(webDir, 'Build', 'Game.framework.js.unityweb'), gzipped);
    writeFileSync(join(webDir, 'Build', 'Game.wasm.unityweb'), WASM); // built without compression
    t = await startStatic({ UNITY_BUILD_DIR: webDir, DEMO_GAME_DIR: demoDir });
  });
  afterAll(async () => { await t.close(); });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('the Brotli fixture is what Unity writes: a valid stream with its comment near the start', () => {
    expect(brotliDecompressSync(brotlied).equals(DATA)).toBe(true);
    expect(brotlied.subarray(0, 64).includes(Buffer.from('UnityWeb Compressed Content (brotli)'))).toBe(true);
  });

  it('sniffs gzip by its magic, Brotli by Unity\'s comment, and anything else as plain', () => {
    expect(sniffEncoding(gzipped)).toBe('gzip');
    expect(sniffEncoding(brotlied)).toBe('br');
    expect(sniffEncoding(brotliCompressSync(DATA))).toBeNull(); // no marker: not claimed
    expect(sniffEncoding(WASM)).toBeNull();
    expect(sniffEncoding(new Uint8Array())).toBeNull();
    expect(findUnityBuild(webDir)).toMatchObject({ data: { encoding: 'br' }, framework: { encoding: 'gzip' }, code: { encoding: null } });
  });

  it('serves a Brotli .unityweb with Content-Encoding: br, bytes untouched', async () => {
    const r = await get(GAME_BUILD_FILES.dataUrl, { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(r.rawPayload.equals(brotlied)).toBe(true);
  });

  it('serves a gzip .unityweb with Content-Encoding: gzip, and decompressed to a client without gzip', async () => {
    const r = await get(GAME_BUILD_FILES.frameworkUrl, { 'accept-encoding': 'gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['content-type']).toMatch(/^application\/javascript/);
    expect(r.rawPayload.equals(gzipped)).toBe(true);
    const plain = await get(GAME_BUILD_FILES.frameworkUrl, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FRAMEWORK);
  });

  it('serves an uncompressed .unityweb as it is, with no Content-Encoding', async () => {
    const r = await get(GAME_BUILD_FILES.codeUrl, { 'accept-encoding': 'gzip, br' });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-type']).toBe('application/wasm');
    expect(r.rawPayload.equals(WASM)).toBe(true);
  });
});

describe('a build folder replaced while the server runs', () => {
  const liveDir = join(root, 'live');
  const write = (dir: string, name: string, loader: string) => {
    mkdirSync(join(dir, 'Build'), { recursive: true });
    writeFileSync(join(dir, 'Build', `${name}.loader.js`), loader);
    writeFileSync(join(dir, 'Build', `${name}.data.gz`), gzipSync(Buffer.from(`data of ${name}`)));
    writeFileSync(join(dir, 'Build', `${name}.framework.js.gz`), gzipSync(`framework of ${name}`));
    writeFileSync(join(dir, 'Build', `${name}.wasm.gz`), gzipSync(WASM));
  };

  it('serves the new build whole, with no restart', async () => {
    write(liveDir, 'a1b2c3', '// first build\n');
    const t = await startStatic({ UNITY_BUILD_DIR: liveDir, DEMO_GAME_DIR: demoDir });
    try {
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect((await get(GAME_BUILD_FILES.loaderUrl)).body).toBe('// first build\n');
      expect((await get(GAME_BUILD_FILES.dataUrl)).body).toBe('data of a1b2c3');
      // The studio copies a new build over it (hashed names, as Unity's "Name Files As Hashes").
      const next = join(root, 'live-next');
      write(next, 'd4e5f6', '// second build\n');
      rmSync(liveDir, { recursive: true, force: true });
      renameSync(next, liveDir);
      const loader = await get(GAME_BUILD_FILES.loaderUrl);
      expect(loader.statusCode).toBe(200);
      expect(loader.body).toBe('// second build\n');
      for (const [url, body] of [[GAME_BUILD_FILES.dataUrl, 'data of d4e5f6'], [GAME_BUILD_FILES.frameworkUrl, 'framework of d4e5f6']] as const) {
        const r = await get(url);
        expect(r.statusCode, url).toBe(200);
        expect(r.body, url).toBe(body);
      }
    } finally {
      await t.close();
    }
  });

  it('a missing file of a Unity build names UNITY_BUILD_DIR, not npm run build', async () => {
    const partial = join(root, 'partial');
    mkdirSync(join(partial, 'Build'), { recursive: true });
    writeFileSync(join(partial, 'Build', 'P.loader.js'), LOADER);
    const t = await startStatic({ UNITY_BUILD_DIR: partial, DEMO_GAME_DIR: demoDir });
    try {
      const r = await t.app.inject({ method: 'GET', url: GAME_BUILD_FILES.dataUrl });
      expect(r.statusCode).toBe(404);
      expect(r.json().error).toMatch(/UNITY_BUILD_DIR/);
      expect(r.json().error).not.toMatch(/npm run build/);
    } finally {
      await t.close();
    }
  });
});

describe('StreamingAssets of the Unity build', () => {
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(unityDir, 'StreamingAssets', 'bundles'), { recursive: true });
    writeFileSync(join(unityDir, 'StreamingAssets', 'config.json'), '{"level":1}');
    writeFileSync(join(unityDir, 'StreamingAssets', 'bundles', 'map one.bundle'), Buffer.from([1, 2, 3, 4]));
    t = await startStatic({ UNITY_BUILD_DIR: unityDir, DEMO_GAME_DIR: demoDir });
  });
  afterAll(async () => { await t.close(); });

  it('serves files under StreamingAssets/ with their types', async () => {
    const json = await t.app.inject({ method: 'GET', url: `${STREAMING_ASSETS_PATH}config.json` });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.body).toBe('{"level":1}');
    const bundle = await t.app.inject({ method: 'GET', url: `${STREAMING_ASSETS_PATH}bundles/map%20one.bundle` });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toBe('application/octet-stream');
    expect(bundle.rawPayload.equals(Buffer.from([1, 2, 3, 4]))).toBe(true);
  });

  it('answers 404 in the error shape for missing files and anything outside the folder', async () => {
    for (const url of [`${STREAMING_ASSETS_PATH}nope.json`, `${STREAMING_ASSETS_PATH}..%2Findex.html`, `${STREAMING_ASSETS_PATH}%2e%2e/%2e%2e/package.json`, `${STREAMING_ASSETS_PATH}bundles`]) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.json(), url).toMatchObject({ error: expect.any(String) });
    }
  });

  it('has none without UNITY_BUILD_DIR', async () => {
    const demo = await startStatic({ DEMO_GAME_DIR: demoDir });
    try {
      const r = await demo.app.inject({ method: 'GET', url: `${STREAMING_ASSETS_PATH}config.json` });
      expect(r.statusCode).toBe(404);
      expect(r.json().error).toMatch(/UNITY_BUILD_DIR/);
    } finally {
      await demo.close();
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
