// The start-up step: what a process does once before it serves, never while the app is built
// (buildApp only builds, so tests and tools get an app without side effects). server/main.ts
// (`npm start`) runs it between buildApp and listen; the API tests through tests/api/helpers.ts.
//  - prepareDatabase: the migrations, the data every install needs (db/seed.ts), the crate shops
//    (each supply minted on the first start of an empty database) and the secrets every process
//    shares (ALTCHA's; the bot-check plugin reads them when the app gets ready);
//  - pruning of expired rows now and every 10 minutes, stopped when the app closes;
//  - the leaderboards' weekly season opened now and again at each reset hour (jobs/seasonReset.ts);
//  - with purchases on: the consume retries and Discord's entitlement reconcile, on their timers;
//  - the Mythical Bridge transfers a previous process left open, finished in the background;
//  - the console's feature switches read and followed (services/policy/featureSwitches.ts,
//    through plugins/listeners.ts, where every LISTEN subscriber starts).
// Call it before the app is ready (listen, inject): it adds an onClose hook.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from './db/createDb';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { ensureCrateShops } from './jobs/crateSupply';
import { schedulePruning } from './jobs/pruning';
import { scheduleConsumes, scheduleReconcile } from './jobs/purchaseJobs';
import { scheduleSeasonReset } from './jobs/seasonReset';
import type { CrateShop } from './services/economy/crates';
import { ALTCHA_SECRETS, serverSecret } from './services/system/secrets';

/** Makes the database ready for this version; safe to run from several processes at once. */
export async function prepareDatabase(db: Db, shops: Iterable<CrateShop>, log: FastifyBaseLogger): Promise<void> {
  await migrate(db);
  await seed(db);
  for (const note of await ensureCrateShops(db, shops)) log.warn(note);
  for (const name of ALTCHA_SECRETS) await serverSecret(db, name);
}

export async function startUp(app: FastifyInstance): Promise<void> {
  await prepareDatabase(app.db, app.crates.shops.values(), app.log);
  const pruning = schedulePruning(app.db, app.log);
  app.addHook('onClose', async () => { await pruning.stop(); });
  await pruning.first;
  const seasons = scheduleSeasonReset(app);
  app.addHook('onClose', async () => { await seasons.stop(); });
  await seasons.first;
  // The console's feature switches: read now (the tables exist from here on), then followed.
  await app.listeners.followSwitches();
  // Real-money packs: failed consumes retried, Discord's entitlements polled (its events go missing).
  if (app.purchases) {
    const jobs = [scheduleConsumes(app), ...(app.purchases.discord || app.purchases.web ? [scheduleReconcile(app)] : [])];
    app.addHook('onClose', async () => { await Promise.all(jobs.map((j) => j.stop())); });
  }
  const { bridge } = app;
  if (bridge) void bridge.resume().catch((err: unknown) => app.log.error({ err }, 'bridge resume failed'));
}
