// `npm start` runs this (after building the shell if needed): the whole product on one port.
// buildApp builds the app (and opens the database, taking a PGlite folder's lock); the start-up
// step (server/start.ts) migrates, seeds, mints, prunes and resumes; then it listens.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, hostSignIns, loadConfig } from './config';
import { DataDirLocked } from './db/dataDirLock';
import { handleStopSignals } from './shutdown';
import { startUp } from './start';

async function main(): Promise<FastifyInstance> {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) { console.error(error.message); process.exit(2); }
    throw error;
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof DataDirLocked) { console.error(error.message); process.exit(1); }
    throw error;
  }
  try {
    await startUp(app);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  // SIGTERM/SIGINT: drain, close, exit 0 (server/shutdown.ts). Installed before the ready line:
  // whoever waits for that line may signal at once, and an uninstalled handler means death.
  handleStopSignals(app);
  const shown = address.replace('://127.0.0.1', '://localhost');
  console.log(`TripShell ready at ${shown} (${app.dbKind}, ${Math.round(performance.now() - started)} ms)`);
  for (const line of hostSignIns(config)) console.log(line);
  return app;
}

/** The listening app (the e2e server reaches its database through it: tests/e2e/server.ts). */
export const running = main();
