// Backups of the embedded PGlite database (its data folder) and their restore. PostgreSQL is
// backed up with its own tools (pg_dump, base backup + WAL archiving): docs/backups.md.
//
// A backup is PGlite's own dump of its data folder (`PGlite.dumpDataDir`), gzipped, taken by the
// one process that holds the folder (server/db/dataDirLock.ts): a second process cannot read a
// live folder safely, so the admin command refuses naming the holder. The dump is taken while
// this process holds PGlite's one connection (no transaction is half-way through) right after a
// CHECKPOINT, so the tarball holds only committed transactions and needs no crash recovery.
//
// A restore unpacks into a new folder beside the target, checks it (services/system/backupChecks),
// and only then moves it into place: a live database is never overwritten (its lock refuses), a
// stopped one only with `force`, and then it is kept beside, renamed, not deleted.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { integrityReport, type IntegrityReport } from '../services/system/backupChecks';
import { createDb, type DbHandle } from './createDb';
import { lockDataDir } from './dataDirLock';

export class BackupError extends Error {
  constructor(message: string) { super(message); this.name = 'BackupError'; }
}

/** A consistent gzipped tarball of a PGlite database this process holds. */
export async function dumpPglite(handle: DbHandle): Promise<Uint8Array> {
  const dump = handle.dumpDataDir;
  if (handle.kind !== 'pglite' || !dump) throw new BackupError('This database is PostgreSQL: back it up with pg_dump or a base backup (docs/backups.md).');
  // Holding the one connection: every transaction of this process waits until the dump is done.
  const tar = await handle.db.connection().execute(async (conn) => {
    await sql`CHECKPOINT`.execute(conn);
    return new Uint8Array(await (await dump()).arrayBuffer());
  });
  return gzipSync(tar, { level: 6 });
}

const isFolderWithData = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** Writes the backup to `file` (refusing to replace one unless `force`), readable by its owner only. */
export function writeBackupFile(file: string, bytes: Uint8Array, force: boolean): void {
  if (existsSync(file) && !force) throw new BackupError(`${file} exists: choose another name, or add --force to replace it.`);
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
}

/** The tarball in a backup file (gzipped or plain), or a clear refusal. */
export function readBackupFile(file: string): Blob {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  let bytes: Uint8Array = readFileSync(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try { bytes = gunzipSync(bytes); } catch { throw new BackupError(`${file} is not a whole backup (its gzip stream is cut or damaged).`); }
  }
  // A tar's first header names its first entry at offset 0 and carries "ustar" at 257.
  if (bytes.length < 512 || Buffer.from(bytes.subarray(257, 262)).toString('latin1') !== 'ustar') {
    throw new BackupError(`${file} is not a TripShell PGlite backup (no tar archive in it).`);
  }
  return new Blob([bytes as Uint8Array<ArrayBuffer>]);
}

export interface RestoreResult { dataDir: string; report: IntegrityReport; replacedKeptAt: string | null }

/**
 * Restores `file` into `dataDir`: an empty or missing folder, or (with `force`) a stopped
 * database, which is kept as `<dataDir>.replaced-<time>`. A folder a live process holds is always
 * refused (DataDirLocked names it). A restore whose checks fail is left at `<dataDir>.failed-<time>`.
 */
export async function restorePglite(file: string, dataDir: string, options: { force: boolean }): Promise<RestoreResult> {
  const target = resolve(dataDir);
  const tarball = readBackupFile(file);
  // Taken before any work and held to the end: no server can start on the folder meanwhile.
  const unlock = lockDataDir(target);
  try {
    if (isFolderWithData(target) && !options.force) {
      throw new BackupError(`${target} already holds a database: restore into a new DATA_DIR, or add --force to replace it (it is kept as ${basename(target)}.replaced-<time>).`);
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const staging = `${target}.restoring-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    let report: IntegrityReport;
    const restored = await createDb({ dataDir: staging, loadDataDir: tarball });
    try {
      report = await integrityReport(restored.db);
    } finally {
      await restored.close();
    }
    if (report.problems.length > 0) {
      const failed = `${target}.failed-${stamp}`;
      renameSync(staging, failed);
      throw Object.assign(new BackupError(`The restored database fails its checks (left at ${failed}, ${target} untouched):\n${report.problems.map((p) => `  - ${p}`).join('\n')}`), { report });
    }
    let replacedKeptAt: string | null = null;
    if (existsSync(target)) {
      if (isFolderWithData(target)) {
        replacedKeptAt = `${target}.replaced-${stamp}`;
        renameSync(target, replacedKeptAt);
      } else rmSync(target, { recursive: true, force: true });
    }
    renameSync(staging, target);
    return { dataDir: target, report, replacedKeptAt };
  } finally {
    unlock();
  }
}
