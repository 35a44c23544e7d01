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
import { z } from 'zod';
import { CRATE_VERSIONS } from '../contract/crates';
import { loadConfig } from '../server/config';
import { createDb } from '../server/db/createDb';
import { DataDirLocked } from '../server/db/dataDirLock';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { ensureCrateShops, setCrateSupply, SupplyError } from '../server/jobs/crateSupply';
import { crateShops, crateStatus } from '../server/services/economy/crates';
import { lookalikeGroups } from '../server/services/accounts/names';
import { AdminRoleError, setAdmin } from '../server/jobs/adminRole';

const USAGE = 'Usage: npm run admin -- crates supply <v1|v2> <total>   |   npm run admin -- crates show   |   npm run admin -- lookalikes   |   npm run admin -- grant-admin|revoke-admin <username>';

const Command = z.union([
  z.tuple([z.literal('crates'), z.literal('supply'), z.enum(['v1', 'v2']), z.string().regex(/^\d{1,10}$/, 'the total is a whole number').transform(Number)]),
  z.tuple([z.literal('crates'), z.literal('show')]),
  z.tuple([z.literal('lookalikes')]),
  z.tuple([z.enum(['grant-admin', 'revoke-admin']), z.string().min(1).max(64)]),
]);

class UsageError extends Error {}

async function main(): Promise<void> {
  const parsed = Command.safeParse(process.argv.slice(2));
  if (!parsed.success) throw new UsageError(USAGE);
  const command = parsed.data;
  const config = loadConfig();
  const database = await createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
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
    if (command.length === 4) {
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
  if (error instanceof UsageError || error instanceof SupplyError || error instanceof AdminRoleError || error instanceof DataDirLocked) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
