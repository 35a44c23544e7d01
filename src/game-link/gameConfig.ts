// The `game` section of activity.config.json as the first screen reads it: without zod (the
// first screen's bundle carries none), with the schema's defaults (contract/activity.ts, which
// tests/unit/activity-config.test.ts runs over the file itself). Values of the wrong type fall
// back to the default rather than reaching createUnityInstance.
import type { GameCompletionConfig, GameLoaderConfig } from '../../contract/activity';

export interface GameOptions {
  loader: GameLoaderConfig;
  completion: GameCompletionConfig;
}

export const GAME_OPTION_DEFAULTS: GameOptions = {
  loader: {
    companyName: 'TripLand',
    productName: 'TripShell',
    productVersion: '1.0',
    streamingAssetsUrl: 'game/StreamingAssets',
    devicePixelRatio: 1.5,
    capPixelRatioAtScreen: false,
  },
  completion: { policy: 'hook', hookTimeoutSeconds: 15 },
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? value as Record<string, unknown> : {};
}
const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);
const positive = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);
const policy = (value: unknown, fallback: GameCompletionConfig['policy']) => (value === 'hook' || value === 'instance' ? value : fallback);

/**
 * The game options from the config file's `game` section. On a loopback address only (local
 * runs and the end-to-end tests, never a deployed site), `?completionPolicy=` and
 * `?hookTimeoutSeconds=` override the completion policy, so a test need not wait 15 s.
 */
export function readGameOptions(rawGame: unknown, href = ''): GameOptions {
  const game = record(rawGame);
  const loader = record(game.loader);
  const completion = record(game.completion);
  const d = GAME_OPTION_DEFAULTS;
  const options: GameOptions = {
    loader: {
      companyName: text(loader.companyName, d.loader.companyName),
      productName: text(loader.productName, d.loader.productName),
      productVersion: text(loader.productVersion, d.loader.productVersion),
      streamingAssetsUrl: text(loader.streamingAssetsUrl, d.loader.streamingAssetsUrl),
      devicePixelRatio: positive(loader.devicePixelRatio, d.loader.devicePixelRatio),
      capPixelRatioAtScreen: typeof loader.capPixelRatioAtScreen === 'boolean' ? loader.capPixelRatioAtScreen : d.loader.capPixelRatioAtScreen,
    },
    completion: {
      policy: policy(completion.policy, d.completion.policy),
      hookTimeoutSeconds: positive(completion.hookTimeoutSeconds, d.completion.hookTimeoutSeconds),
    },
  };
  let url: URL | null = null;
  try { url = new URL(href); } catch { /* no address: no overrides */ }
  if (url && LOOPBACK.has(url.hostname)) {
    const params = url.searchParams;
    options.completion.policy = policy(params.get('completionPolicy'), options.completion.policy);
    const seconds = params.get('hookTimeoutSeconds');
    if (seconds !== null) options.completion.hookTimeoutSeconds = positive(Number(seconds), options.completion.hookTimeoutSeconds);
  }
  return options;
}

/** The pixel ratio createUnityInstance is given: the configured one, capped at the screen's own when asked. */
export function gamePixelRatio(loader: Pick<GameLoaderConfig, 'devicePixelRatio' | 'capPixelRatioAtScreen'>, screenRatio: number): number {
  if (!loader.capPixelRatioAtScreen) return loader.devicePixelRatio;
  const screen = Number.isFinite(screenRatio) && screenRatio > 0 ? screenRatio : 1;
  return Math.min(loader.devicePixelRatio, screen);
}
