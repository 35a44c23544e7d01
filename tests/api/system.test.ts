import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../contract/endpoints';
import { HEALTH_REUSE_MS } from '../../server/routes/system';
import { buildStartedApp, startApp, testConfig, testDatabases, type TestApp } from './helpers';

describe.each(testDatabases())('system endpoints on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => { await t.close(); });

  it('reports health with the database kind', async () => {
    const r = await t.app.inject({ url: '/api/health' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok', database: database.name });
  });

  it('serves OpenAPI generated from the contract, listing every endpoint', async () => {
    const r = await t.app.inject({ url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json() as { paths: Record<string, Record<string, unknown>> };
    for (const e of ALL_ENDPOINTS) {
      const path = e.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(doc.paths[path]?.[e.method.toLowerCase()], `${e.method} ${e.path}`).toBeDefined();
    }
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const r = await t.app.inject({ url: '/api/does-not-exist' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('runs migrations once however often the app starts on one database', async () => {
    const again = await t.app.inject({ url: '/api/health' });
    expect(again.statusCode).toBe(200);
    const rows = await t.handle.db.selectFrom('schema_migrations').select('name').execute();
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });
});

describe.each(testDatabases())('health on $name', (database) => {
  it('shares its database check for a quarter second, and shows an outage after it', async () => {
    const handle = await database.open();
    const app = await buildStartedApp(testConfig(), { database: handle, logger: false });
    try {
      const replies = await Promise.all(Array.from({ length: 20 }, () => app.inject({ url: '/api/health' })));
      expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
      await handle.close();
      await new Promise((r) => setTimeout(r, HEALTH_REUSE_MS + 50));
      const down = await app.inject({ url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'DB_DOWN' });
    } finally {
      await app.close().catch(() => undefined);
      await handle.drop().catch(() => undefined);
    }
  });
});
