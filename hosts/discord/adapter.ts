// The Discord Activity: the embedded-app SDK created with the Activity's client id from
// activity.config.json, awaited until ready and kept on window.discordSDK (spec part 2, SDK
// start-up). If it fails the product logs 'Discord SDK failed:' and carries on. API URL
// mappings through Discord's proxy are applied before anything fetches.
// ready() is bounded: a parent that never answers the handshake (not Discord, or a client that
// hung) costs discord.readyTimeoutSeconds (default 10 s), then one console warning, and login
// answers 'unavailable' so the shell offers its own sign-in. Log In never waits more than
// LOGIN_WAIT_MS for the SDK. A ready() that comes late is still taken.
import { DiscordSDK, patchUrlMappings } from '@discord/embedded-app-sdk';
import rawConfig from '../../activity.config.json';
import { ActivityConfig } from '../../contract/activity';
import { NOTHING_HIDDEN, type HostAdapter, type LoginOutcome } from '../types';

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

export const DISCORD_ADAPTER_TEXT = {
  notReady: 'Discord did not answer. Log in with your TripLand account instead.',
} as const;

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
      const { code } = await sdk.commands.authorize({ client_id: config.discord.clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'] });
      return { kind: 'discordCode', code };
    } catch (error) {
      log.error('Discord login failed:', error);
      return { kind: 'unavailable', reason: 'Discord login failed: An unexpected error occurred' };
    }
  };

  // The SDK's authenticate makes the Activity's commands act for this player; if Discord
  // refuses it the player is still signed in to the game, so it is logged, not thrown.
  const authenticate = async (accessToken: string): Promise<void> => {
    if (!sdk) return;
    try {
      await sdk.commands.authenticate({ access_token: accessToken });
    } catch (error) {
      log.error('Discord authenticate failed:', error);
    }
  };

  return {
    kind: 'discord',
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
