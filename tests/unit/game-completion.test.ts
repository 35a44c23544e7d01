// The completion policy and the loader options from configuration:
// when the loading screen ends for a build that does or does not call the hook, and what
// createUnityInstance is given.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import activity from '../../activity.config.json';
import { ActivityConfig } from '../../contract/activity';
import { GAME_BUILD_FILES, type CreateUnityInstance, type UnityConfig } from '../../contract/game';
import { createCompletion } from '../../src/game-link/completion';
import { createGameController } from '../../src/game-link/controller';
import { GAME_OPTION_DEFAULTS, gamePixelRatio, readGameOptions } from '../../src/game-link/gameConfig';

describe('the completion policy', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  const make = (policy: 'hook' | 'instance', hookTimeoutSeconds = 15) => {
    const complete = vi.fn();
    const log = { warn: vi.fn(), info: vi.fn() };
    return { completion: createCompletion({ config: { policy, hookTimeoutSeconds }, complete, log }), complete, log };
  };

  /** A build whose receiver announcement the test controls, and whose first frame it draws. */
  const withReceiver = (announcedAt: 'never' | 'before' | 'firstFrame') => {
    const complete = vi.fn();
    const log = { warn: vi.fn(), info: vi.fn() };
    let announced = announcedAt === 'before';
    const frames: Array<() => void> = [];
    const completion = createCompletion({
      config: { policy: 'hook', hookTimeoutSeconds: 15 }, complete, log,
      receiverAnnounced: () => announced,
      afterFirstFrame: (run) => { frames.push(run); },
    });
    const drawFirstFrame = () => {
      if (announcedAt === 'firstFrame') announced = true;
      for (const run of frames.splice(0)) run();
    };
    return { completion, complete, log, drawFirstFrame };
  };

  it("'hook': a build that never announced our receiver completes at its first frame, not after the time-out, with one note", () => {
    const { completion, complete, log, drawFirstFrame } = withReceiver('never');
    completion.instanceReady();
    expect(complete).not.toHaveBeenCalled(); // the instance is there, its first frame not yet
    drawFirstFrame();
    expect(complete).toHaveBeenCalledTimes(1);
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(complete).toHaveBeenCalledTimes(1);
    // a retry of the same build: at its first frame again, no second note
    completion.reset();
    completion.instanceReady();
    drawFirstFrame();
    expect(complete).toHaveBeenCalledTimes(2);
    expect(log.info).toHaveBeenCalledTimes(1);
  });

  it("'hook': a build that announced our receiver (before the instance or by its first frame) waits for the hook", () => {
    for (const when of ['before', 'firstFrame'] as const) {
      const { completion, complete, log, drawFirstFrame } = withReceiver(when);
      completion.instanceReady();
      drawFirstFrame();
      vi.advanceTimersByTime(10_000);
      expect(complete).not.toHaveBeenCalled();
      completion.hookCalled();
      expect(complete).toHaveBeenCalledTimes(1);
      expect(log.info).not.toHaveBeenCalled();
    }
  });

  it("'hook': an announced build that never calls the hook still completes after the time-out", () => {
    const { completion, complete, log, drawFirstFrame } = withReceiver('firstFrame');
    completion.instanceReady();
    drawFirstFrame();
    vi.advanceTimersByTime(14_999);
    expect(complete).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(complete).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('a retry drops the first-frame check of the attempt it replaced', () => {
    const { completion, complete, drawFirstFrame } = withReceiver('never');
    completion.instanceReady();
    completion.reset();
    drawFirstFrame();
    expect(complete).not.toHaveBeenCalled();
  });

  it("'hook': completes when the game calls the hook, with no warning", () => {
    const { completion, complete, log } = make('hook');
    completion.instanceReady();
    vi.advanceTimersByTime(2_000);
    expect(complete).not.toHaveBeenCalled();
    completion.hookCalled();
    expect(complete).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    completion.hookCalled();
    expect(complete).toHaveBeenCalledTimes(1);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it("'hook': a build that never calls it completes hookTimeoutSeconds after the instance, warning once and naming the hook", () => {
    const { completion, complete, log } = make('hook');
    vi.advanceTimersByTime(60_000); // the download takes as long as it takes: the clock starts at the instance
    expect(complete).not.toHaveBeenCalled();
    completion.instanceReady();
    vi.advanceTimersByTime(14_999);
    expect(complete).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(complete).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(String(log.warn.mock.calls[0]?.[0])).toMatch(/window\.unityLoadingComplete\(\).*15 s/);
    // after a retry the same build times out again, silently this time
    completion.reset();
    completion.instanceReady();
    vi.advanceTimersByTime(15_000);
    expect(complete).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it("'hook': the time-out is configurable", () => {
    const { completion, complete } = make('hook', 2);
    completion.instanceReady();
    vi.advanceTimersByTime(2_000);
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it("'instance': completes as soon as createUnityInstance resolves", () => {
    const { completion, complete, log } = make('instance');
    completion.instanceReady();
    expect(complete).toHaveBeenCalledTimes(1);
    completion.hookCalled();
    vi.advanceTimersByTime(60_000);
    expect(complete).toHaveBeenCalledTimes(1);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('a retry drops a pending time-out', () => {
    const { completion, complete } = make('hook');
    completion.instanceReady();
    vi.advanceTimersByTime(10_000);
    completion.reset();
    vi.advanceTimersByTime(10_000);
    expect(complete).not.toHaveBeenCalled();
  });
});

describe('the game options from activity.config.json', () => {
  it('match what the schema makes of the file and of an empty section', () => {
    expect(readGameOptions(activity.game)).toEqual(ActivityConfig.parse(activity).game);
    expect(readGameOptions(undefined)).toEqual(ActivityConfig.shape.game.parse({}));
    expect(readGameOptions({ completion: { policy: 'instance', hookTimeoutSeconds: 3 }, loader: { productName: 'Relic Run', devicePixelRatio: 'big' } }))
      .toMatchObject({ completion: { policy: 'instance', hookTimeoutSeconds: 3 }, loader: { productName: 'Relic Run', devicePixelRatio: 1.5 } });
  });

  it('take the completion overrides from the address on a loopback host only', () => {
    const local = readGameOptions(activity.game, 'http://127.0.0.1:8801/?completionPolicy=instance&hookTimeoutSeconds=2');
    expect(local.completion).toEqual({ policy: 'instance', hookTimeoutSeconds: 2 });
    const deployed = readGameOptions(activity.game, 'https://play.example.com/?completionPolicy=instance&hookTimeoutSeconds=2');
    expect(deployed.completion).toEqual({ policy: 'hook', hookTimeoutSeconds: 15 });
    expect(readGameOptions(activity.game, 'http://localhost/?hookTimeoutSeconds=-1').completion.hookTimeoutSeconds).toBe(15);
  });

  it('cap the pixel ratio at the screen only when asked', () => {
    expect(gamePixelRatio({ devicePixelRatio: 1.5, capPixelRatioAtScreen: false }, 1)).toBe(1.5);
    expect(gamePixelRatio({ devicePixelRatio: 1.5, capPixelRatioAtScreen: true }, 1)).toBe(1);
    expect(gamePixelRatio({ devicePixelRatio: 1.5, capPixelRatioAtScreen: true }, 2)).toBe(1.5);
    expect(gamePixelRatio({ devicePixelRatio: 1.5, capPixelRatioAtScreen: true }, Number.NaN)).toBe(1);
  });
});

describe('what createUnityInstance is given', () => {
  const run = async (loader: typeof GAME_OPTION_DEFAULTS.loader | undefined, screenRatio: number) => {
    let seen: UnityConfig | undefined;
    const create: CreateUnityInstance = async (_canvas, config) => {
      seen = config;
      return { SendMessage: vi.fn(), SetFullscreen: vi.fn(), Quit: async () => undefined };
    };
    Object.defineProperty(window, 'devicePixelRatio', { value: screenRatio, configurable: true });
    const controller = createGameController({ files: GAME_BUILD_FILES, loadLoader: async () => create, loader, log: { warn: vi.fn(), error: vi.fn(), info: vi.fn() } });
    const unmount = controller.mount(document.body.appendChild(document.createElement('div')));
    await vi.waitFor(() => expect(controller.getState().status).toBe('loaded'));
    unmount();
    return seen;
  };

  it('the configured company, product, version, StreamingAssets URL and pixel ratio', async () => {
    const seen = await run({ companyName: 'Acme', productName: 'Relic Run', productVersion: '2.3.1', streamingAssetsUrl: 'game/StreamingAssets', devicePixelRatio: 2, capPixelRatioAtScreen: false }, 1);
    expect(seen).toMatchObject({
      companyName: 'Acme', productName: 'Relic Run', productVersion: '2.3.1', streamingAssetsUrl: 'game/StreamingAssets', devicePixelRatio: 2,
      dataUrl: GAME_BUILD_FILES.dataUrl, frameworkUrl: GAME_BUILD_FILES.frameworkUrl, codeUrl: GAME_BUILD_FILES.codeUrl,
    });
  });

  it("the spec's 1.5 by default, capped at the screen's ratio when configured", async () => {
    expect((await run(undefined, 1))?.devicePixelRatio).toBe(1.5);
    expect((await run(undefined, 1))?.companyName).toBe('TripLand');
    expect((await run({ ...GAME_OPTION_DEFAULTS.loader, capPixelRatioAtScreen: true }, 1))?.devicePixelRatio).toBe(1);
    expect((await run({ ...GAME_OPTION_DEFAULTS.loader, capPixelRatioAtScreen: true }, 3))?.devicePixelRatio).toBe(1.5);
  });
});
