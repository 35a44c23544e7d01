// activity.config.json's game loader options, completion policy and Discord ready timeout:
// their defaults when the file leaves them out, the values the file
// ships, and clear refusals of values the shell could not use.
import { describe, expect, it } from 'vitest';
import activity from '../../activity.config.json';
import { ActivityConfig } from '../../contract/activity';

const minimal = {
  discord: { clientId: '000000000000000000', hosts: ['discordsays.com'] },
  crazygames: { sdkUrl: 'https://sdk.crazygames.com/crazygames-sdk-v3.js', hosts: ['crazygames.com'] },
};

describe('the game and Discord options of activity.config.json', () => {
  it('fills every default when the file leaves them out', () => {
    const parsed = ActivityConfig.parse(minimal);
    expect(parsed.discord.readyTimeoutSeconds).toBe(10);
    expect(parsed.game).toEqual({
      loader: { companyName: 'TripLand', productName: 'TripShell', productVersion: '1.0', streamingAssetsUrl: 'game/StreamingAssets', devicePixelRatio: 1.5, capPixelRatioAtScreen: false },
      completion: { policy: 'hook', hookTimeoutSeconds: 15 },
    });
  });

  it('fills the defaults inside a partly written game section', () => {
    const parsed = ActivityConfig.parse({ ...minimal, game: { loader: { productName: 'Relic Run' }, completion: { policy: 'instance' } } });
    expect(parsed.game.loader).toMatchObject({ productName: 'Relic Run', companyName: 'TripLand', devicePixelRatio: 1.5 });
    expect(parsed.game.completion).toEqual({ policy: 'instance', hookTimeoutSeconds: 15 });
  });

  it('ships the spec defaults in the real file', () => {
    const parsed = ActivityConfig.parse(activity);
    expect(parsed.discord.readyTimeoutSeconds).toBe(10);
    expect(parsed.game.loader.devicePixelRatio).toBe(1.5);
    expect(parsed.game.loader.capPixelRatioAtScreen).toBe(false);
    expect(parsed.game.completion).toEqual({ policy: 'hook', hookTimeoutSeconds: 15 });
  });

  it.each([
    ['an unknown policy', { game: { completion: { policy: 'eventually' } } }],
    ['a zero hook timeout', { game: { completion: { hookTimeoutSeconds: 0 } } }],
    ['a negative ready timeout', { discord: { ...minimal.discord, readyTimeoutSeconds: -1 } }],
    ['a pixel ratio of 10', { game: { loader: { devicePixelRatio: 10 } } }],
    ['a pixel-ratio cap given as a string', { game: { loader: { capPixelRatioAtScreen: 'yes' } } }],
    ['StreamingAssets on another site', { game: { loader: { streamingAssetsUrl: 'https://cdn.example.com/StreamingAssets' } } }],
    ['StreamingAssets on a protocol-relative host', { game: { loader: { streamingAssetsUrl: '//cdn.example.com/sa' } } }],
    ['an empty product name', { game: { loader: { productName: '' } } }],
  ])('refuses %s', (_name, patch) => {
    const result = ActivityConfig.safeParse({ ...minimal, ...patch });
    expect(result.success).toBe(false);
  });
});
