// Backups of the PGlite folder and their restore (server/db/backup.ts, `npm run admin -- backup|restore`):
// a backup holds what was committed, a restore lands only in an empty folder (or, with force, a
// stopped one, kept beside), never in a folder a live process holds, and refuses a backup whose
// ledger or purchases do not add up (services/system/backupChecks.ts).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { BackupError, dumpPglite, readBackupFile, restorePglite, writeBackupFile } from '../../server/db/backup';
import { createDb, type DbHandle } from '../../server/db/createDb';
import { DataDirLocked } from '../../server/db/dataDirLock';
import { inTransaction } from '../../server/db/tx';
import { parseProducts } from '../../server/services/purchases/products';
import { createUser } from '../../server/services/accounts/users';
import { grantPurchase } from '../../server/services/purchases/ledger';
import { integrityReport } from '../../server/services/system/backupChecks';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'tripshell-backup-'));
const products = parseProducts(JSON.parse(readFileSync(join(ROOT, 'config/products.json'), 'utf8')));

async function openFolder(name: string): Promise<DbHandle> {
  const dataDir = join(folder, name);
  // A migrated, seeded database from the suite's template (tests/api/global-setup.ts), not a new initdb.
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  return createDb({ dataDir, ...(fresh ? { loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) } : {}) });
}

async function buy(handle: DbHandle, id: string): Promise<void> {
  const userId = await inTransaction(handle.db, (trx) => createUser(trx, { username: `bk_${id.slice(0, 8)}`, passwordHash: null }));
  await inTransaction(handle.db, (trx) => grantPurchase(trx, products, { host: 'web', providerPurchaseId: id, userId, productId: 'tc-500', needsConsume: false }));
}

function admin(args: string[], dataDir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
    child.once('exit', (code) => resolve({ code, out }));
  });
}

afterAll(() => { rmSync(folder, { recursive: true, force: true }); });

describe('PGlite backup and restore', () => {
  it('restores what was committed when the backup was taken, not what came after, and checks it', async () => {
    const source = await openFolder('source');
    const file = join(folder, 'one.tgz');
    try {
      await buy(source, 'before-backup');
      writeBackupFile(file, await dumpPglite(source), false);
      await buy(source, 'after-backup');
      expect(() => writeBackupFile(file, new Uint8Array(1), false)).toThrow(BackupError);
    } finally {
      await source.close();
    }
    const result = await restorePglite(file, join(folder, 'restored'), { force: false });
    expect(result.report.problems).toEqual([]);
    expect(result.report.purchases).toBe(1);
    expect(result.replacedKeptAt).toBeNull();
    const restored = await openFolder('restored');
    try {
      const ids = (await restored.db.selectFrom('purchases').select('provider_purchase_id').execute()).map((r) => r.provider_purchase_id);
      expect(ids).toEqual(['before-backup']);
    } finally {
      await restored.close();
    }
  });

  it('never restores over a live database, over a stopped one only with force (kept beside), and never a damaged file', async () => {
    const file = join(folder, 'one.tgz');
    const target = join(folder, 'restored');
    await expect(restorePglite(file, target, { force: false })).rejects.toThrow(/already holds a database.*--force/);
    const live = await openFolder('restored');
    try {
      await expect(restorePglite(file, target, { force: true })).rejects.toBeInstanceOf(DataDirLocked);
    } finally {
      await live.close();
    }
    const forced = await restorePglite(file, target, { force: true });
    expect(forced.replacedKeptAt).toMatch(/restored\.replaced-/);
    expect(existsSync(join(forced.replacedKeptAt ?? '', 'PG_VERSION'))).toBe(true);

    const bytes = readFileSync(file);
    writeFileSync(join(folder, 'cut.tgz'), bytes.subarray(0, bytes.length >> 1));
    expect(() => readBackupFile(join(folder, 'cut.tgz'))).toThrow(/not a whole backup/);
    writeFileSync(join(folder, 'other.txt'), 'hello');
    await expect(restorePglite(join(folder, 'other.txt'), join(folder, 'never'), { force: false })).rejects.toThrow(/not a TripShell PGlite backup/);
    expect(existsSync(join(folder, 'never'))).toBe(false);
  });

  it('a backup whose purchases lack their postings fails its checks and is not put in place', async () => {
    const broken = await openFolder('broken');
    const file = join(folder, 'broken.tgz');
    try {
      await buy(broken, 'posted');
      const user = await broken.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      // A purchase row whose grant posting is not there: what a torn copy of the files could give.
      await broken.db.insertInto('purchases').values({
        id: randomUUID(), host: 'discord', provider_purchase_id: 'never-posted', user_id: user.id, product_id: 'tc-500',
        tripcoins: '50000', needs_consume: false, tx_id: randomUUID(),
      }).execute();
      const report = await integrityReport(broken.db);
      expect(report.problems).toEqual(['purchase discord:never-posted has no matching grant posting']);
      writeBackupFile(file, await dumpPglite(broken), false);
    } finally {
      await broken.close();
    }
    const target = join(folder, 'from-broken');
    await expect(restorePglite(file, target, { force: false })).rejects.toThrow(/fails its checks[\s\S]*never-posted/);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(folder).some((n) => n.startsWith('from-broken.failed-'))).toBe(true);
  });

  it('the admin command refuses a backup while another process holds the folder, naming it', async () => {
    const held = await openFolder('held');
    try {
      const { code, out } = await admin(['backup', join(folder, 'held.tgz')], join(folder, 'held'));
      expect(code, out).toBe(1);
      expect(out).toContain(`is in use by process ${process.pid} (`);
      expect(out).toContain('stop the server');
      expect(existsSync(join(folder, 'held.tgz'))).toBe(false);
    } finally {
      await held.close();
    }
    const { code, out } = await admin(['backup', join(folder, 'held.tgz')], join(folder, 'held'));
    expect(code, out).toBe(0);
    expect(out).toMatch(/Backed up [\s\S]* purchases 0 \(0 reversed\)[\s\S]*the ledger balances/);
  }, 120_000);
});
