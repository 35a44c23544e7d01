// check-build (scripts/check-build.ts) on build folders made here: the rules' figures are read
// from the files, a folder over a host's limit fails with exit 1, and a part whose bytes are not
// the encoding the server will announce fails for every host.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { CRAZYGAMES_LIMITS, judge, main, measureBuild } from '../../scripts/check-build';

const folders: string[] = [];
afterEach(() => { for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true }); });

/** A Unity-shaped build: Build/<name>.loader.js and three pre-compressed parts. */
function unityBuild(options: { compress?: 'br' | 'gzip'; framework?: string; extraFiles?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'check-build-'));
  folders.push(dir);
  mkdirSync(join(dir, 'Build'));
  const compress = options.compress ?? 'br';
  const pack = (text: string) => (compress === 'br' ? brotliCompressSync(Buffer.from(text)) : gzipSync(Buffer.from(text)));
  const ext = compress === 'br' ? '.br' : '.gz';
  writeFileSync(join(dir, 'Build', 'Game.loader.js'), 'function createUnityInstance() { return fetch("Build/Game.data"); }');
  writeFileSync(join(dir, 'Build', `Game.framework.js${ext}`), pack(options.framework ?? 'var x = 1;'));
  writeFileSync(join(dir, 'Build', `Game.wasm${ext}`), pack('\0asm'.repeat(1000)));
  writeFileSync(join(dir, 'Build', `Game.data${ext}`), pack('level data '.repeat(1000)));
  if (options.extraFiles) {
    mkdirSync(join(dir, 'StreamingAssets'));
    for (let i = 0; i < options.extraFiles; i++) writeFileSync(join(dir, 'StreamingAssets', `a${i}.bin`), 'x');
  }
  return dir;
}

/** The command in this process: its exit code and what it printed. */
const inProcess = (dir: string) => {
  const lines: string[] = [];
  const code = main([dir], { log: (t: string) => lines.push(t), error: (t: string) => lines.push(t) });
  return { code, out: lines.join('\n') };
};

/** The command as npm runs it (one test: the exit code a shell sees). */
const run = (dir: string) => {
  try {
    return { code: 0, out: execFileSync('node', ['--import', 'tsx', 'scripts/check-build.ts', dir], { encoding: 'utf8' }) };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { code: e.status, out: e.stdout };
  }
};

describe('check-build', () => {
  it('measures a Brotli build as served and passes it for CrazyGames, with our hook and the gameplay call found', () => {
    const dir = unityBuild({ framework: 'function _TripShell_LoadingComplete() { window.unityLoadingComplete(); } var r = {"call":"gameplay","state":"menu"};' });
    const m = measureBuild(dir);
    expect(m.kind).toBe('unity');
    expect(m.parts.map((p) => [p.part, p.servedAs, p.actual])).toEqual([['loader', null, null], ['framework', 'br', 'br'], ['code', 'br', 'br'], ['data', 'br', 'br']]);
    expect(m.files).toBe(4);
    expect(m.callsHook).toBe(true);
    expect(m.tellsGameplay).toBe(true);
    const crazygames = judge(m).find((j) => j.host === 'CrazyGames');
    expect(crazygames?.verdict).toBe('pass');
    const { code, out } = inProcess(dir);
    expect(code).toBe(0);
    expect(out).toMatch(/CrazyGames: passes\n/);
  });

  it('fails a folder of 1,600 files for CrazyGames, exiting 1', { timeout: 30_000 }, () => {
    const dir = unityBuild({ extraFiles: 1_596 });
    expect(measureBuild(dir).files).toBe(1_600);
    const { code, out } = run(dir);
    expect(code).toBe(1);
    expect(out).toContain('CrazyGames: FAILS its rules');
    expect(out).toContain('FAIL 1600 files (limit 1,500)');
    // Poki names no file limit: the same folder passes there.
    expect(out).toMatch(/Poki: passes/);
  });

  it('fails every host when a part is named for an encoding its bytes do not have', () => {
    const dir = unityBuild({ compress: 'gzip' });
    writeFileSync(join(dir, 'Build', 'Game.wasm.gz'), 'plain bytes under a .gz name');
    const judged = judge(measureBuild(dir));
    expect(judged.map((j) => j.verdict)).toEqual(['fail', 'fail', 'fail', 'fail']);
    expect(judged[0]?.lines.find((l) => l.verdict === 'fail')?.text).toMatch(/^code Build\/Game\.wasm\.gz: served with Content-Encoding gzip, but its bytes are/);
  });

  it('holds the initial download to CrazyGames\' 50 MB, and 20 MB for the mobile homepage', () => {
    const m = measureBuild(unityBuild());
    const at = (initialBytes: number) => judge({ ...m, initialBytes, totalBytes: initialBytes }).find((j) => j.host === 'CrazyGames')!;
    expect(at(CRAZYGAMES_LIMITS.mobileHomepageBytes).verdict).toBe('warn'); // no hook, no gameplay call in this build
    expect(at(CRAZYGAMES_LIMITS.mobileHomepageBytes + 1).lines.find((l) => l.text.startsWith('mobile homepage'))).toMatchObject({ verdict: 'warn', text: expect.stringContaining('not eligible') });
    expect(at(CRAZYGAMES_LIMITS.initialBytes).verdict).toBe('warn');
    expect(at(CRAZYGAMES_LIMITS.initialBytes + 1).verdict).toBe('fail');
  });

  it('names the outside addresses the code names, which Poki blocks and Discord maps', () => {
    const m = measureBuild(unityBuild({ framework: 'fetch("https://cdn.example.com/lib.js"); fetch("https://fonts.example.org/x.css")' }));
    expect(m.externalAddresses).toEqual(['cdn.example.com', 'fonts.example.org']);
    const poki = judge(m).find((j) => j.host === 'Poki')!;
    expect(poki.lines.find((l) => l.text.startsWith('external requests'))).toMatchObject({ verdict: 'warn', text: expect.stringContaining('cdn.example.com, fonts.example.org') });
  });

  it('says why it cannot read a folder that is not there, exiting 2', () => {
    const { code, out } = inProcess(join(tmpdir(), 'no-such-build-folder'));
    expect(code).toBe(2);
    expect(out).toMatch(/^check-build: .*no-such-build-folder is not a folder$/);
  });
});
