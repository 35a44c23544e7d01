#!/usr/bin/env node
// A new PGlite database cluster (initdb), made in a short-lived process of its own so that what
// initdb costs never stays in the server (server/db/createDb.ts runs this). PGlite's initdb starts
// a second PGlite instance and the initdb WebAssembly module beside the first, copies the second's
// whole 128 MiB heap to restore it between runs and dumps the result as a ~40 MiB tarball: in the
// server's own process that was ~450 MiB resident at ready, garbage V8 had not yet collected (or
// still held). Here the operating system takes it all back when this process exits.
//
//   node server/db/pglite-initdb.mjs dir <dataDir> <settings.json>   the cluster in that folder
//   node server/db/pglite-initdb.mjs tar <file.tar> <settings.json>  an in-memory one, dumped there
//
// settings.json: the postgres start parameters the server will use (createDb.ts PGLITE_START_PARAMS).
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const [mode, target, settings] = process.argv.slice(2);
if ((mode !== 'dir' && mode !== 'tar') || !target || !settings) {
  console.error('usage: pglite-initdb.mjs dir|tar <target> <start params as JSON>');
  process.exit(2);
}
const startParams = JSON.parse(settings);
const pg = await PGlite.create({ ...(mode === 'dir' ? { dataDir: target } : {}), startParams });
if (mode === 'tar') writeFileSync(target, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
await pg.close();
