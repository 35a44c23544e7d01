// `npm run seed:demo`: a few demo players with coins, items and levels, on the database the
// server would use (DATABASE_URL, else the PGlite files in DATA_DIR). Safe to run again.
// While a server holds the PGlite folder this refuses, naming it (server/db/dataDirLock.ts).
import { loadConfig } from '../server/config';
import { createDb } from '../server/db/createDb';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { seedDemo } from '../server/jobs/demoSeed';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    await migrate(database.db);
    await seed(database.db);
    const players = await seedDemo(database.db, config.SCRYPT_LOG_N);
    console.log(`Demo players on ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.DATA_DIR})`}:`);
    for (const p of players) {
      console.log(`  ${p.username.padEnd(12)} password ${p.password.padEnd(16)} level ${String(p.level).padStart(2)}  ${p.tripcoins.toFixed(2)} TC${p.created ? '' : '  (already there)'}`);
    }
    console.log('carol_demo has a listing on the marketplace.');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
