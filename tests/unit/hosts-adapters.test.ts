// The web and Discord adapters, and the wiring of any adapter to loading, overlays and mute.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiscordSDK } from '@discord/embedded-app-sdk';
import { createActor } from 'xstate';
import activity from '../../activity.config.json';
import { CONNECT_WALLET, SHELL_TO_GAME } from '../../contract/game';
import { createDiscordAdapter, DISCORD_ADAPTER_TEXT } from '../../hosts/discord/adapter';
import type { HostAdapter } from '../../hosts/types';
import { createWebAdapter } from '../../hosts/web/adapter';
import { loadingMachine } from '../../machines/loading';
import { wireHost } from '../../src/host-bridge/hostWiring';
import { recordedGame } from '../support/recordedGame';
import { createOverlayStore } from '../../src/overlays/store';

describe('the web adapter', () => {
  it('logs in with the shell modal and hides nothing', async () => {
    const adapter = createWebAdapter(window);
    await expect(adapter.login()).resolves.toEqual({ kind: 'shellModal' });
    expect(adapter.hidden.size).toBe(0);
  });

  it('posts CONNECT_WALLET to the parent when framed, and says unsupported when not', () => {
    expect(createWebAdapter(window).connectWallet()).toBe('unsupported');
    const postMessage = vi.fn();
    const framed = { parent: { postMessage }, document: { referrer: 'https://partner.example/page' } } as unknown as Window;
    expect(createWebAdapter(framed).connectWallet()).toBe('posted-to-parent');
    expect(postMessage).toHaveBeenCalledWith({ type: CONNECT_WALLET }, 'https://partner.example');
  });
});

describe('the Discord adapter', () => {
  afterEach(() => { delete (window as { discordSDK?: unknown }).discordSDK; });

  it('creates the SDK with the configured client id, awaits ready and keeps it on window.discordSDK', async () => {
    const sdk = { ready: vi.fn(async () => undefined) } as unknown as DiscordSDK;
    const createSdk = vi.fn(() => sdk);
    const patch = vi.fn();
    const log = { info: vi.fn(), error: vi.fn() };
    const adapter = createDiscordAdapter({ createSdk, patch, log });
    await adapter.start();
    expect(createSdk).toHaveBeenCalledWith(activity.discord.clientId);
    expect((window as { discordSDK?: unknown }).discordSDK).toBe(sdk);
    expect(log.info).toHaveBeenCalledWith('Discord SDK ready');
    expect(patch).not.toHaveBeenCalled(); // no URL mappings configured
  });

  it('applies the configured URL mappings before starting', async () => {
    const patch = vi.fn();
    const config = { ...activity, discord: { ...activity.discord, urlMappings: [{ prefix: '/api', target: 'api.tripshell.example' }] } };
    const adapter = createDiscordAdapter({ config, patch, createSdk: () => ({ ready: async () => undefined }) as unknown as DiscordSDK, log: { info: vi.fn(), error: vi.fn() } });
    await adapter.start();
    expect(patch).toHaveBeenCalledWith([{ prefix: '/api', target: 'api.tripshell.example' }]);
  });

  it("logs 'Discord SDK failed:' and carries on", async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const adapter = createDiscordAdapter({ createSdk: () => { throw new Error('frame_id query param is not defined'); }, log });
    await expect(adapter.start()).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith('Discord SDK failed:', expect.any(Error));
    expect((window as { discordSDK?: unknown }).discordSDK).toBeUndefined();
    await expect(adapter.login()).resolves.toMatchObject({ kind: 'unavailable' });
  });

  it('logs in with the Activity authorize command', async () => {
    const authorize = vi.fn(async () => ({ code: 'oauth-code' }));
    const sdk = { ready: async () => undefined, commands: { authorize } } as unknown as DiscordSDK;
    const adapter = createDiscordAdapter({ createSdk: () => sdk, log: { info: vi.fn(), error: vi.fn() } });
    await expect(adapter.login()).resolves.toEqual({ kind: 'discordCode', code: 'oauth-code' });
    expect(authorize).toHaveBeenCalledWith(expect.objectContaining({ client_id: activity.discord.clientId, response_type: 'code', scope: ['identify', 'rpc.activities.write'] }));
  });
});

describe('wiring a host to the shell', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  function recordingAdapter() {
    const calls: string[] = [];
    let muteListener: ((muted: boolean) => void) | null = null;
    const adapter: HostAdapter = {
      ...createWebAdapter(window),
      loadingStart: () => calls.push('loadingStart'),
      loadingStop: () => calls.push('loadingStop'),
      gameplayStart: () => calls.push('gameplayStart'),
      gameplayStop: () => calls.push('gameplayStop'),
      onMuteChange: (listener) => { muteListener = listener; listener(true); return () => { muteListener = null; }; },
    };
    return { adapter, calls, mute: (m: boolean) => muteListener?.(m) };
  }

  it('reports loading, then gameplay around overlays, never on blur, and forwards the mute setting once the game runs', () => {
    const loading = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const overlays = createOverlayStore();
    const { adapter, calls, mute } = recordingAdapter();
    const game = recordedGame('loading');
    const set = game.setStatus;
    const send = game.received;
    const unwire = wireHost(adapter, { loading, overlays, link: game });
    expect(calls).toEqual(['loadingStart']);
    expect(send).not.toHaveBeenCalled(); // muted, but the game is not running yet
    set('loaded');
    expect(send).toHaveBeenCalledWith(SHELL_TO_GAME.audioMuted, true);
    loading.send({ type: 'COMPLETE' });
    vi.advanceTimersByTime(300);
    expect(calls.slice(-2)).toEqual(['loadingStop', 'gameplayStart']);
    overlays.open('settings', {});
    expect(calls.at(-1)).toBe('gameplayStop');
    window.dispatchEvent(new Event('blur'));
    overlays.close();
    expect(calls.at(-1)).toBe('gameplayStart');
    mute(false);
    expect(send).toHaveBeenLastCalledWith(SHELL_TO_GAME.audioMuted, false);
    const before = calls.length;
    window.dispatchEvent(new Event('blur'));
    vi.advanceTimersByTime(2_000);
    unwire();
    loading.stop();
    // the adapter dedups; the wiring itself never reacts to blur
    expect(calls.slice(before).filter((c) => c === 'gameplayStop')).toEqual([]);
  });
});

describe('the Discord adapter with a parent that never answers the handshake', () => {
  const search = '?frame_id=frame-silent&instance_id=instance-silent&platform=desktop';
  let previous: string;
  beforeEach(() => {
    previous = window.location.href;
    window.history.replaceState(null, '', `/${search}`);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', previous);
    delete (window as { discordSDK?: unknown }).discordSDK;
  });

  it('gives the real SDK the configured time, then warns once and carries on without it', async () => {
    // The real SDK: it posts its handshake to the parent (here nobody answers it).
    const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() };
    const config = { ...activity, discord: { ...activity.discord, readyTimeoutSeconds: 4 } };
    const adapter = createDiscordAdapter({ config, log });
    let done = false;
    void adapter.start().then(() => { done = true; });
    await vi.advanceTimersByTimeAsync(3_900);
    expect(done).toBe(false);
    expect(log.warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatch(/within 4 s/);
    expect(log.info).not.toHaveBeenCalledWith('Discord SDK ready');
    expect((window as { discordSDK?: unknown }).discordSDK).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('answers Log In within a second, with the web sign-in as the way on, while the SDK is still waiting', async () => {
    const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() };
    const adapter = createDiscordAdapter({ log }); // the shipped default: 10 s
    void adapter.start();
    await vi.advanceTimersByTimeAsync(500);
    let outcome: unknown = null;
    void adapter.login().then((o) => { outcome = o; });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outcome).toEqual({ kind: 'unavailable', reason: DISCORD_ADAPTER_TEXT.notReady });
    expect(log.warn).not.toHaveBeenCalled(); // the 10 s are not over yet
    // After the timeout: at once.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log.warn).toHaveBeenCalledTimes(1);
    outcome = null;
    void adapter.login().then((o) => { outcome = o; });
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toEqual({ kind: 'unavailable', reason: DISCORD_ADAPTER_TEXT.notReady });
  });

  it('still takes a ready() that comes after the timeout', async () => {
    let answer: () => void = () => undefined;
    const authorize = vi.fn(async () => ({ code: 'late-code' }));
    const sdk = { ready: () => new Promise<void>((resolve) => { answer = resolve; }), commands: { authorize } } as unknown as DiscordSDK;
    const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() };
    const adapter = createDiscordAdapter({ createSdk: () => sdk, log });
    void adapter.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log.warn).toHaveBeenCalledTimes(1);
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(log.info).toHaveBeenCalledWith('Discord SDK ready');
    await expect(adapter.login()).resolves.toEqual({ kind: 'discordCode', code: 'late-code' });
  });
});
