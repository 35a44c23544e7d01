// GET /api/config is made once per process and then written from one string: what its parts hold
// beyond the contract never reaches the page, and every read gets the same bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicConfig } from '../../contract/system';
import { startApp, testDatabases, type TestApp } from './helpers';

describe.each(testDatabases())('the public configuration on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database, { TURNSTILE_SECRET: 'turnstile-secret', TURNSTILE_SITE_KEY: 'site-key-1' });
  });
  afterAll(async () => { await t.close(); });

  it('answers the contract\'s fields only, the same bytes on every read', async () => {
    // A provider that keeps more on its public settings than the contract names (here, by hand).
    (t.app.botCheck.publicConfig as unknown as Record<string, unknown>).verifyNote = 'not for the page';
    const first = await t.app.inject({ url: '/api/config' });
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain('verifyNote');
    expect(PublicConfig.parse(first.json())).toEqual(first.json());
    expect(first.json().botCheck).toEqual({ provider: 'turnstile', siteKey: 'site-key-1' });
    const second = await t.app.inject({ url: '/api/config' });
    expect(second.body).toBe(first.body);
  });
});
