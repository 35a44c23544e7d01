// The demo game's side of the protocol: every shell message handled, every hook and every
// window-message trigger reachable from the in-game menu with a payload the shell accepts.
import { describe, expect, it, vi } from 'vitest';
import { DAILY_SPIN_NOT_VERIFIED, GAME_HOOKS, GameMessage, SHELL_TO_GAME, parseGameMessage } from '../../../contract/game';
import { interpretShellMessage } from '../../../demo-game/src/bridge';
import { HOOK_TRIGGERS, MESSAGE_TRIGGERS, fireTrigger, type Trigger } from '../../../demo-game/src/triggers';

describe('interpretShellMessage', () => {
  it('handles every SHELL_TO_GAME method with its own HUD line', () => {
    const examples: Record<string, string | undefined> = {
      [SHELL_TO_GAME.settingChanged]: '{"name":"fov","value":100}',
      [SHELL_TO_GAME.settingsClosed]: undefined,
      [SHELL_TO_GAME.allSettings]: '{"fov":100}',
      [SHELL_TO_GAME.bootstrap]: undefined,
      [SHELL_TO_GAME.userData]: '{"uuid":"u1","username":"alice","verified":1,"isAdmin":false}',
      [SHELL_TO_GAME.refreshMarketplace]: undefined,
      [SHELL_TO_GAME.itemData]: '{"itemUuid":"item-1"}',
      [SHELL_TO_GAME.buySuccess]: '{"quantity":2,"crateVersionId":1}',
      [SHELL_TO_GAME.overlayClosed]: 'profile',
      [SHELL_TO_GAME.audioMuted]: 'true',
      [SHELL_TO_GAME.hostEvent]: '{"type":"joinRoom","roomId":"r-1"}',
    };
    expect(Object.keys(examples).sort()).toEqual(Object.values(SHELL_TO_GAME).sort());
    const lines = Object.entries(examples).map(([method, value]) => interpretShellMessage(method, value).line);
    expect(lines).toEqual([
      'Setting fov = 100',
      'Settings closed',
      'All settings received',
      'Bootstrap: player re-initialised',
      'Playing as alice',
      'Marketplace refreshed',
      'Item data requested: item-1',
      'Purchase: 2 x crate 1',
      'Overlay closed: profile',
      'Audio muted by the host',
      'Joining room r-1',
    ]);
  });

  it('turns messages into effects the game applies', () => {
    expect(interpretShellMessage(SHELL_TO_GAME.settingChanged, '{"name":"fov","value":100}').effect).toEqual({ kind: 'setting', name: 'fov', value: 100 });
    expect(interpretShellMessage(SHELL_TO_GAME.allSettings, '{"fov":100}').effect).toEqual({ kind: 'allSettings', value: '{"fov":100}' });
    expect(interpretShellMessage(SHELL_TO_GAME.userData, '{"username":"alice"}').effect).toEqual({ kind: 'user', username: 'alice' });
    expect(interpretShellMessage(SHELL_TO_GAME.bootstrap, undefined).effect).toEqual({ kind: 'bootstrap' });
    expect(interpretShellMessage(SHELL_TO_GAME.audioMuted, 'false').effect).toEqual({ kind: 'audio', muted: false });
  });

  it.each([
    [SHELL_TO_GAME.settingChanged, 'not json', 'Setting change ignored (malformed)'],
    [SHELL_TO_GAME.userData, '{"username":""}', 'User data ignored (malformed)'],
    [SHELL_TO_GAME.userData, undefined, 'User data ignored (malformed)'],
    [SHELL_TO_GAME.itemData, '{}', 'Item data ignored (malformed)'],
    [SHELL_TO_GAME.buySuccess, '{"quantity":-1,"crateVersionId":0}', 'Purchase message ignored (malformed)'],
    [SHELL_TO_GAME.overlayClosed, undefined, 'Overlay closed: unknown'],
    [SHELL_TO_GAME.audioMuted, '"yes"', 'Audio message ignored (malformed)'],
    [SHELL_TO_GAME.hostEvent, '{"type":"joinRoom","roomId":"a b"}', 'Host event ignored (malformed)'],
    [SHELL_TO_GAME.hostEvent, '{"type":"teleport"}', 'Host event ignored (malformed)'],
    ['NoSuchMethod', 'x', 'Unknown message NoSuchMethod'],
  ])('%s(%j) is reported, not applied: %s', (method, value, line) => {
    const outcome = interpretShellMessage(method, value);
    expect(outcome.line).toBe(line);
    if (method !== SHELL_TO_GAME.overlayClosed) expect(outcome.effect).toEqual({ kind: 'none' });
  });
});

describe('menu triggers', () => {
  const all: Trigger[] = [...HOOK_TRIGGERS, ...MESSAGE_TRIGGERS];

  it('has one button per hook the game may call, and one that raises a game event', () => {
    const hooks = HOOK_TRIGGERS.map((t) => (t.kind === 'hook' ? t.hook : t.kind === 'event' ? 'dispatchEvent' : null));
    expect(hooks).toEqual(['showSettings', 'showProfile', 'showReleaseLogs', 'showLevelProgress', 'hideOverlay', 'requestBotCheckToken', 'dispatchEvent']);
    // loadingComplete and receiverReady are called by the game itself (first frame drawn; receiver
    // up); hostCall by the menu's Host section (host.test.ts)
    expect(Object.keys(GAME_HOOKS).filter((k) => k !== 'loadingComplete' && k !== 'receiverReady' && k !== 'hostCall').sort()).toEqual([...hooks].sort());
  });

  it('covers every GameMessage type, and every variant the brief names', () => {
    const types = new Set(MESSAGE_TRIGGERS.map((t) => (t.kind === 'message' ? (typeof t.message === 'string' ? t.message : t.message.type) : '')));
    const contractTypes = GameMessage.options.map((o) => o.shape.type.value);
    expect([...types].sort()).toEqual([...contractTypes].sort());
    const ids = all.map((t) => t.testId);
    for (const id of [
      'demo-trigger-SHOW_CRATE_SHOP_MODAL-0', 'demo-trigger-SHOW_CRATE_SHOP_MODAL-1',
      'demo-trigger-SHOW_MARKETPLACE_MODAL-transfer', 'demo-trigger-SHOW_MARKETPLACE_MODAL-buy', 'demo-trigger-SHOW_MARKETPLACE_MODAL-sell',
      'demo-trigger-SHOW_MARKETPLACE_LISTING_MODAL-buyConfirm', 'demo-trigger-switchAuthMode-login', 'demo-trigger-switchAuthMode-signup',
      'demo-trigger-daily-spin-not-verified', 'demo-trigger-WALLET_NOTIFICATION-success', 'demo-trigger-WALLET_NOTIFICATION-error',
      'demo-hook-showSettings', 'demo-hook-hideOverlay',
    ]) expect(ids).toContain(id);
  });

  it('gives every button a unique test id and a label', () => {
    const ids = all.map((t) => t.testId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of all) expect(t.label.length).toBeGreaterThan(0);
  });

  it('sends payloads the shell accepts', () => {
    for (const t of MESSAGE_TRIGGERS) {
      if (t.kind !== 'message') continue;
      expect(parseGameMessage(t.message), t.testId).not.toBeNull();
    }
    const daily = MESSAGE_TRIGGERS.find((t) => t.testId === 'demo-trigger-daily-spin-not-verified');
    expect(daily?.kind === 'message' && daily.message).toBe(DAILY_SPIN_NOT_VERIFIED); // the plain string form
  });
});

describe('fireTrigger', () => {
  const byId = (id: string) => [...HOOK_TRIGGERS, ...MESSAGE_TRIGGERS].find((t) => t.testId === id) as Trigger;

  it('posts window messages to our own origin only', async () => {
    const postMessage = vi.fn();
    const line = await fireTrigger(byId('demo-trigger-SHOW_CRATE_SHOP_MODAL-1'), { hooks: {}, postMessage, origin: 'http://localhost:8787' });
    expect(postMessage).toHaveBeenCalledWith({ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 1 }, 'http://localhost:8787');
    expect(line).toBe('Sent SHOW_CRATE_SHOP_MODAL');
  });

  it('calls the page hook with the page as this', async () => {
    const hooks: Record<string, unknown> = {};
    const showProfile = vi.fn(function (this: unknown) {
      expect(this).toBe(hooks);
    });
    hooks.showProfile = showProfile;
    expect(await fireTrigger(byId('demo-hook-showProfile'), { hooks, postMessage: vi.fn(), origin: '' })).toBe('Called showProfile()');
    expect(showProfile).toHaveBeenCalledOnce();
  });

  it('says so when the page lacks a hook', async () => {
    expect(await fireTrigger(byId('demo-hook-showLevelProgress'), { hooks: {}, postMessage: vi.fn(), origin: '' })).toBe('The page has no showLevelProgress()');
  });

  it('raises a game event through dispatchReactUnityEvent and shows the answer', async () => {
    const dispatch = vi.fn(() => 'ok');
    const trigger = byId('demo-event-DemoGameEvent');
    expect(await fireTrigger(trigger, { hooks: { [GAME_HOOKS.dispatchEvent]: dispatch }, postMessage: vi.fn(), origin: '' })).toBe('Event DemoGameEvent sent, answer: ok');
    expect(dispatch).toHaveBeenCalledWith('DemoGameEvent', 'menu', 1);
    expect(await fireTrigger(trigger, { hooks: {}, postMessage: vi.fn(), origin: '' })).toBe('The page has no dispatchReactUnityEvent()');
  });

  it('awaits the bot-check token', async () => {
    const target = (fn: () => unknown) => ({ hooks: { [GAME_HOOKS.requestBotCheckToken]: fn }, postMessage: vi.fn(), origin: '' });
    const trigger = byId('demo-hook-requestBotCheckToken');
    expect(await fireTrigger(trigger, target(() => Promise.resolve('abcdef')))).toBe('Bot-check token received (6 chars)');
    expect(await fireTrigger(trigger, target(() => Promise.resolve('')))).toBe('Bot-check token: none');
    expect(await fireTrigger(trigger, target(() => Promise.reject(new Error('timed out'))))).toBe('Bot-check token failed: timed out');
  });
});
