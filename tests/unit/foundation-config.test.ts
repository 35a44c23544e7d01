import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, hostSignIns, loadConfig, ownOriginsOf, TRUST_PROXY_TRUE_REFUSED } from '../../server/config';
import { ActivityConfig } from '../../contract/activity';

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
    // Nothing configured, no host trusted: only ourselves.
    expect(c.ALLOWED_ORIGINS).toEqual([]);
    expect(c.FRAME_ANCESTORS).toEqual(["'self'"]);
    expect(c.PUBLIC_ORIGIN).toBeUndefined();
  });

  it('reads and coerces variables, treating empty ones as unset', () => {
    const c = loadConfig({ PORT: '9000', TRUST_PROXY: '1', ALLOWED_ORIGINS: 'https://a.example, https://*.b.example', DATABASE_URL: '', CRAZYGAMES_GAME_ID: '', UNRELATED: 'x' });
    expect(c.PORT).toBe(9000);
    expect(c.TRUST_PROXY).toBe(1);
    expect(c.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://*.b.example']);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.CRAZYGAMES_GAME_ID).toBeUndefined();
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

describe('the origins we trust', () => {
  const problemsOf = (env: Record<string, string>): string => {
    try { loadConfig(env); } catch (error) { if (error instanceof ConfigError) return error.message; throw error; }
    return '';
  };

  it('by default names our own Activity and our game frames on the portal, exactly, and nothing else', () => {
    const c = loadConfig({ DISCORD_CLIENT_ID: '123456789012345678', CRAZYGAMES_GAME_ID: 'our-game', CRAZYGAMES_GAME_ORIGINS: 'https://our-game.game-files.crazygames.com' });
    expect(c.ALLOWED_ORIGINS).toEqual(['https://123456789012345678.discordsays.com', 'https://our-game.game-files.crazygames.com']);
    expect(c.FRAME_ANCESTORS).toEqual(["'self'", 'https://discord.com', 'https://ptb.discord.com', 'https://canary.discord.com',
      'https://123456789012345678.discordsays.com', 'https://www.crazygames.com', 'https://crazygames.com', 'https://our-game.game-files.crazygames.com']);
    for (const value of [...c.ALLOWED_ORIGINS, ...c.FRAME_ANCESTORS]) expect(value).not.toContain('*');
  });

  it('refuses at start-up any wildcard that trusts other developers\' Activities and games, or a whole TLD', () => {
    for (const [name, value] of [
      ['ALLOWED_ORIGINS', 'https://*.discordsays.com'], ['ALLOWED_ORIGINS', 'https://*.crazygames.com'], ['ALLOWED_ORIGINS', 'https://*.com'],
      ['FRAME_ANCESTORS', 'https://*.discordsays.com'], ['FRAME_ANCESTORS', '*'], ['FRAME_ANCESTORS', 'https:'], ['FRAME_ANCESTORS', 'https://*'],
      ['CRAZYGAMES_GAME_ORIGINS', 'https://*.crazygames.com'],
    ] as const) {
      const message = problemsOf({ [name]: value });
      expect(message, `${name}=${value}`).toContain(name);
      expect(message, `${name}=${value}`).toContain(value);
    }
    // The studio's own domain may still be a wildcard outside production.
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://*.studio.example' }).ALLOWED_ORIGINS).toEqual(['https://*.studio.example']);
  });

  it('refuses the same wildcards as parent origins in activity.config.json', () => {
    const base = JSON.parse(readFileSync('activity.config.json', 'utf8')) as object;
    expect(ActivityConfig.safeParse({ ...base, parentOrigins: ['https://*.studio.example'] }).success).toBe(true);
    for (const wild of ['https://*.discordsays.com', 'https://*.crazygames.com', 'https://*.io']) {
      expect(ActivityConfig.safeParse({ ...base, parentOrigins: [wild] }).success, wild).toBe(false);
    }
  });

  it('takes our own origin from PUBLIC_ORIGIN, or for a local run the loopback names of the port we listen on', () => {
    expect(ownOriginsOf(loadConfig({ PUBLIC_ORIGIN: 'https://game.example.com/' }), 8080)).toEqual(['https://game.example.com']);
    expect(ownOriginsOf(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:5173' }), 8787)).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173', 'http://[::1]:5173', 'http://localhost:8787', 'http://127.0.0.1:8787', 'http://[::1]:8787']);
    // A public https origin is the only one: loopback names of the port are not ours then.
    expect(ownOriginsOf(loadConfig({ PUBLIC_ORIGIN: 'https://game.example.com' }), 8080)).toEqual(['https://game.example.com']);
    expect(ownOriginsOf(loadConfig({}), 9100)).toEqual(['http://localhost:9100', 'http://127.0.0.1:9100', 'http://[::1]:9100']);
    expect(ownOriginsOf(loadConfig({ HOST: '192.168.1.20' }), 8080)).toContain('http://192.168.1.20:8080');
    for (const bad of ['game.example.com', 'https://game.example.com/play', 'ftp://game.example.com']) expect(problemsOf({ PUBLIC_ORIGIN: bad }), bad).toMatch(/PUBLIC_ORIGIN/);
  });

  it('says which host sign-ins are on and why', () => {
    expect(hostSignIns(loadConfig({}))).toEqual([
      'Discord sign-in: off (DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are not both set)',
      'CrazyGames portal sign-in: off (CRAZYGAMES_GAME_ID is not set)',
    ]);
    const on = hostSignIns(loadConfig({ DISCORD_CLIENT_ID: '42', DISCORD_CLIENT_SECRET: 's', CRAZYGAMES_GAME_ID: 'our-game' }));
    expect(on[0]).toMatch(/^Discord sign-in: on/);
    expect(on[1]).toBe('CrazyGames portal sign-in: on (tokens of game our-game only)');
  });
});

describe('production start-up checklist', () => {
  const complete = {
    NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://game.example.com', GAME_SERVER_KEY: 'a-game-server-key-0123456789',
    DISCORD_CLIENT_ID: '123456789012345678', DISCORD_CLIENT_SECRET: 'discord-secret',
    CRAZYGAMES_GAME_ID: 'our-game', CRAZYGAMES_GAME_ORIGINS: 'https://our-game.game-files.crazygames.com',
  };

  it('starts with a complete production configuration', () => {
    expect(loadConfig(complete).PUBLIC_ORIGIN).toBe('https://game.example.com');
  });

  it('refuses to start, listing every problem in one message', () => {
    let message = '';
    try {
      loadConfig({
        NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://game.example.com', DISCORD_CLIENT_ID: '123456789012345678',
        CRAZYGAMES_GAME_ORIGINS: 'https://our-game.game-files.crazygames.com', ALLOWED_ORIGINS: 'https://*.studio.example',
        CHAIN_RPC_URL: 'https://rpc.example', PLAYGROUND_ORIGIN: 'http://127.0.0.1:8082',
      });
    } catch (error) { message = (error as Error).message; }
    expect(message).toMatch(/^Refusing to start in production/);
    for (const problem of [
      /PUBLIC_ORIGIN is http:\/\/game\.example\.com: it must be https/, /GAME_SERVER_KEY is not set/, /DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET/,
      /CRAZYGAMES_GAME_ORIGINS is set without CRAZYGAMES_GAME_ID/, /ALLOWED_ORIGINS: "https:\/\/\*\.studio\.example" is a wildcard/,
      /BRIDGE_SENDER_PRIVATE_KEY together/, /PLAYGROUND_ORIGIN is set/,
    ]) expect(message).toMatch(problem);
  });

  it('refuses to start without a public origin, and names each missing secret', () => {
    const { PUBLIC_ORIGIN: _origin, GAME_SERVER_KEY: _key, DISCORD_CLIENT_SECRET: _secret, ...rest } = complete;
    let message = '';
    try { loadConfig(rest); } catch (error) { message = (error as Error).message; }
    expect(message).toMatch(/PUBLIC_ORIGIN is not set/);
    expect(message).toMatch(/GAME_SERVER_KEY is not set/);
    expect(message).toMatch(/DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together/);
  });

  it('refuses wildcard origins over public suffixes in production too, and any wildcard at all', () => {
    for (const wild of ['https://*.discordsays.com', 'https://*.crazygames.com', 'https://*.studio.example']) {
      expect(() => loadConfig({ ...complete, ALLOWED_ORIGINS: wild }), wild).toThrow(ConfigError);
      expect(() => loadConfig({ ...complete, FRAME_ANCESTORS: `'self',${wild}` }), wild).toThrow(ConfigError);
    }
  });
});

describe("the page's script-src", () => {
  it('lets every host SDK that activity.config.json names load', async () => {
    const { securityHeaders } = await import('../../server/plugins/security');
    const activity = ActivityConfig.parse(JSON.parse(readFileSync('activity.config.json', 'utf8')));
    const csp = new Map(securityHeaders(loadConfig({})).html).get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    const sdks = [activity.crazygames.sdkUrl, activity.poki.sdkUrl].map((url) => new URL(url).origin);
    expect(sdks.length).toBe(2);
    for (const origin of sdks) expect(scriptSrc).toContain(origin);
  });
});
