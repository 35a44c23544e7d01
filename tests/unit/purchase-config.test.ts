// A production process refuses purchase keys that do not go together, the playground fakes' keys,
// free test purchases, a provider or trust anchor reached over plain http, and an allowed origin
// that is not an https origin; a development one starts with them.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

// A seller names its support contact (supportProblems; tests/unit/support-contact.test.ts).
const PROD = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://game.example.com', GAME_SERVER_KEY: 'k'.repeat(20), SUPPORT_EMAIL: 'support@game.example.com' };
const problemsOf = (env: Record<string, string>): string => {
  try { loadConfig({ ...PROD, ...env }); return ''; } catch (error) { if (error instanceof ConfigError) return error.message; throw error; }
};

describe('purchase configuration in production', () => {
  it("refuses one host's keys without the others", () => {
    expect(problemsOf({ XSOLLA_PROJECT_ID: '42', XSOLLA_API_KEY: 'real-key' })).toMatch(/XSOLLA_WEBHOOK_SECRET missing/);
    expect(problemsOf({ WEB_CHECKOUT_WEBHOOK_SECRET: 'whsec_real' })).toMatch(/WEB_CHECKOUT_SECRET_KEY missing/);
    expect(problemsOf({ DISCORD_BOT_TOKEN: 'real-bot' })).toMatch(/DISCORD_BOT_TOKEN and DISCORD_PUBLIC_KEY go together/);
  });
  it("refuses the fakes' keys and plain http providers", () => {
    const message = problemsOf({ WEB_CHECKOUT_SECRET_KEY: 'sk_test_fake_checkout_0123', WEB_CHECKOUT_WEBHOOK_SECRET: 'whsec_real', WEB_CHECKOUT_API_BASE: 'http://127.0.0.1:9/api' });
    expect(message).toMatch(/WEB_CHECKOUT_SECRET_KEY is a key of the playground's fakes/);
    expect(message).toMatch(/WEB_CHECKOUT_API_BASE is http:\/\/127\.0\.0\.1:9\/api/);
  });
  it('refuses test-mode entitlements, any trust anchor or provider over http (keys or not), and an allowed origin that is not an https origin', () => {
    expect(problemsOf({ DISCORD_TEST_ENTITLEMENTS: 'true' })).toMatch(/DISCORD_TEST_ENTITLEMENTS is on/);
    for (const name of ['CRAZYGAMES_PUBLIC_KEY_URL', 'TURNSTILE_VERIFY_URL', 'DISCORD_API_BASE', 'XSOLLA_API_BASE', 'WEB_CHECKOUT_API_BASE', 'MARKETPLACE_API_BASE']) {
      expect(problemsOf({ [name]: 'http://keys.example.com/x' })).toMatch(new RegExp(`${name} is http://keys\\.example\\.com/x`));
    }
    expect(problemsOf({ ALLOWED_ORIGINS: 'null' })).toMatch(/ALLOWED_ORIGINS: "null" is not an https origin/);
    expect(problemsOf({ ALLOWED_ORIGINS: 'https://game.example.com/path' })).toMatch(/is not an https origin/);
    expect(problemsOf({ ALLOWED_ORIGINS: 'https://game.example.com,https://cdn.example.com:8443' })).toBe('');
  });
  it("Discord's API base is the current documented version by default", () => {
    expect(loadConfig({}).DISCORD_API_BASE).toBe('https://discord.com/api/v10');
  });
  it('accepts a complete set of real keys, and development accepts the fakes', () => {
    expect(problemsOf({ XSOLLA_PROJECT_ID: '42', XSOLLA_API_KEY: 'real-key', XSOLLA_WEBHOOK_SECRET: 'real-secret', WEB_CHECKOUT_SECRET_KEY: 'sk_live_x', WEB_CHECKOUT_WEBHOOK_SECRET: 'whsec_x' })).toBe('');
    expect(() => loadConfig({ WEB_CHECKOUT_SECRET_KEY: 'sk_test_fake_checkout_0123', XSOLLA_API_KEY: 'fake_x' })).not.toThrow();
  });
});
