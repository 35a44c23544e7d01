// One process per embedded PGlite data folder. While `server/main.ts` holds
// a folder, a second server, `npm run seed:demo` and the admin command refuse with a message
// naming the holder (pid, command) and write nothing; a lock left by a dead process is taken
// over. Real child processes, as `npm start` and the npm scripts run them.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/createDb';
import { DataDirLocked, lockFileOf } from '../../server/db/dataDirLock';
import { startServerProcess, type ServerProcess } from './harness/servers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'tripshell-lock-'));
const dataDir = join(folder, 'data');
const env = { DATA_DIR: dataDir, STATIC_DIR: '', LOG_LEVEL: 'warn', SCRYPT_LOG_N: '10' };

function run(script: string, args: string[] = []): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('one process per PGlite data folder', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('a second server, seed:demo and the admin command refuse while a server holds the folder, and write nothing', async () => {
    server = await startServerProcess({ ...env, DATABASE_URL: '' });
    const pid = server.child.pid!;
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
    for (const [script, args] of [['scripts/seed-demo.ts', []], ['scripts/admin.ts', ['crates', 'supply', 'v1', '400']], ['server/main.ts', []]] as const) {
      const { code, out } = await run(script, [...args]);
      expect(code, out).not.toBe(0);
      expect(out).toContain(`is in use by process ${pid} (`);
      expect(out).toContain('server/main.ts');
    }
    await server.stop();
    server = undefined;
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    // Nothing the refused commands would have written is there.
    const handle = await createDb({ dataDir });
    try {
      expect(await handle.db.selectFrom('users').select('id').where('username_lower', '=', 'alice_demo').execute()).toEqual([]);
      const shop = await handle.db.selectFrom('crate_shops').select('total_supply').where('version_id', '=', 0).executeTakeFirstOrThrow();
      expect(Number(shop.total_supply)).toBe(10_000);
      // Held by this process now: another open of the folder is refused in-process too.
      await expect(createDb({ dataDir })).rejects.toBeInstanceOf(DataDirLocked);
    } finally {
      await handle.close();
    }
  }, 180_000);

  it('a lock left by a dead process is taken over', async () => {
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid: dead.pid, command: 'node server/main.ts', startedAt: new Date().toISOString(), host: (await import('node:os')).hostname() }));
    const { code, out } = await run('scripts/seed-demo.ts');
    expect(code, out).toBe(0);
    expect(out).toContain('alice_demo');
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  }, 120_000);
});
