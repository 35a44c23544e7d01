// The Discord Activity: the embedded-app SDK created with the Activity's client id from
// activity.config.json, awaited until ready and kept on window.discordSDK (spec part 2, SDK
// start-up). If it fails the product logs 'Discord SDK failed:' and carries on. API URL
// mappings through Discord's proxy are applied before anything fetches.
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
  log?: Pick<Console, 'info' | 'error'>;
}

export function createDiscordAdapter(options: DiscordAdapterOptions = {}): HostAdapter {
  const win = (options.win ?? window) as DiscordWindow;
  const log = options.log ?? console;
  const config = ActivityConfig.parse(options.config ?? rawConfig);
  let sdk: DiscordSDK | null = null;
  let started: Promise<void> | null = null;

  const start = () => {
    started ??= (async () => {
      try {
        if (config.discord.urlMappings.length > 0) (options.patch ?? patchUrlMappings)(config.discord.urlMappings);
        const created = (options.createSdk ?? ((id: string) => new DiscordSDK(id)))(config.discord.clientId);
        await created.ready();
        sdk = created;
        win.discordSDK = created;
        log.info('Discord SDK ready');
      } catch (error) {
        log.error('Discord SDK failed:', error);
      }
    })();
    return started;
  };

  const login = async (): Promise<LoginOutcome> => {
    await start();
    if (!sdk) return { kind: 'unavailable', reason: 'Discord is not available' };
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
