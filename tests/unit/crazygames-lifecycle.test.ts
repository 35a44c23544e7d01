// The portal's lifecycle calls in order and in time, with the real adapter,
// loading machine, completion policy, overlay store and game controller around a fake v3 SDK
// and a fake createUnityInstance that record into one list: loadingStart before the download
// begins, loadingStop when the loading screen hides, gameplay around play and overlays.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { GAME_BUILD_FILES, type CreateUnityInstance } from '../../contract/game';
import { crazygames } from '../../hosts/crazygames';
import { createCrazyGamesAdapter } from '../../hosts/crazygames/adapter';
import type { CrazyGamesSdk } from '../../hosts/crazygames/sdk';
import { LOADING, loadingMachine } from '../../machines/loading';
import { createCompletion } from '../../src/game-link/completion';
import { createGameController } from '../../src/game-link/controller';
import { startHost } from '../../src/host-bridge/hostWiring';
import { createOverlayStore } from '../../src/overlays/store';

/** How long start-up holds the download for the portal's SDK (its definition's startWaitMs). */
const HOST_GATE_MS = { crazygames: crazygames.startWaitMs };

function recordingSdk(calls: Array<[string, number]>, initMs: number): CrazyGamesSdk {
  const at = (name: string) => () => { calls.push([name, Date.now()]); };
  return {
    environment: 'crazygames',
    init: () => new Promise<void>((resolve) => { setTimeout(() => { calls.push(['init', Date.now()]); resolve(); }, initMs); }),
    game: {
      loadingStart: at('loadingStart'), loadingStop: at('loadingStop'), gameplayStart: at('gameplayStart'), gameplayStop: at('gameplayStop'),
      settings: { muteAudio: false, disableChat: false },
      addSettingsChangeListener: () => undefined, removeSettingsChangeListener: () => undefined,
    },
    user: {
      isUserAccountAvailable: true,
      getUser: async () => null, showAuthPrompt: async () => null, getUserToken: async () => 'token',
    },
  };
}

describe('the portal lifecycle around a build on the instance policy', () => {
  beforeEach(() => { vi.useFakeTimers(); document.body.innerHTML = ''; });
  afterEach(() => { vi.useRealTimers(); });

  async function run(initMs: number) {
    const t0 = Date.now();
    const calls: Array<[string, number]> = [];
    const sdk = recordingSdk(calls, initMs);
    const adapter = createCrazyGamesAdapter({ loadSdk: async () => { await sdk.init(); return sdk; }, log: { warn: vi.fn(), info: vi.fn() } });
    const loading = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const overlays = createOverlayStore();
    const completion = createCompletion({ config: { policy: 'instance', hookTimeoutSeconds: 15 }, complete: () => loading.send({ type: 'COMPLETE' }) });
    let gate: Promise<void> = Promise.resolve();
    // A build that downloads for 2 s and never calls the completion hook.
    const create: CreateUnityInstance = (_canvas, _config, onProgress) => {
      calls.push(['download begins', Date.now()]);
      return new Promise((resolve) => setTimeout(() => { onProgress?.(1); resolve({ SendMessage: vi.fn(), SetFullscreen: vi.fn(), Quit: async () => undefined }); }, 2_000));
    };
    const game = createGameController({ files: GAME_BUILD_FILES, loadLoader: async () => create, beforeStart: () => gate, log: { warn: vi.fn(), error: vi.fn(), info: vi.fn() } });
    game.subscribe(() => { if (game.getState().status === 'loaded') completion.instanceReady(); });
    gate = startHost(Promise.resolve(adapter), { loading, overlays, link: { send: vi.fn() } }, HOST_GATE_MS.crazygames);
    game.mount(document.body.appendChild(document.createElement('div')));
    const rel = () => calls.map(([name, t]) => [name, t - t0] as const);
    return { calls, rel, overlays, loading };
  }

  it('says loadingStart before the download begins and loadingStop when the loading screen hides', async () => {
    const { rel, overlays, loading } = await run(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(rel().map(([n]) => n)).toEqual([]); // the download waits for the SDK
    await vi.advanceTimersByTimeAsync(1);
    expect(rel()).toEqual([['init', 1_000], ['loadingStart', 1_000], ['download begins', 1_000]]);
    await vi.advanceTimersByTimeAsync(2_000); // instance resolved: completing, the bar runs to 100 %
    expect(rel().map(([n]) => n)).not.toContain('loadingStop');
    await vi.advanceTimersByTimeAsync(LOADING.hideDelayMs);
    expect(rel().slice(3)).toEqual([['loadingStop', 3_000 + LOADING.hideDelayMs], ['gameplayStart', 3_000 + LOADING.hideDelayMs]]);
    overlays.open('settings', {});
    overlays.close();
    expect(rel().slice(5).map(([n]) => n)).toEqual(['gameplayStop', 'gameplayStart']);
    loading.stop();
  });

  it('does not hold the download longer than the gate when the SDK is slow', async () => {
    const { rel, loading } = await run(60_000);
    await vi.advanceTimersByTimeAsync(HOST_GATE_MS.crazygames);
    expect(rel()).toEqual([['download begins', HOST_GATE_MS.crazygames]]);
    await vi.advanceTimersByTimeAsync(60_000);
    // the queued loadingStart still comes first once the SDK is ready; the screen hid long ago
    expect(rel().map(([n]) => n)).toEqual(['download begins', 'init', 'loadingStart', 'loadingStop', 'gameplayStart']);
    loading.stop();
  });
});
