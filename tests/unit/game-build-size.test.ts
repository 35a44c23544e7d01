// The size the loading screen names is the build the server serves: the four files as stored
// (a pre-compressed Unity build's compressed bytes, which is what the browser downloads), and
// no size at all while a file is missing.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gameBuildBytes } from '../../server/http/gameBuild';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'build-size-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => { for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true }); });

describe('the served build size', () => {
  it("adds a Unity build's four files as they go over the wire", () => {
    const unity = folder();
    mkdirSync(join(unity, 'Build'));
    writeFileSync(join(unity, 'Build', 'Game.loader.js'), 'x'.repeat(100));
    writeFileSync(join(unity, 'Build', 'Game.data.br'), 'x'.repeat(20_000));
    writeFileSync(join(unity, 'Build', 'Game.framework.js.br'), 'x'.repeat(3_000));
    writeFileSync(join(unity, 'Build', 'Game.wasm.br'), 'x'.repeat(400_000));
    expect(gameBuildBytes({ UNITY_BUILD_DIR: unity, DEMO_GAME_DIR: folder() })).toBe(423_100);
  });

  it('names no size while a file is missing (an incomplete build, the demo not built)', () => {
    const unity = folder();
    writeFileSync(join(unity, 'Game.loader.js'), 'x');
    writeFileSync(join(unity, 'Game.data'), 'x');
    expect(gameBuildBytes({ UNITY_BUILD_DIR: unity, DEMO_GAME_DIR: folder() })).toBeNull();
    expect(gameBuildBytes({ UNITY_BUILD_DIR: undefined, DEMO_GAME_DIR: folder() })).toBeNull();
  });
});
