// The game link holds every message until the build announced its receiver
// (window.tripShellReceiverReady): a build without WebBridge gets nothing sent (no "SendMessage:
// object WebBridge not found!" per message), a build with it misses nothing.
import { describe, expect, it, vi } from 'vitest';
import { GAME_HOOKS, GAME_OBJECT, SHELL_TO_GAME } from '../../contract/game';
import type { GameStatus } from '../../src/game-link/controller';
import { installEarlyHooks } from '../../src/game-link/earlyHooks';
import { createGameLink, HELD_LIMIT, RECEIVER_NOT_READY_NOTE, type LinkedController } from '../../src/game-link/link';

function fakeController(initial: GameStatus = 'idle') {
  let status = initial;
  const listeners = new Set<() => void>();
  const sent: Array<[string, string | number | undefined]> = [];
  const controller: LinkedController = {
    getState: () => ({ status, progress: 0, error: null }),
    subscribe(listener) { listeners.add(listener); return () => { listeners.delete(listener); }; },
    sendMessage: vi.fn((object: string, method: string, value?: string | number) => {
      expect(object).toBe(GAME_OBJECT);
      sent.push([method, value]);
    }),
  };
  const set = (next: GameStatus) => { status = next; for (const l of [...listeners]) l(); };
  return { controller, sent, set };
}

describe('game link: nothing before the receiver is announced', () => {
  it('sends a running build that never announces nothing, and says so once', () => {
    const { controller, sent, set } = fakeController('loading');
    const info = vi.fn();
    const link = createGameLink(controller, { info });
    set('loaded');
    link.send(SHELL_TO_GAME.allSettings, { fov: 90 });
    link.send(SHELL_TO_GAME.audioMuted, true);
    link.send(SHELL_TO_GAME.overlayClosed, 'settings');
    link.send(SHELL_TO_GAME.settingsClosed);
    expect(sent).toEqual([]);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(RECEIVER_NOT_READY_NOTE);
    expect(link.isReceiverReady()).toBe(false);
  });

  it('delivers what it held once announced: the latest of each state, then the moments in order', () => {
    const { controller, sent, set } = fakeController('loading');
    const link = createGameLink(controller, { info: vi.fn() });
    set('loaded');
    link.send(SHELL_TO_GAME.audioMuted, false);
    link.send(SHELL_TO_GAME.settingChanged, { name: 'fov', value: 80 });
    link.send(SHELL_TO_GAME.bootstrap);
    link.send(SHELL_TO_GAME.settingChanged, { name: 'showFps', value: true });
    link.send(SHELL_TO_GAME.settingChanged, { name: 'fov', value: 95 });
    link.send(SHELL_TO_GAME.audioMuted, true);
    link.send(SHELL_TO_GAME.itemData, { itemUuid: 'a' });
    link.send(SHELL_TO_GAME.itemData, { itemUuid: 'b' });
    expect(sent).toEqual([]);
    link.receiverReady();
    expect(sent).toEqual([
      [SHELL_TO_GAME.audioMuted, 'true'],
      [SHELL_TO_GAME.settingChanged, '{"name":"fov","value":95}'],
      [SHELL_TO_GAME.settingChanged, '{"name":"showFps","value":true}'],
      [SHELL_TO_GAME.bootstrap, undefined],
      [SHELL_TO_GAME.itemData, '{"itemUuid":"a"}'],
      [SHELL_TO_GAME.itemData, '{"itemUuid":"b"}'],
    ]);
    // from now on straight through
    link.send(SHELL_TO_GAME.refreshMarketplace);
    expect(sent.at(-1)).toEqual([SHELL_TO_GAME.refreshMarketplace, undefined]);
  });

  it('host events that are a state keep their latest value; moments (an ad, a room to join) are all kept', () => {
    const { controller, sent, set } = fakeController('loaded');
    const link = createGameLink(controller, { info: vi.fn() });
    set('loaded');
    link.send(SHELL_TO_GAME.hostEvent, { type: 'storage', persistent: true });
    link.send(SHELL_TO_GAME.hostEvent, { type: 'joinRoom', roomId: 'r1' });
    link.send(SHELL_TO_GAME.hostEvent, { type: 'adStarted', kind: 'midgame' });
    link.send(SHELL_TO_GAME.hostEvent, { type: 'adFinished', kind: 'midgame' });
    link.send(SHELL_TO_GAME.hostEvent, { type: 'storage', persistent: false });
    link.receiverReady();
    expect(sent.map(([, v]) => JSON.parse(String(v)) as { type: string }).map((e) => e.type)).toEqual(['storage', 'joinRoom', 'adStarted', 'adFinished']);
    expect(sent[0]).toEqual([SHELL_TO_GAME.hostEvent, '{"type":"storage","persistent":false}']);
  });

  it('a whole settings object replaces single changes held before it, and takes in those after it', () => {
    const { controller, sent, set } = fakeController('loaded');
    const link = createGameLink(controller, { info: vi.fn() });
    set('loaded');
    link.send(SHELL_TO_GAME.settingChanged, { name: 'fov', value: 80 });
    link.send(SHELL_TO_GAME.allSettings, { fov: 80 });
    link.send(SHELL_TO_GAME.settingChanged, { name: 'fov', value: 70 });
    link.receiverReady();
    expect(sent).toEqual([[SHELL_TO_GAME.allSettings, '{"fov":70}']]);
  });

  it('a build that announces while it is still loading gets everything from the moment it runs', () => {
    const { controller, sent, set } = fakeController('idle');
    const link = createGameLink(controller, { info: vi.fn() });
    set('loading');
    link.receiverReady(); // WebBridge's Awake can run before createUnityInstance resolves
    set('loaded');
    link.send(SHELL_TO_GAME.audioMuted, true);
    expect(sent).toEqual([[SHELL_TO_GAME.audioMuted, 'true']]);
  });

  it('a new attempt (Retry) must announce again, and the moments held for the old one are dropped', () => {
    const { controller, sent, set } = fakeController('loading');
    const link = createGameLink(controller, { info: vi.fn() });
    link.receiverReady();
    set('loaded');
    set('error');
    set('loading');
    set('loaded');
    link.send(SHELL_TO_GAME.bootstrap);
    expect(sent).toEqual([]);
    set('loading');
    set('loaded');
    link.receiverReady();
    expect(sent).toEqual([]);
  });

  it('with no instance on its way a moment goes to the wrapper, which warns (nothing is held for a build that does not exist)', () => {
    const { controller } = fakeController('idle');
    const link = createGameLink(controller, { info: vi.fn() });
    link.send(SHELL_TO_GAME.bootstrap);
    expect(controller.sendMessage).toHaveBeenCalledWith(GAME_OBJECT, SHELL_TO_GAME.bootstrap);
  });

  it('holds at most HELD_LIMIT messages, dropping the oldest', () => {
    const { controller, sent, set } = fakeController('loaded');
    const link = createGameLink(controller, { info: vi.fn() });
    set('loaded');
    for (let i = 0; i < HELD_LIMIT + 5; i++) link.send(SHELL_TO_GAME.itemData, { itemUuid: String(i) });
    link.receiverReady();
    expect(sent).toHaveLength(HELD_LIMIT);
    expect(sent[0]).toEqual([SHELL_TO_GAME.itemData, '{"itemUuid":"5"}']);
  });

  it('the window hook exists from the first script and reaches the link', () => {
    const win = Object.assign(new EventTarget(), {}) as unknown as Window;
    const ready = vi.fn();
    installEarlyHooks(win).answer({ loadingComplete: vi.fn(), receiverReady: ready, queued: () => undefined });
    const hook = (win as unknown as Record<string, unknown>)[GAME_HOOKS.receiverReady];
    expect(typeof hook).toBe('function');
    (hook as () => void)();
    expect(ready).toHaveBeenCalledTimes(1);
  });
});
