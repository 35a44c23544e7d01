#!/usr/bin/env node
// `npm start`: builds whatever is not built yet (the shell and the demo game), then serves the
// whole product on one port. Set FORCE_BUILD=1 to rebuild anyway.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { forwardStopSignals } from './stopSignals.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);

/** Newest modification time below these paths (the build's inputs). */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) { for (const f of readdirSync(p)) if (f !== 'node_modules') walk(join(p, f)); }
    else max = Math.max(max, s.mtimeMs);
  };
  paths.forEach(walk);
  return max;
}

const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sourcesAt = newest(['src', 'hosts', 'machines', 'contract', 'demo-game', 'public', 'index.html', 'vite.config.ts', 'activity.config.json']);
if (process.env.FORCE_BUILD === '1' || builtAt === 0 || sourcesAt > builtAt) {
  console.log(builtAt === 0 ? 'Building the shell (first start)…' : 'Sources changed since the last build: rebuilding…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The API from its prebuilt bundle (scripts/build-server.mjs: plain node, no TypeScript compiled
// at start: ~55 MiB less resident and a start ~3x quicker), rebuilt when the server's sources
// changed; START_WITH_TSX=1 runs the sources through the tsx loader instead.
let serverArgs = ['--import', 'tsx', 'server/main.ts'];
if (process.env.START_WITH_TSX !== '1') {
  const bundle = 'dist-server/main.mjs';
  const bundledAt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  if (process.env.FORCE_BUILD === '1' || bundledAt === 0 || newest(['server', 'contract', 'machines', 'scripts/build-server.mjs']) > bundledAt) {
    const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  serverArgs = ['--enable-source-maps', bundle];
}
// Demo mode (every start outside production, unless DEMO_GAME_SERVER=0): the local demo game
// server pays a round of the demo game through the game-server award API, so a newcomer can try
// the economy without seeding. Without a GAME_SERVER_KEY it gets one for this run only.
const env = { ...process.env };
if (env.NODE_ENV !== 'production' && env.DEMO_GAME_SERVER === undefined) {
  env.DEMO_GAME_SERVER = '1';
  if (!env.GAME_SERVER_KEY) env.GAME_SERVER_KEY = `local-demo-${randomBytes(24).toString('hex')}`;
  // The demo's players (seed:demo, or made a minute ago) trade at once: no new-account hold locally.
  if (env.NEW_ACCOUNT_HOLD_HOURS === undefined) env.NEW_ACCOUNT_HOLD_HOURS = '0';
  console.log('Demo mode: a finished round of the demo game pays XP and a few TripCoins (DEMO_GAME_SERVER=0 turns it off)');
}
const server = spawn(process.execPath, serverArgs, { stdio: 'inherit', env });
// SIGTERM/SIGINT go on to the server, which drains and closes (server/shutdown.ts); this waits
// for it and exits with its code.
forwardStopSignals(server);
