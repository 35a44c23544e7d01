// Real API processes (`node --import tsx server/main.ts`, as `npm start` runs it) and throwaway
// PostgreSQL databases, for the scale-out test and the bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
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
  RATE_LIMIT_PER_MINUTE: '0', AUTH_RATE_PER_ADDRESS: '100000', AUTH_RATE_PER_USERNAME: '100000',
  GAME_SERVER_KEY: 'test-game-server-key-0123456789',
};

/** Starts `server/main.ts` with `env` on a free port; resolves once it prints that it is ready. */
export function startServerProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
