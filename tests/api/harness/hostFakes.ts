// The third parties of the accounts tests, faked locally: Discord's OAuth API and the
// CrazyGames portal's token keys, with the server configuration that points at them.
import type { Config } from '../../../server/config';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord';
import { startFakePortal, type FakePortal } from '../../fakes/crazygames';

export const FAKE_DISCORD_CLIENT = { clientId: 'client-1', clientSecret: 'secret-1' } as const;
export const FAKE_PORTAL_GAME_ID = 'game-42';

export interface HostFakes {
  discord: FakeDiscord;
  portal: FakePortal;
  /** The server settings that send Discord and portal sign-ins to these fakes. */
  config: Partial<Config>;
  close(): Promise<void>;
}

export async function startHostFakes(): Promise<HostFakes> {
  const [discord, portal] = await Promise.all([startFakeDiscord(FAKE_DISCORD_CLIENT), startFakePortal({ gameId: FAKE_PORTAL_GAME_ID })]);
  return {
    discord, portal,
    config: {
      DISCORD_CLIENT_ID: FAKE_DISCORD_CLIENT.clientId, DISCORD_CLIENT_SECRET: FAKE_DISCORD_CLIENT.clientSecret,
      DISCORD_API_BASE: discord.apiBase, DISCORD_AUTHORIZE_URL: discord.authorizeUrl,
      CRAZYGAMES_PUBLIC_KEY_URL: portal.keyUrl, CRAZYGAMES_GAME_ID: portal.gameId,
    },
    close: async () => { await Promise.all([discord.close(), portal.close()]); },
  };
}
