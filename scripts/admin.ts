// `npm run admin -- <command>`: operator commands on the database the server would use
// (DATABASE_URL, else the PGlite files in DATA_DIR; refused while a server holds that folder).
//
//   npm run admin -- crates supply v1 400    set the Base Set shop's total supply to 400
//   npm run admin -- crates supply v2 12000  (a raise mints the difference into the shop, a cut
//                                             takes unsold crates back; both are ledger rows)
//   npm run admin -- crates show             each shop's supply, sold and remaining
//   npm run admin -- lookalikes              usernames, clan names and clan tags that look alike
//                                             (same confusable skeleton); nothing is renamed
//   npm run admin -- grant-admin <username>  let a player use the console (/admin) and /api/admin/*
//   npm run admin -- revoke-admin <username> take that back (their next request is refused; other
//                                             processes' session caches notice within SESSION_CACHE_MS)
//   npm run admin -- backup FILE [--force]   a consistent backup of the PGlite database in DATA_DIR
//                                             (refused, naming it, while a server holds the folder);
//                                             checked before it is kept (docs/backups.md)
//   npm run admin -- check                   the checks a restore runs, on the configured database
//                                             (PGlite or PostgreSQL): exit 1 on a problem
//   npm run admin -- restore FILE [--force]  into DATA_DIR when it is empty or missing; --force
//                                             replaces a stopped database (kept beside, renamed)
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { CRATE_VERSIONS } from '../contract/crates';
import { loadConfig } from '../server/config';
import { createDb } from '../server/db/createDb';
import { BackupError, dumpPglite, restorePglite, writeBackupFile } from '../server/db/backup';
import { DataDirLocked } from '../server/db/dataDirLock';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { ensureCrateShops, setCrateSupply, SupplyError } from '../server/jobs/crateSupply';
import { crateShops, crateStatus } from '../server/services/economy/crates';
import { lookalikeGroups } from '../server/services/accounts/names';
import { AdminRoleError, setAdmin } from '../server/jobs/adminRole';
import { describeIntegrity, integrityReport } from '../server/services/system/backupChecks';

const USAGE = 'Usage: npm run admin -- crates supply <v1|v2> <total>   |   npm run admin -- crates show   |   npm run admin -- lookalikes   |   npm run admin -- grant-admin|revoke-admin <username>   |   npm run admin -- check   |   npm run admin -- backup|restore FILE [--force]';

const Command = z.union([
  z.tuple([z.literal('crates'), z.literal('supply'), z.enum(['v1', 'v2']), z.string().regex(/^\d{1,10}$/, 'the total is a whole number').transform(Number)]),
  z.tuple([z.literal('crates'), z.literal('show')]),
  z.tuple([z.literal('lookalikes')]),
  z.tuple([z.enum(['grant-admin', 'revoke-admin']), z.string().min(1).max(64)]),
  z.tuple([z.literal('check')]),
  z.tuple([z.enum(['backup', 'restore']), z.string().min(1).refine((f) => !f.startsWith('-'), 'a file name')]).rest(z.literal('--force')),
]);

const PG_DUMP_HINT = 'DATABASE_URL is set: back up PostgreSQL with its own tools, e.g. `pg_dump --format=custom --file=FILE "$DATABASE_URL"` and `pg_restore --dbname=NEW_DATABASE FILE`, or a base backup with WAL archiving for point-in-time recovery (docs/backups.md).';

/** backup and restore: the PGlite folder in DATA_DIR only (PostgreSQL has its own tools). */
async function backupOrRestore(command: 'backup' | 'restore', file: string, force: boolean): Promise<void> {
  const config = loadConfig();
  if (config.DATABASE_URL) throw new BackupError(PG_DUMP_HINT);
  if (!config.DATA_DIR || config.DATA_DIR === 'memory://') throw new BackupError('DATA_DIR is memory://: there is nothing on disk to back up or restore into.');
  if (command === 'restore') {
    const started = Date.now();
    const result = await restorePglite(file, config.DATA_DIR, { force });
    console.log(`Restored ${file} into ${result.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    if (result.replacedKeptAt) console.log(`The database that was there is kept at ${result.replacedKeptAt}.`);
    console.log(describeIntegrity(result.report));
    console.log('Start the server on it; the purchase reconcile jobs then find purchases the providers granted after the backup\'s moment (docs/backups.md).');
    return;
  }
  if (existsSync(file) && !force) throw new BackupError(`${file} exists: choose another name, or add --force to replace it.`);
  const started = Date.now();
  // Opening the folder takes its lock: a running server makes this refuse (DataDirLocked names it).
  const database = await createDb({ dataDir: config.DATA_DIR, poolSize: 1 });
  try {
    const report = await integrityReport(database.db);
    const bytes = await dumpPglite(database);
    if (report.problems.length > 0) console.error(`Warning: the database being backed up already fails its checks:\n${describeIntegrity(report)}`);
    writeBackupFile(file, bytes, force);
    console.log(`Backed up ${config.DATA_DIR} to ${file} (${(bytes.length / 1024 / 1024).toFixed(1)} MiB, gzipped tar) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    console.log(describeIntegrity(report));
    if (report.problems.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

async function main(): Promise<void> {
  const parsed = Command.safeParse(process.argv.slice(2));
  if (!parsed.success) throw new UsageError(USAGE);
  const command = parsed.data;
  if (command[0] === 'backup' || command[0] === 'restore') return backupOrRestore(command[0], command[1], command.length > 2);
  const config = loadConfig();
  const database = await createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    // Read only: a restored database is checked as it is, before any migration touches it.
    if (command[0] === 'check') {
      const report = await integrityReport(database.db);
      console.log(describeIntegrity(report));
      if (report.problems.length > 0) process.exitCode = 1;
      return;
    }
    await migrate(database.db);
    await seed(database.db);
    if (command[0] === 'grant-admin' || command[0] === 'revoke-admin') {
      const result = await setAdmin(database.db, command[1], command[0] === 'grant-admin');
      console.log(result);
      return;
    }
    if (command[0] === 'lookalikes') {
      const groups = await lookalikeGroups(database.db);
      for (const g of groups) console.log(`${g.kind}: ${g.names.map((n) => JSON.stringify(n)).join(' ~ ')}`);
      console.log(groups.length ? `${groups.length} look-alike group(s); the first of each was there first. Nothing was renamed.` : 'No look-alike names.');
      return;
    }
    const shops = crateShops(config);
    await ensureCrateShops(database.db, shops.values());
    if (command[0] === 'crates' && command[1] === 'supply') {
      const version = CRATE_VERSIONS[command[2] === 'v1' ? 0 : 1]!;
      const change = await setCrateSupply(database.db, shops.get(version.id)!, command[3]);
      console.log(`${change.version} (${command[2]}) supply: ${change.before} -> ${change.after} (sold ${change.sold}, remaining ${change.remaining})`);
    } else {
      for (const shop of shops.values()) {
        const s = await crateStatus(database.db, shop, null);
        console.log(`${shop.version.name} (v${shop.version.id + 1}): supply ${s.totalSupply}, sold ${s.totalSupply - s.remainingSupply}, remaining ${s.remainingSupply}`);
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof SupplyError || error instanceof AdminRoleError || error instanceof DataDirLocked || error instanceof BackupError) console.error(error.message);
  if (error instanceof DataDirLocked && ['backup', 'restore'].includes(process.argv[2] ?? '')) {
    // PGlite has no second reader: only the process that holds the folder can copy it whole.
    console.error(process.argv[2] === 'backup'
      ? 'A PGlite database is backed up by the one process that holds it: stop the server (a few seconds), run the backup, start it again (docs/backups.md). On PostgreSQL, pg_dump backs up a running database.'
      : 'A restore never replaces a database a process is using: stop it first.');
  }
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
