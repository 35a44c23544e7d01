// Real API processes (`node --import tsx server/main.ts`, or the prebuilt bundle `npm start` runs)
// and throwaway PostgreSQL databases, for the scale-out, chaos and memory tests and the bench.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the server `adminUrl` points at (nothing migrated yet). */
export async function createScratchDatabase(adminUrl: string, prefix = 'h'): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try { await client.query(statement); } finally { await client.end(); }
  };
  await run(`CREATE DATABASE ${name} TEMPLATE template0`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Settings that keep test servers quick (cheap scrypt and proof of work, no rate limits). */
export const FAST_SERVER_ENV: Record<string, string> = {
  HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SCRYPT_LOG_N: '10', ALTCHA_COST: '10', ALTCHA_MAX_COUNTER: '60',
  RATE_LIMIT_PER_MINUTE: '0', AUTH_RATE_PER_ADDRESS: '100000', AUTH_RATE_PER_USERNAME: '100000', AUTH_RATE_PER_ACCOUNT: '100000',
  PASSWORD_WORK_QUEUE: '10000',
  GAME_SERVER_KEY: 'test-game-server-key-0123456789',
  // Test players trade in their first minute, some after a password change (as in testConfig).
  NEW_ACCOUNT_HOLD_HOURS: '0', TRADE_HOLD_HOURS: '0',
};

/**
 * Builds the API bundle `npm start` runs (scripts/build-server.mjs, entry server/main.ts) now, from
 * the sources as they are, so a test never runs a stale one. Each caller names its own file
 * (dist-server/<name>.mjs): test files running at once never write or read each other's half-built
 * bundle. Answers the bundle's absolute path, for `startServerProcess(env, timeoutMs, { bundle })`.
 */
export async function buildServerBundle(name: string): Promise<string> {
  const outfile = join('dist-server', `${name}.mjs`);
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', 'server/main.ts', outfile], { cwd: ROOT });
  return join(ROOT, outfile);
}

/**
 * Starts `server/main.ts` with `env` on a free port (through tsx, or from `bundle`, a file
 * buildServerBundle made, with plain node as `npm start` runs it); resolves once it prints that it
 * is ready.
 */
export function startServerProcess(env: Record<string, string>, timeoutMs = 90_000, options: { bundle?: string } = {}): Promise<ServerProcess> {
  const args = options.bundle ? ['--enable-source-maps', options.bundle] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT, env: { ...process.env, ...FAST_SERVER_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { void stop(); reject(new Error(`server did not start in ${timeoutMs} ms:\n${output}`)); }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready at http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${ready[1]}`, child, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code} before it was ready:\n${output}`)); });
  });
}
