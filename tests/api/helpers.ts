// API tests run the real app through app.inject against a real database made for the test file:
// PostgreSQL when TEST_DATABASE_URL is set, else an in-memory PGlite (testDatabases below).
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CLIENT_HEADER } from '../../contract/http';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createDb, type DbHandle } from '../../server/db/createDb';
import { startUp } from '../../server/start';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<DbHandle & { drop(): Promise<void> }>;
}

let template: Promise<Blob> | undefined;
/** The migrated, seeded PGlite made once by tests/api/global-setup.ts (read once per worker). */
function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return template;
}

/**
 * Every database this run can reach: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. For
 * the files that exist to find where the two engines differ (hostile input, concurrency,
 * migrations); the rest use testDatabases().
 */
export function allTestDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{
    name: 'pglite',
    async open() {
      const handle = await createDb({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
      return { ...handle, drop: async () => undefined };
    },
  }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    list.push({
      name: 'postgres',
      async open() {
        const dbName = `t_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        // A copy of the migrated, seeded template (tests/support/postgresTemplate.ts): the start-up
        // step then finds every migration done, as PGlite's does from its dump.
        const template = inject('postgresTemplate') || 'template0';
        await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${template}`);
        await admin.end();
        const target = new URL(url);
        target.pathname = `/${dbName}`;
        const handle = await createDb({ databaseUrl: target.toString(), poolSize: 20 });
        return {
          ...handle,
          drop: async () => {
            const a = new pg.Client({ connectionString: url });
            await a.connect();
            await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
            await a.end();
          },
        };
      },
    });
  }
  return list;
}

/**
 * The database an API test file runs on: PostgreSQL, the production engine, where the run has one
 * (CI sets TEST_DATABASE_URL), else the embedded PGlite. One engine per file, not both: every
 * file on both doubled the API step's time, while what differs between the engines has files of
 * its own on both (allTestDatabases: the fuzzing, the security suite, the races and invariants,
 * the migrations) and every end-to-end test runs on PGlite, as `npm start` does.
 */
export function testDatabases(): TestDatabase[] {
  return [onRunEngine(allTestDatabases())];
}

/** Of databases on either engine, the one on the engine this run's API files use (above). */
export function onRunEngine<T extends { name: string }>(all: readonly T[]): T {
  const chosen = all.find((d) => d.name === 'postgres') ?? all.find((d) => d.name === 'pglite');
  if (!chosen) throw new Error('no test database on either engine');
  return chosen;
}

/** One engine by name, for a file about that engine (undefined when this run cannot reach it). */
export function databaseNamed(name: TestDatabase['name']): TestDatabase | undefined {
  return allTestDatabases().find((d) => d.name === name);
}

/** Test configuration: cheap scrypt and proof of work, quiet logs, generous rate limits, and our
 * public origin the one the test clients' requests come from (Client's http://localhost). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig({}, {
    PUBLIC_ORIGIN: 'http://localhost',
    LOG_LEVEL: 'silent', SCRYPT_LOG_N: 10, ALTCHA_COST: 10, ALTCHA_MAX_COUNTER: 60,
    AUTH_RATE_PER_ADDRESS: 10_000, AUTH_RATE_PER_USERNAME: 1_000, AUTH_RATE_PER_ACCOUNT: 1_000, PASSWORD_WORK_QUEUE: 10_000, RATE_LIMIT_PER_MINUTE: 0, STATIC_DIR: '',
    GAME_SERVER_KEY: 'test-game-server-key-0123456789',
    // Test players are minutes old, and many tests change a password before they trade: the
    // holds would stop those trades (tests/api/trade-holds.test.ts turns them on).
    NEW_ACCOUNT_HOLD_HOURS: 0, TRADE_HOLD_HOURS: 0,
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  close(): Promise<void>;
}

/**
 * The app as `npm start` has it: buildApp, then the start-up step (server/start.ts: migrations,
 * seed, crate supply, secrets, pruning). Every test that builds an app on a database it then
 * uses builds it here; buildApp alone writes nothing (tests/api/build-app.test.ts).
 */
export async function buildStartedApp(config: Config, options: BuildOptions): Promise<FastifyInstance> {
  const app = await buildApp(config, options);
  try {
    await startUp(app);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

export async function startApp(database: TestDatabase, overrides: Partial<Config> = {}): Promise<TestApp> {
  const handle = await database.open();
  const app = await buildStartedApp(testConfig(overrides), { database: handle, logger: false });
  return {
    app, handle,
    close: async () => { await app.close(); await handle.close(); await handle.drop(); },
  };
}

/** A cookie jar for one simulated browser, sending changes as the shell's client does (its
 * header on every request that is not a GET). */
export class Client {
  cookies = new Map<string, string>();
  constructor(readonly app: FastifyInstance, readonly origin = 'http://localhost') {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { host: new URL(this.origin).host, ...(options.headers as Record<string, string> | undefined) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const method = (options.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && !('origin' in headers)) headers.origin = this.origin;
    if (method !== 'GET' && !(CLIENT_HEADER in headers)) headers[CLIENT_HEADER] = '1';
    const response = await this.app.inject({ ...options, headers });
    for (const c of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name); else this.cookies.set(c.name, c.value);
    }
    return response;
  }
  get(url: string, headers: Record<string, string> = {}) { return this.request({ method: 'GET', url, headers }); }
  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }
  put(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'], headers });
  }
  delete(url: string, headers: Record<string, string> = {}) { return this.request({ method: 'DELETE', url, headers }); }
}

/** Fetches an ALTCHA challenge from the app and solves it for real, as the widget does; with a
 * username (and the address it will be used from) the challenge is as hard as they now ask. */
export async function solveBotCheck(app: FastifyInstance, options: { username?: string; remoteAddress?: string } = {}): Promise<string> {
  const query = options.username ? `?username=${encodeURIComponent(options.username)}` : '';
  const response = await app.inject({ method: 'GET', url: `/api/altcha/challenge${query}`, ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}) });
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let counter = 0;
export function uniqueName(prefix = 'player'): string {
  counter += 1;
  return `${prefix}_${process.pid % 1000}_${counter}_${randomBytes(2).toString('hex')}`.slice(0, 20);
}

/** The age screen's answer the test players give: an adult, so that they may wager (contract/age.ts). */
export const ADULT_BIRTH_DATE = '1990-04-01';

/** Registers a fresh adult player (solving the bot check) and returns a logged-in client. */
export async function registerPlayer(app: FastifyInstance, username = uniqueName(), password = 'hunter22'): Promise<{ client: Client; username: string; password: string; uuid: string }> {
  const client = new Client(app);
  const response = await client.post('/api/register', { username, password, turnstile_token: await solveBotCheck(app), birth_date: ADULT_BIRTH_DATE });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { client, username, password, uuid: response.json().uuid };
}

/** The console's password prompt answered: this admin's session may write for a few minutes. */
export async function reauthenticate(admin: { client: Client; password: string }): Promise<void> {
  const r = await admin.client.post('/api/admin/reauth', { password: admin.password });
  if (r.statusCode !== 200) throw new Error(`re-authentication failed: ${r.statusCode} ${r.body}`);
}

/** A new player holding `kit` (TripCoins, items), given by the game servers' award endpoint as a match would. */
export async function registerPlayerWith(app: FastifyInstance, kit: { tripcoins?: number; items?: Record<string, number> } = {}): Promise<{ client: Client; username: string; password: string; uuid: string }> {
  const p = await registerPlayer(app);
  if (kit.tripcoins || kit.items) {
    const r = await app.inject({
      method: 'POST', url: '/api/server/award', headers: { authorization: `Bearer ${testConfig().GAME_SERVER_KEY}` },
      payload: { uuid: p.uuid, ...kit, awardId: randomUUID() },
    });
    expect(r.statusCode, r.body).toBe(200);
  }
  return p;
}
