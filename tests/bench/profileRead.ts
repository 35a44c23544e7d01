// One read against the bench's server process (the prebuilt bundle `npm run bench` builds,
// dist-server/bench-server.mjs, on a scratch PostgreSQL database), with a V8 CPU profile of that
// process: the bare route, then the read (warm-up, then SECONDS timed as the profile's last
// window), each a fresh autocannon run of 10 connections. Prints req/s of both and the ratio;
// summarize the profile's last SECONDS with
//   node scripts/cpu-profile-summary.mjs <dir>/*.cpuprofile 30 --last=<SECONDS>
// Usage: DATABASE_URL=postgres://… node --import tsx tests/bench/profileRead.ts <path> [seconds=5] [profile dir] [cookie=0|1]
// (where a read's time goes; not part of `npm run bench` nor of `npm test`).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../api/harness/servers';

const [path = '/api/whoami', secondsArg = '5', profileDir = '', cookie = '0'] = process.argv.slice(2);
const seconds = Number(secondsArg);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL (a PostgreSQL server) is needed');
const scratch = await createScratchDatabase(adminUrl, 'profile');
const child = fork('dist-server/bench-server.mjs', [], {
  execArgv: ['--expose-gc', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])], stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  env: {
    ...process.env, DATABASE_URL: scratch.url, STATIC_DIR: '', LOG_LEVEL: 'info', SCRYPT_LOG_N: '10', ALTCHA_COST: '10', ALTCHA_MAX_COUNTER: '60',
    RATE_LIMIT_PER_MINUTE: '0', AUTH_RATE_PER_ADDRESS: '100000000', AUTH_RATE_PER_USERNAME: '100000000',
  },
});
type Message = { ready?: boolean; id?: number; result?: unknown; api?: string; baseline?: string };
const waiting = new Map<number, (value: unknown) => void>();
const ready = new Promise<Message>((resolve) => {
  child.on('message', (m: Message) => { if (m.ready) resolve(m); else waiting.get(m.id ?? 0)?.(m.result); });
});
const { api, baseline } = await ready;
const players = await new Promise<Array<{ sid: string }>>((resolve) => { waiting.set(1, resolve as (v: unknown) => void); child.send({ id: 1, cmd: 'players', count: 1 }); });
const headers: Record<string, string> = cookie === '1' ? { cookie: `sid=${players[0]?.sid ?? ''}` } : {};
// The server process's CPU time (user + system, /proc/<pid>/stat, clock ticks of 10 ms): per
// request it is steadier than req/s on a shared machine, where the process waits for a core.
const cpuMs = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return [Number(f[11]) * 10, Number(f[12]) * 10] as const; };
const run = async (url: string, duration: number) => {
  const [user, system] = cpuMs();
  const result = await autocannon({ url, connections: 10, duration, headers });
  const [user2, system2] = cpuMs();
  const per = (ms: number) => (ms * 1000) / Math.max(1, result.requests.total);
  return { rate: result.requests.average, cpuUs: per(user2 - user + system2 - system), systemUs: per(system2 - system) };
};
await run(`${api}${path}`, 2);
const bare = await run(`${baseline}/bare`, seconds);
const read = await run(`${api}${path}`, seconds);
console.log(`bare ${Math.round(bare.rate)} req/s (${bare.cpuUs.toFixed(0)} µs CPU each, ${bare.systemUs.toFixed(0)} in the kernel) · ${path}${cookie === '1' ? ' (signed in)' : ''} ${Math.round(read.rate)} req/s (${read.cpuUs.toFixed(0)} µs CPU each, ${read.systemUs.toFixed(0)} in the kernel) · ${(read.rate / bare.rate).toFixed(2)}× · CPU ${(bare.cpuUs / read.cpuUs).toFixed(2)}×`);
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
await scratch.drop();
