import { describe, expect, it } from 'vitest';
import { AUTH_TEXT, ChangePasswordBody, isLoggedIn, LoginBody, RegisterBody, USERNAME_PATTERN } from '../../contract/auth';
import { buildPath, ErrorBody } from '../../contract/http';
import { formatTripcoins, parseTripcoins, TripcoinAmount } from '../../contract/money';
import { ALL_ENDPOINTS } from '../../contract/endpoints';
import { CATALOGUE, ITEM_IDS } from '../../contract/items';
import { LEVEL_REQUIREMENTS } from '../../contract/levels';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

describe('money', () => {
  it('parses amounts into hundredths without floating point', () => {
    expect(parseTripcoins('12.34')).toBe(1234n);
    expect(parseTripcoins('0.1')).toBe(10n);
    expect(parseTripcoins(0.1)).toBe(10n);
    expect(parseTripcoins(1.005)).toBeNull();
    expect(parseTripcoins('100000000')).toBe(10_000_000_000n);
    expect(parseTripcoins(' 7 ')).toBe(700n);
    for (const bad of ['1.234', '-1', '1e3', 'abc', '', '.5', '1.', NaN, Infinity, -0.5, 1e21]) {
      expect(parseTripcoins(bad as string | number), String(bad)).toBeNull();
    }
  });

  it('formats with two decimals and thousands separators', () => {
    expect(formatTripcoins(123456n)).toBe('1,234.56');
    expect(formatTripcoins(5n)).toBe('0.05');
    expect(formatTripcoins(-250n)).toBe('-2.50');
    expect(formatTripcoins(12.3)).toBe('12.30');
  });

  it('accepts only positive two-decimal amounts in the API', () => {
    expect(TripcoinAmount.safeParse(10).success).toBe(true);
    expect(TripcoinAmount.safeParse('10.50').success).toBe(true);
    expect(TripcoinAmount.safeParse(0).success).toBe(false);
    expect(TripcoinAmount.safeParse(10.123).success).toBe(false);
  });
});

describe('auth contract', () => {
  it('uses the spec texts for missing fields', () => {
    expect(firstMessage(LoginBody.safeParse({ turnstile_token: 't' }))).toBe(AUTH_TEXT.missingCredentials);
    expect(firstMessage(LoginBody.safeParse({ username: 'a', password: '', turnstile_token: 't' }))).toBe(AUTH_TEXT.missingCredentials);
    expect(firstMessage(LoginBody.safeParse({ username: 'a', password: 'b' }))).toBe(AUTH_TEXT.botCheckMissing);
    expect(firstMessage(ChangePasswordBody.safeParse({ currentPassword: 'x', newPassword: '12345' }))).toBe(AUTH_TEXT.passwordTooShort);
    expect(firstMessage(ChangePasswordBody.safeParse({}))).toBe(AUTH_TEXT.passwordFieldsRequired);
  });

  it('defaults remember_me to true', () => {
    const parsed = LoginBody.parse({ username: 'a', password: 'b', turnstile_token: 't' });
    expect(parsed.remember_me).toBe(true);
  });

  it('holds usernames to 3-20 letters, digits and underscores', () => {
    for (const ok of ['abc', 'Player_1', 'x'.repeat(20)]) expect(USERNAME_PATTERN.test(ok)).toBe(true);
    for (const bad of ['ab', 'x'.repeat(21), 'a b', 'name!', 'ünïcode']) expect(USERNAME_PATTERN.test(bad)).toBe(false);
    expect(firstMessage(RegisterBody.safeParse({ username: 'a b', password: 'secret', turnstile_token: 't' }))).toBe(AUTH_TEXT.usernameRule);
  });

  it('decides "logged in" as the spec says: verified not 0 and no error', () => {
    expect(isLoggedIn({ uuid: 'u', username: 'a', verified: 1, isAdmin: false })).toBe(true);
    expect(isLoggedIn({ uuid: 'u', username: 'a', verified: 0, isAdmin: false })).toBe(false);
    expect(isLoggedIn({ uuid: 'u', username: 'a', verified: 1, isAdmin: false, error: 'x' })).toBe(false);
    expect(isLoggedIn(null)).toBe(false);
  });
});

describe('endpoint declarations', () => {
  it('builds paths with encoded parameters and refuses missing ones', () => {
    expect(buildPath('/api/getProfile/:uuid', { uuid: 'a/b c' })).toBe('/api/getProfile/a%2Fb%20c');
    expect(() => buildPath('/api/getProfile/:uuid')).toThrow(/uuid/);
  });

  it('declares every endpoint once, under /api, with a summary', () => {
    const keys = ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of ALL_ENDPOINTS) {
      expect(e.path.startsWith('/api/')).toBe(true);
      expect(e.summary.length).toBeGreaterThan(3);
      if (e.method === 'GET') expect(e.body).toBeUndefined();
    }
  });

  it('parses the error shape', () => {
    expect(ErrorBody.safeParse({ error: 'x', code: 'Y' }).success).toBe(true);
    expect(ErrorBody.safeParse({ message: 'x' }).success).toBe(false);
  });
});

describe('seed data', () => {
  it('has the fixed items with unique uuids and dex ids', () => {
    const uuids = CATALOGUE.map((i) => i.uuid);
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(new Set(CATALOGUE.map((i) => i.dex_id)).size).toBe(CATALOGUE.length);
    for (const id of Object.values(ITEM_IDS)) expect(uuids).toContain(id);
    for (const u of uuids) expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('has levels 1 to 50 with rising XP, level 2 at the default 1000', () => {
    expect(LEVEL_REQUIREMENTS).toHaveLength(50);
    expect(LEVEL_REQUIREMENTS[0]).toEqual({ level: 1, xpRequired: 0 });
    expect(LEVEL_REQUIREMENTS[1]).toEqual({ level: 2, xpRequired: 1000 });
    for (let i = 1; i < 50; i++) expect(LEVEL_REQUIREMENTS[i]!.xpRequired).toBeGreaterThan(LEVEL_REQUIREMENTS[i - 1]!.xpRequired);
  });
});
