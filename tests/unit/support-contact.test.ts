// The support contact: configurable (SUPPORT_EMAIL, SUPPORT_URL, else about.support in
// activity.config.json), and a production process that sells TripCoins refuses to start without
// one, naming the setting; one that sells nothing, or a development one, starts.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, supportContact } from '../../server/config';

const PROD = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://game.example.com', GAME_SERVER_KEY: 'k'.repeat(20) };
const WEB_SALES = { WEB_CHECKOUT_SECRET_KEY: 'sk_live_x', WEB_CHECKOUT_WEBHOOK_SECRET: 'whsec_x' };
const XSOLLA_SALES = { XSOLLA_PROJECT_ID: '42', XSOLLA_API_KEY: 'real-key', XSOLLA_WEBHOOK_SECRET: 'real-secret' };
const DISCORD_SALES = { DISCORD_CLIENT_ID: '123456789012345678', DISCORD_CLIENT_SECRET: 'secret', DISCORD_BOT_TOKEN: 'bot', DISCORD_PUBLIC_KEY: 'a'.repeat(64) };
const refusal = (env: Record<string, string>): string => {
  try { loadConfig({ ...PROD, ...env }); return ''; } catch (error) { if (error instanceof ConfigError) return error.message; throw error; }
};

describe('the support contact', () => {
  it.each([['the web', WEB_SALES], ['the portal', XSOLLA_SALES], ['Discord', DISCORD_SALES]])('is required in production when %s sells, naming the setting', (_, sales) => {
    expect(refusal(sales)).toMatch(/no support contact: set SUPPORT_EMAIL or SUPPORT_URL/);
    expect(refusal({ ...sales, SUPPORT_EMAIL: 'help@studio.example' })).toBe('');
    expect(refusal({ ...sales, SUPPORT_URL: 'https://studio.example/help' })).toBe('');
  });

  it('is not required by a process that sells nothing, nor outside production', () => {
    expect(refusal({})).toBe('');
    expect(() => loadConfig(WEB_SALES)).not.toThrow();
  });

  it('takes only an address and an https page', () => {
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadConfig({ SUPPORT_URL: 'http://studio.example/help' })).toThrow(/SUPPORT_URL/);
    expect(supportContact(loadConfig({ SUPPORT_EMAIL: 'help@studio.example', SUPPORT_URL: 'https://studio.example/help' }))).toEqual({ email: 'help@studio.example', url: 'https://studio.example/help' });
  });
});
