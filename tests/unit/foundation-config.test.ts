import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_FRAME_ANCESTORS, loadConfig, TRUST_PROXY_TRUE_REFUSED } from '../../server/config';

describe('server configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.DATA_DIR).toBe('./data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SCRYPT_LOG_N).toBe(17);
    expect(c.TURNSTILE_SECRET).toBeUndefined();
    expect(c.TURNSTILE_VERIFY_URL).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(c.FRAME_ANCESTORS).toEqual(DEFAULT_FRAME_ANCESTORS);
  });

  it('reads and coerces variables, treating empty ones as unset', () => {
    const c = loadConfig({ PORT: '9000', TRUST_PROXY: '1', ALLOWED_ORIGINS: 'https://a.example, https://*.b.example', DATABASE_URL: '', UNRELATED: 'x' });
    expect(c.PORT).toBe(9000);
    expect(c.TRUST_PROXY).toBe(1);
    expect(c.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://*.b.example']);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses true', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1, loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(TRUST_PROXY_TRUE_REFUSED);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try { loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SCRYPT_LOG_N: '3' }); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/SCRYPT_LOG_N/);
  });

  it('lets callers override parsed values', () => {
    expect(loadConfig({ PORT: '1' }, { PORT: 2 }).PORT).toBe(2);
  });
});
