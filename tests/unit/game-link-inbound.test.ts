// The game link's inbound half (src/game-link/inbound.ts): every trigger and hook routed to the
// overlay manager or its handler; malformed payloads of ours ignored and logged, never thrown;
// other origins and foreign traffic (host SDK frames) ignored without a word.
import { describe, expect, it, vi } from 'vitest';
import { GAME_HOOKS, TRIGGER_MODAL, type GameMessage, type OverlayKey } from '../../contract/game';
import { installGameInbound, type InboundOptions } from '../../src/game-link/inbound';
import { installEarlyHooks } from '../../src/game-link/earlyHooks';

const OWN = 'https://play.example.com';
const PARENT = 'https://portal.example.com';

interface FakeWindow {
  win: Window;
  post(data: unknown, origin?: string, fromParent?: boolean): void;
  hook(name: string): (...args: unknown[]) => unknown;
}

/** A window with a parent frame, whose message listeners we call directly. */
function fakeWindow(): FakeWindow {
  const listeners = new Set<(event: MessageEvent) => void>();
  const parent = {} as Window;
  const win = {
    location: { origin: OWN },
    parent,
    addEventListener: (type: string, fn: (event: MessageEvent) => void) => { if (type === 'message') listeners.add(fn); },
    removeEventListener: (type: string, fn: (event: MessageEvent) => void) => { if (type === 'message') listeners.delete(fn); },
  } as unknown as Window;
  return {
    win,
    post(data, origin = OWN, fromParent = false) {
      const event = { data, origin, source: fromParent ? parent : win } as unknown as MessageEvent;
      for (const fn of [...listeners]) fn(event);
    },
    hook: (name) => (win as unknown as Record<string, (...args: unknown[]) => unknown>)[name] as (...args: unknown[]) => unknown,
  };
}

function setup(options: Partial<InboundOptions> = {}, registered: (key: OverlayKey) => boolean = () => true) {
  const page = fakeWindow();
  const overlays = { open: vi.fn(), close: vi.fn() };
  const log = { warn: vi.fn(), debug: vi.fn() };
  const walletNotification = vi.fn();
  const uninstall = installGameInbound({
    win: page.win, overlays, hasOverlay: registered, parentOrigins: ['https://*.example.com'],
    requestBotCheckToken: async () => 'token-123', handlers: { walletNotification }, log, ...options,
  });
  return { page, overlays, log, walletNotification, uninstall };
}

const TRIGGERS: Array<[GameMessage | string, OverlayKey, unknown]> = [
  [{ type: 'SHOW_MARKETPLACE_MODAL', modalType: 'sell', itemUuid: 'item-1' }, 'marketplace', { modalType: 'sell', itemUuid: 'item-1' }],
  [{ type: 'SHOW_REMOVED_ITEMS_MODAL', removedItems: [{ name: 'Sword', quantity: 2 }] }, 'removedItems', { removedItems: [{ name: 'Sword', quantity: 2 }] }],
  [{ type: 'SHOW_COINFLIP_MODAL', modalType: 'create' }, 'coinflip', { modalType: 'create' }],
  [{ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 1 }, 'crateShop', { crateVersionId: 1 }],
  [{ type: 'SHOW_CRATE_OPEN_MODAL' }, 'crateOpen', {}],
  [{ type: 'SHOW_SORRY_POPUP' }, 'sorry', {}],
  [{ type: 'SHOW_MARKETPLACE_LISTING_MODAL', listingId: 42, modalType: 'buyConfirm' }, 'marketplaceListing', { listingId: 42, modalType: 'buyConfirm' }],
  [{ type: 'SHOW_MYTHICAL_BRIDGE_MODAL' }, 'mythicalBridge', {}],
  [{ type: 'SHOW_INVENTORY', tab: 'history' }, 'inventory', { tab: 'history' }],
  [{ type: 'SHOW_GET_TRIPCOINS' }, 'getTripCoins', {}],
  [{ type: 'SHOW_LEADERBOARD', period: 'week', scope: 'global' }, 'leaderboard', { period: 'week', scope: 'global' }],
  [{ type: 'SHOW_LEADERBOARD', period: 'all', scope: 'clan', stat: 'kills' }, 'leaderboard', { period: 'all', scope: 'clan', stat: 'kills' }],
  ['daily spin not verified', 'verifyDiscord', {}],
  [{ type: 'daily spin not verified' }, 'verifyDiscord', {}],
  [{ type: 'switchAuthMode', mode: 'signup' }, 'auth', { mode: 'signup' }],
  [{ type: 'switchAuthMode', mode: 'logout' }, 'auth', { mode: 'logout' }], // the game's Log Out
  [{ type: 'showDiscordFusionModal', discordUser: { id: '1234', username: 'neo' }, suggestedUsername: 'neo_1', accessToken: 'at' }, 'discordFusion',
    { discordUser: { id: '1234', username: 'neo' }, suggestedUsername: 'neo_1', accessToken: 'at' }],
];

describe('the bridge', () => {
  it('routes every trigger to its overlay', () => {
    const { page, overlays, log } = setup();
    for (const [message, key, payload] of TRIGGERS) {
      overlays.open.mockClear();
      page.post(message);
      expect(overlays.open, JSON.stringify(message)).toHaveBeenCalledWith(key, payload);
    }
    expect(log.warn).not.toHaveBeenCalled();
    // every trigger type of the contract is covered above
    const covered = new Set(TRIGGERS.map(([m]) => (typeof m === 'string' ? m : m.type)));
    for (const type of Object.keys(TRIGGER_MODAL)) expect(covered.has(type as GameMessage['type']), type).toBe(true);
  });

  it('applies schema defaults (crate shop 0, coin flip create)', () => {
    const { page, overlays } = setup();
    page.post({ type: 'SHOW_CRATE_SHOP_MODAL' });
    expect(overlays.open).toHaveBeenLastCalledWith('crateShop', { crateVersionId: 0 });
    page.post({ type: 'SHOW_COINFLIP_MODAL' });
    expect(overlays.open).toHaveBeenLastCalledWith('coinflip', { modalType: 'create' });
  });

  it('hands WALLET_NOTIFICATION to its handler, from our page or a configured parent', () => {
    const { page, overlays, walletNotification } = setup();
    const message = { type: 'WALLET_NOTIFICATION', walletData: { wasError: true, notifTitle: 'Oops', failMessage: 'No wallet' } };
    page.post(message);
    page.post(message, 'https://wallet.example.com', true);
    expect(walletNotification).toHaveBeenCalledTimes(2);
    expect(walletNotification).toHaveBeenLastCalledWith(message);
    expect(overlays.open).not.toHaveBeenCalled();
  });

  it('defines every hook and routes them', async () => {
    const { page, overlays } = setup();
    page.hook(GAME_HOOKS.showSettings)();
    expect(overlays.open).toHaveBeenLastCalledWith('settings', {});
    page.hook(GAME_HOOKS.showSettings)('keyboard');
    expect(overlays.open).toHaveBeenLastCalledWith('settings', { section: 'keyboard' });
    page.hook(GAME_HOOKS.showProfile)('uuid-7');
    expect(overlays.open).toHaveBeenLastCalledWith('profile', { uuid: 'uuid-7' });
    page.hook(GAME_HOOKS.showReleaseLogs)();
    expect(overlays.open).toHaveBeenLastCalledWith('releaseNotes', {});
    page.hook(GAME_HOOKS.showLevelProgress)();
    expect(overlays.open).toHaveBeenLastCalledWith('levelProgress', {});
    page.hook(GAME_HOOKS.hideOverlay)();
    expect(overlays.close).toHaveBeenCalledWith();
    await expect(page.hook(GAME_HOOKS.requestBotCheckToken)()).resolves.toBe('token-123');
  });

  it('reports a trigger with no overlay registered and shows nothing', () => {
    const { page, overlays, log } = setup({}, () => false);
    page.post({ type: 'SHOW_SORRY_POPUP' });
    page.hook(GAME_HOOKS.showSettings)();
    expect(overlays.open).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith('no overlay registered for sorry');
    expect(log.warn).toHaveBeenCalledWith('no overlay registered for settings');
  });

  it('ignores messages from other origins and triggers from the parent', () => {
    const { page, overlays, log, walletNotification } = setup();
    page.post({ type: 'SHOW_SORRY_POPUP' }, 'https://evil.test');
    page.post({ type: 'WALLET_NOTIFICATION', walletData: { wasError: false } }, 'https://evil.test', true);
    page.post({ type: 'WALLET_NOTIFICATION', walletData: { wasError: false } }, 'https://example.com.evil.test', true);
    expect(overlays.open).not.toHaveBeenCalled();
    expect(walletNotification).not.toHaveBeenCalled();
    // Nothing logged per foreign message: in a Discord Activity each console line becomes a
    // CAPTURE_LOG command, whose answer is another foreign message.
    page.post([1, { cmd: 'CAPTURE_LOG', evt: null, nonce: 'n-1', data: null }], 'https://discord.com', true);
    expect(log.debug).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();
    // a trusted parent may not open our overlays
    page.post({ type: 'SHOW_SORRY_POPUP' }, PARENT, true);
    expect(overlays.open).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/only WALLET_NOTIFICATION/));
  });

  it('drops malformed payloads with a warning and never throws', () => {
    const { page, overlays, log } = setup();
    const malformed: unknown[] = [
      { type: 'SHOW_MARKETPLACE_MODAL', modalType: 'steal' },
      { type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 7 },
      { type: 'SHOW_MARKETPLACE_LISTING_MODAL', listingId: -1, modalType: 'buyConfirm' },
      { type: 'switchAuthMode', mode: 'admin' },
      { type: 'WALLET_NOTIFICATION', walletData: 'yes' },
      { type: 'showDiscordFusionModal', discordUser: { id: '' } },
      { type: 'SHOW_NUKE' },
      { type: 'SHOW_REMOVED_ITEMS_MODAL', removedItems: Array.from({ length: 501 }, () => ({})) },
    ];
    for (const data of malformed) expect(() => page.post(data)).not.toThrow();
    expect(overlays.open).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(malformed.length);
    // traffic that is not shaped like ours (SDK frames, devtools) is ignored without a warning
    for (const data of [null, 42, 'hello', [1, { cmd: 'DISPATCH' }], { source: 'react-devtools' }]) expect(() => page.post(data)).not.toThrow();
    expect(log.warn).toHaveBeenCalledTimes(malformed.length);
  });

  it('survives a handler that throws', () => {
    const { page, log } = setup({ handlers: { walletNotification: () => { throw new Error('boom'); } } });
    expect(() => page.post({ type: 'WALLET_NOTIFICATION', walletData: { wasError: false } })).not.toThrow();
    expect(log.warn).toHaveBeenCalledWith('The WALLET_NOTIFICATION handler failed:', expect.any(Error));
  });

  it('replays what the game said before it loaded, then stops listening when uninstalled', async () => {
    const page = fakeWindow();
    const complete = vi.fn();
    const early = installEarlyHooks(page.win);
    early.answer({ loadingComplete: complete, receiverReady: () => undefined, queued: () => undefined });
    page.hook(GAME_HOOKS.loadingComplete)();
    expect(complete).toHaveBeenCalledTimes(1);
    const pendingToken = page.hook(GAME_HOOKS.requestBotCheckToken)() as Promise<string>;
    page.hook(GAME_HOOKS.showLevelProgress)();
    page.post({ type: 'SHOW_CRATE_OPEN_MODAL' });
    const overlays = { open: vi.fn(), close: vi.fn() };
    const uninstall = installGameInbound({
      win: page.win, overlays, hasOverlay: () => true, parentOrigins: [], early: early.drain(),
      requestBotCheckToken: async () => 'early-token', log: { warn: vi.fn() },
    });
    expect(overlays.open.mock.calls).toEqual([['levelProgress', {}], ['crateOpen', {}]]);
    await expect(pendingToken).resolves.toBe('early-token');
    uninstall();
    page.post({ type: 'SHOW_SORRY_POPUP' });
    expect(overlays.open).toHaveBeenCalledTimes(2);
    expect(page.hook(GAME_HOOKS.showSettings)).toBeUndefined();
  });
});

describe('foreign window traffic', () => {
  it('logs nothing for 1,000 host SDK frames, from the parent or our own origin', () => {
    const page = fakeWindow();
    const overlays = { open: vi.fn(), close: vi.fn() };
    const calls = (['log', 'info', 'debug', 'warn', 'error', 'trace'] as const).map((level) => vi.spyOn(console, level).mockImplementation(() => undefined));
    try {
      const uninstall = installGameInbound({ win: page.win, overlays, hasOverlay: () => true, requestBotCheckToken: async () => 't', parentOrigins: [PARENT] });
      for (let i = 0; i < 1_000; i += 1) {
        const frames: Array<[unknown, string, boolean]> = [
          [[1, { cmd: 'DISPATCH', evt: 'READY', nonce: String(i) }], 'https://discord.com', true], // Discord RPC: [opcode, payload]
          [{ cmd: 'SUBSCRIBE', nonce: String(i), args: {} }, 'https://1234.discordsays.com', true], // an object without our type
          [[3, { frame_id: 'f' }], PARENT, true], // a trusted parent's SDK frame
          [{ evt: 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', data: {} }, OWN, false], // relayed to our own origin
        ];
        const [data, origin, fromParent] = frames[i % frames.length]!;
        page.post(data, origin, fromParent);
      }
      uninstall();
      expect(overlays.open).not.toHaveBeenCalled();
      for (const spy of calls) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of calls) spy.mockRestore();
    }
  });
});
