// Behind a proxy: TRUST_PROXY is a hop count or the proxies' addresses,
// so a client writing its own X-Forwarded-For cannot pick the address the limits count; and
// answers to https requests (as resolved through the trusted proxy) carry HSTS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startApp, testDatabases, uniqueName, type TestApp } from './helpers';

/** At least half a year (what browsers' preload lists ask for). */
const HSTS = /^max-age=(1[5-9]|[2-9]\d|\d{3,})\d{6}(; includeSubDomains)?$/;
const CLIENT = '203.0.113.7';
/** What one load balancer forwards: whatever the client wrote, then the address it saw. */
const forwarded = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i % 250}, 10.9.${i % 250}.1, ${CLIENT}` });

describe.each(testDatabases())('proxies and HSTS on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { // As an operator writes it: TRUST_PROXY=1 behind one load balancer.
    t = await startApp(database, { TRUST_PROXY: loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY, AUTH_RATE_PER_ADDRESS: 5, AUTH_RATE_PER_USERNAME: 1000, RATE_LIMIT_PER_MINUTE: 12 }); });
  afterAll(async () => { await t.close(); });

  it('counts sign-in attempts per client address however X-Forwarded-For is rotated (one hop trusted)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/login', headers: { host: 'localhost', origin: 'http://localhost', ...forwarded(i) }, payload: { username: uniqueName(), password: 'whatever1', remember_me: false, turnstile_token: 'junk' } });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('counts the global limit per client address however X-Forwarded-For is rotated', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const r = await t.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-for': `198.51.100.${i}, 198.51.100.200` } });
      statuses.push(r.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBe(4);
  });

  it('sends Strict-Transport-Security on https requests only', async () => {
    const https = await t.app.inject({ method: 'GET', url: '/api/whoami', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.1' } });
    expect(https.headers['strict-transport-security']).toMatch(HSTS);
    const httpsError = await t.app.inject({ method: 'GET', url: '/api/no-such-endpoint', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.2' } });
    expect(httpsError.headers['strict-transport-security']).toMatch(HSTS);
    const http = await t.app.inject({ method: 'GET', url: '/api/whoami', headers: { 'x-forwarded-for': '192.0.2.3' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('believes X-Forwarded-* only from the listed proxy addresses', async () => {
    const listed = await startApp(database, { TRUST_PROXY: loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY });
    try {
      const fromProxy = await listed.app.inject({ method: 'GET', url: '/api/whoami', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-proto': 'https' } });
      expect(fromProxy.headers['strict-transport-security']).toMatch(HSTS);
      const fromElsewhere = await listed.app.inject({ method: 'GET', url: '/api/whoami', remoteAddress: '192.0.2.9', headers: { 'x-forwarded-proto': 'https' } });
      expect(fromElsewhere.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await listed.close();
    }
  });
});
