// The Activity login's last step: after our server exchanged the authorize code, the adapter
// hands Discord's access token to the SDK's authenticate; a refusal is logged, never thrown.
import type { DiscordSDK } from '@discord/embedded-app-sdk';
import { describe, expect, it, vi } from 'vitest';
import { createDiscordAdapter } from '../../hosts/discord/adapter';

function fakeSdk(authenticate: (args: { access_token: string }) => Promise<unknown>) {
  return {
    ready: async () => undefined,
    commands: { authorize: async () => ({ code: 'activity-code' }), authenticate },
  } as unknown as DiscordSDK;
}

describe('Discord Activity login', () => {
  it('authorize gives the code, authenticate receives the access token', async () => {
    const authenticate = vi.fn(async () => ({ user: { id: '1' } }));
    const adapter = createDiscordAdapter({ createSdk: () => fakeSdk(authenticate), log: { info: vi.fn(), error: vi.fn() } });
    await expect(adapter.login()).resolves.toEqual({ kind: 'discordCode', code: 'activity-code' });
    await adapter.authenticate?.('discord-access-token');
    expect(authenticate).toHaveBeenCalledWith({ access_token: 'discord-access-token' });
  });

  it('a refused authenticate is logged and does not throw', async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const adapter = createDiscordAdapter({ createSdk: () => fakeSdk(() => Promise.reject(new Error('denied'))), log });
    await adapter.start();
    await expect(adapter.authenticate?.('t')).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith('Discord authenticate failed:', expect.any(Error));
  });
});
