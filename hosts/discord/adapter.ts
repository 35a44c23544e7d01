// The Discord Activity: the embedded-app SDK created with the Activity's client id from
// activity.config.json, awaited until ready and kept on window.discordSDK.
// If it fails the product logs 'Discord SDK failed:' and carries on. API URL
// mappings through Discord's proxy are applied before anything fetches.
// ready() is bounded: a parent that never answers the handshake (not Discord, or a client that
// hung) costs discord.readyTimeoutSeconds (default 10 s), then one console warning, and login
// answers 'unavailable' so the shell offers its own sign-in. Log In never waits more than
// LOGIN_WAIT_MS for the SDK. A ready() that comes late is still taken.
// A player who declines the authorization hears exactly that (DISCORD_ADAPTER_TEXT.declined), and
// nothing asks again on its own (loginDeclined: the Log In modal then shows the shell's form).
// Sign-in asks for rich presence too (rpc.activities.write); the host API's powers are in powers.ts.
// On phones: the orientation lock from activity.config.json (discord.orientationLock), and
// Discord's hardware-acceleration prompt when WebGL runs in software.
import { DiscordSDK, patchUrlMappings } from '@discord/embedded-app-sdk';
import rawConfig from '../../activity.config.json';
import { DISCORD_TEXT } from '../../contract/accounts';
import { ActivityConfig } from '../../contract/activity';
import { NOTHING_HIDDEN, type HostAdapter, type LoginOutcome } from '../types';
import { createDiscordPowers } from './powers';

type DiscordWindow = Window & { discordSDK?: DiscordSDK };

export interface DiscordAdapterOptions {
  win?: Window;
  config?: unknown;
  createSdk?: (clientId: string) => DiscordSDK;
  patch?: typeof patchUrlMappings;
  log?: Pick<Console, 'info' | 'error'> & Partial<Pick<Console, 'warn'>>;
}

/** The longest Log In waits for the SDK before it falls back to the shell's own sign-in. */
export const LOGIN_WAIT_MS = 1_000;

/** What Log In answers in the Activity (the contract's texts: the shell shows them translated). */
export const DISCORD_ADAPTER_TEXT = {
  notReady: DISCORD_TEXT.activityNotReady,
  declined: DISCORD_TEXT.signInCancelled,
  failed: DISCORD_TEXT.loginFailed,
} as const;

/** The scopes asked at sign-in: who the player is, and their rich presence. */
export const DISCORD_SCOPES = ['identify', 'rpc.activities.write'] as const;

/** The SDK's error for an authorization the player declined: RPC error 5000 (OAuth2 error) with access_denied. */
export function isDeclined(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 5000 && typeof message === 'string' && /access_denied|cancel/i.test(message);
}

/** Whether this page's WebGL runs in software (a context refused with failIfMajorPerformanceCaveat, accepted without). */
export function webglInSoftware(doc: Document): boolean {
  try {
    const canvas = doc.createElement('canvas');
    if (canvas.getContext('webgl', { failIfMajorPerformanceCaveat: true })) return false;
    return doc.createElement('canvas').getContext('webgl') !== null;
  } catch { return false; }
}

const ORIENTATION_LOCK = { unlocked: 1, portrait: 2, landscape: 3 } as const;

const delay = (ms: number) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), ms); });
  return { promise, cancel: () => clearTimeout(timer) };
};

export function createDiscordAdapter(options: DiscordAdapterOptions = {}): HostAdapter {
  const win = (options.win ?? window) as DiscordWindow;
  const log = options.log ?? console;
  const config = ActivityConfig.parse(options.config ?? rawConfig);
  let sdk: DiscordSDK | null = null;
  let started: Promise<void> | null = null;
  let declined = false;
  const powers = createDiscordPowers({ sdk: () => sdk, started: () => start(), win, log });

  /** Once ready, on phones: the orientation lock; anywhere: the prompt when WebGL runs in software. */
  const afterReady = (ready: DiscordSDK) => {
    const lock = config.discord.orientationLock;
    if (lock && String(ready.platform) === 'mobile') {
      ready.commands.setOrientationLockState({ lock_state: ORIENTATION_LOCK[lock] }).catch((error: unknown) => log.error('Discord orientation lock failed:', error));
    }
    if (webglInSoftware(win.document)) {
      ready.commands.encourageHardwareAcceleration().catch((error: unknown) => log.error('Discord hardware acceleration prompt failed:', error));
    }
  };

  const timeoutSeconds = config.discord.readyTimeoutSeconds;

  const start = () => {
    started ??= (async () => {
      let ready: Promise<'ready' | 'failed'>;
      try {
        if (config.discord.urlMappings.length > 0) (options.patch ?? patchUrlMappings)(config.discord.urlMappings);
        const created = (options.createSdk ?? ((id: string) => new DiscordSDK(id)))(config.discord.clientId);
        ready = created.ready().then(() => {
          sdk = created;
          win.discordSDK = created;
          log.info('Discord SDK ready');
          afterReady(created);
          return 'ready' as const;
        }, (error: unknown) => {
          log.error('Discord SDK failed:', error);
          return 'failed' as const;
        });
      } catch (error) {
        log.error('Discord SDK failed:', error);
        return;
      }
      const timeout = delay(timeoutSeconds * 1000);
      const first = await Promise.race([ready, timeout.promise]);
      timeout.cancel();
      if (first === 'timeout') {
        (log.warn ?? console.warn)(`Discord SDK did not become ready within ${timeoutSeconds} s (discord.readyTimeoutSeconds): the Activity carries on with the web sign-in`);
      }
    })();
    return started;
  };

  const login = async (): Promise<LoginOutcome> => {
    const wait = delay(LOGIN_WAIT_MS);
    await Promise.race([start(), wait.promise]);
    wait.cancel();
    if (!sdk) return { kind: 'unavailable', reason: DISCORD_ADAPTER_TEXT.notReady };
    try {
      const { code } = await sdk.commands.authorize({ client_id: config.discord.clientId, response_type: 'code', state: '', prompt: 'none', scope: [...DISCORD_SCOPES] });
      declined = false;
      return { kind: 'discordCode', code };
    } catch (error) {
      if (isDeclined(error)) {
        declined = true;
        log.info('Discord sign-in was declined by the player');
        return { kind: 'unavailable', reason: DISCORD_ADAPTER_TEXT.declined };
      }
      log.error('Discord login failed:', error);
      return { kind: 'unavailable', reason: DISCORD_ADAPTER_TEXT.failed };
    }
  };

  // The SDK's authenticate makes the Activity's commands act for this player; if Discord
  // refuses it the player is still signed in to the game, so it is logged, not thrown.
  const authenticate = async (accessToken: string): Promise<void> => {
    if (!sdk) return;
    try {
      const answer = await sdk.commands.authenticate({ access_token: accessToken });
      const userId = (answer as { user?: { id?: unknown } } | undefined)?.user?.id;
      if (typeof userId === 'string') powers.afterAuthenticate(userId).catch((error: unknown) => log.error('Discord powers failed:', error));
    } catch (error) {
      log.error('Discord authenticate failed:', error);
    }
  };

  const { afterAuthenticate: _after, ...hostPowers } = powers;
  return {
    ...hostPowers,
    kind: 'discord',
    loginDeclined: () => declined,
    hidden: NOTHING_HIDDEN,
    start,
    login,
    authenticate,
    // No parent page inside Discord handles wallet requests.
    connectWallet: () => 'unsupported',
    loadingStart: () => undefined,
    loadingStop: () => undefined,
    gameplayStart: () => undefined,
    gameplayStop: () => undefined,
    onMuteChange: () => () => undefined,
  };
}
