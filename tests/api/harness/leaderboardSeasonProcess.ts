// One process of the season test (tests/api/leaderboard-seasons.test.ts): several workers record
// scores as fast as they can on one PostgreSQL database, and every so often try the weekly reset,
// with a clock set so that a season boundary falls in the middle of the run (the same offset in
// both processes). Says `ready`, waits for the parent's go, then prints {opened, tally} as JSON: the seasons this process opened, and how many
// scores it recorded into each season.
import { createDb } from '../../../server/db/createDb';
import { inTransaction } from '../../../server/db/tx';
import { Leaderboards } from '../../../server/services/leaderboards/leaderboards';

const url = process.env.DATABASE_URL ?? '';
const users = (process.env.USERS ?? '').split(',');
const name = process.env.PROCESS_NAME ?? 'p';
// Set by the parent's go line (once both processes are ready): when to start and stop, and the
// clock's offset from this machine's.
let from = 0;
let until = 0;
let offset = 0;
const now = () => new Date(Date.now() + offset);

const handle = await createDb({ databaseUrl: url, poolSize: 6 });
const boards = new Leaderboards({ resetHour: 9, stats: ['wins'], cacheMs: 0 }, async () => now(), name, () => {}, now);
const opened: string[] = [];
const tally: Record<string, number> = {};

async function scorer(index: number): Promise<void> {
  let i = index;
  while (Date.now() < until) {
    const user = users[i % users.length] ?? '';
    i += 1;
    const { season, opened: didOpen } = await inTransaction(handle.db, (trx) => boards.record(trx, user, { wins: 1 }));
    if (didOpen) opened.push(season);
    tally[season] = (tally[season] ?? 0) + 1;
  }
}
async function resetter(): Promise<void> {
  while (Date.now() < until) {
    const entered = await inTransaction(handle.db, (trx) => boards.enterSeason(trx));
    if (entered.opened) opened.push(entered.season);
    await new Promise((r) => setTimeout(r, 5));
  }
}

// Ready (loaded, connected); the parent answers with one line {from, until, offset} once both are.
process.stdout.write('ready\n');
const go = await new Promise<string>((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); if (text.includes('\n')) resolve(text.trim()); });
});
({ from, until, offset } = JSON.parse(go) as { from: number; until: number; offset: number });
await new Promise((r) => setTimeout(r, Math.max(0, from - Date.now())));
await Promise.all([scorer(0), scorer(1), scorer(2), scorer(3), resetter()]);
boards.close();
await handle.close();
process.stdout.write(`${JSON.stringify({ opened, tally })}\n`);
process.exit(0);
