// The host API on the portal: the real CrazyGames adapter over the portal's SDK in process
// (tests/fakes/crazygames.ts), wired to the shell as boot wires it (wireHost with the host API):
// ads stop gameplay, mute the page and the game and tell the game, and resume after; the ad
// blocker, invites, the invite parameter, happy time, the chat setting and the locale.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SHELL_TO_GAME, type HostEvent } from '../../contract/game';
import { createCrazyGamesAdapter } from '../../hosts/crazygames/adapter';
import { loadingMachine } from '../../machines/loading';
import type { GameState } from '../../src/game-link/controller';
import { recordedGame } from '../support/recordedGame';
import { createHostApi, type HostApi } from '../../src/host-bridge/hostApi';
import { wireHost } from '../../src/host-bridge/hostWiring';
import { getHostLocale, setHostLocale } from '../../src/lib/hostLocale';
import { createOverlayStore } from '../../src/overlays/store';
import { createFakeCrazyGamesSdk, type FakeCrazyGamesSdk } from '../fakes/crazygames';
import { quiet } from '../support/log';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function portal(sdk: FakeCrazyGamesSdk, options: { loadDelayMs?: number } = {}) {
  const adapter = createCrazyGamesAdapter({
    loadSdk: async () => { if (options.loadDelayMs) await wait(options.loadDelayMs); await sdk.init(); return sdk; },
    log: quiet(),
  });
  // The real game link in front of a game that records what reaches it (`send`: method, payload).
  const game = recordedGame('loading');
  const send = game.received;
  const setGame = (status: GameState['status']) => { game.setStatus(status); };
  const loading = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
  const overlays = createOverlayStore();
  const mutePage = vi.fn();
  let api: HostApi | null = null;
  const unwire = wireHost(adapter, { loading, overlays, link: game, mutePage }, (a, wiring) => {
    api = createHostApi({ adapter: a, link: game, ...wiring, log: quiet() });
    return api;
  });
  void adapter.start();
  const hostApi = () => { if (!api) throw new Error('no host API'); return api; };
  const events = () => send.mock.calls.filter(([m]) => m === SHELL_TO_GAME.hostEvent).map(([, e]) => e as HostEvent);
  /** The game loaded and the loading screen went (300 ms after completion): play. */
  const play = async () => { setGame('loaded'); loading.send({ type: 'COMPLETE' }); await wait(350); };
  return { adapter, sdk, send, mutePage, overlays, hostApi, events, play, setGame, unwire };
}

describe('the host API on the portal', () => {
  let unwire: (() => void) | null = null;
  beforeEach(() => { setHostLocale(null); });
  afterEach(() => { unwire?.(); unwire = null; });

  it('plays a rewarded ad with gameplay stopped, page and game muted, the game told, and everything resumed after', async () => {
    const sdk = createFakeCrazyGamesSdk();
    sdk.adMs = 80;
    const p = portal(sdk);
    unwire = p.unwire;
    await p.play();
    expect(sdk.calls.at(-1)).toBe('gameplayStart');
    const answer = p.hostApi().call({ call: 'showAd', kind: 'rewarded' });
    await wait(40); // the ad is playing
    expect(sdk.calls.slice(-3)).toEqual(['requestAd:rewarded', 'adStarted', 'gameplayStop']);
    expect(p.hostApi().adRunning()).toBe(true);
    expect(p.mutePage).toHaveBeenLastCalledWith(true);
    expect(p.send).toHaveBeenCalledWith(SHELL_TO_GAME.audioMuted, true);
    expect(p.events()).toContainEqual({ type: 'adStarted', kind: 'rewarded' });
    expect(await answer).toEqual({ status: 'done', value: { kind: 'rewarded', rewarded: true } });
    expect(sdk.calls.slice(-2)).toEqual(['adFinished', 'gameplayStart']);
    expect(p.mutePage).toHaveBeenLastCalledWith(false);
    expect(p.send).toHaveBeenLastCalledWith(SHELL_TO_GAME.hostEvent, { type: 'adFinished', kind: 'rewarded', rewarded: true });
    expect(p.send).toHaveBeenCalledWith(SHELL_TO_GAME.audioMuted, false);
  });

  it('keeps gameplay stopped after an ad that ended while an overlay is open', async () => {
    const sdk = createFakeCrazyGamesSdk();
    sdk.adMs = 30;
    const p = portal(sdk);
    unwire = p.unwire;
    await p.play();
    const answer = p.hostApi().call({ call: 'showAd', kind: 'midgame' });
    await wait(20);
    p.overlays.open('settings', {});
    expect(await answer).toEqual({ status: 'done', value: { kind: 'midgame' } });
    expect(sdk.calls.filter((c) => c === 'gameplayStart')).toHaveLength(1);
    expect(p.events().at(-1)).toEqual({ type: 'adFinished', kind: 'midgame' });
  });

  it('delivers a rewarded ad that broke off as not rewarded, and an unfilled one as unavailable without pausing', async () => {
    const sdk = createFakeCrazyGamesSdk();
    sdk.adMs = 20;
    const p = portal(sdk);
    unwire = p.unwire;
    await p.play();
    sdk.adBehaviour = 'errorAfterStart';
    expect(await p.hostApi().call({ call: 'showAd', kind: 'rewarded' })).toEqual({ status: 'done', value: { kind: 'rewarded', rewarded: false } });
    expect(p.events().at(-1)).toEqual({ type: 'adFinished', kind: 'rewarded', rewarded: false });
    sdk.adBehaviour = 'unfilled';
    const before = sdk.calls.length;
    expect(await p.hostApi().call({ call: 'showAd', kind: 'midgame' })).toEqual({ status: 'unavailable', reason: 'no ad: unfilled: No ad available' });
    expect(sdk.calls.slice(before)).toEqual(['requestAd:midgame']);
  });

  it('answers unavailable at once with an ad blocker, and says so in the capabilities', async () => {
    const sdk = createFakeCrazyGamesSdk();
    sdk.adblock = true;
    const p = portal(sdk);
    unwire = p.unwire;
    await p.play();
    expect(await p.hostApi().call({ call: 'showAd', kind: 'rewarded' })).toEqual({ status: 'unavailable', reason: 'an ad blocker is active' });
    expect(sdk.calls).not.toContain('requestAd:rewarded');
    const caps = await p.hostApi().call({ call: 'capabilities' });
    expect(caps).toMatchObject({ status: 'done', value: { host: 'crazygames', ads: false, invite: true, happyTime: true, chatSetting: true, joinRoom: true } });
  });

  it('never keeps the game paused past the bound when the ad never ends', async () => {
    const sdk = createFakeCrazyGamesSdk();
    sdk.adBehaviour = 'neverEnds';
    const p = portal(sdk);
    unwire = p.unwire;
    await p.play();
    const api = createHostApi({ adapter: p.adapter, link: { send: p.send }, playing: () => true, timeouts: { showAd: 100 }, log: quiet() });
    expect(await api.call({ call: 'showAd', kind: 'midgame' })).toEqual({ status: 'unavailable', reason: 'showAd: the host did not answer within 100 ms' });
    expect(api.adRunning()).toBe(false);
    api.dispose();
  });

  it('gives invite links with the room, shows the invite button, and hands an arriving player\'s room to the game once loaded', async () => {
    const sdk = createFakeCrazyGamesSdk();
    sdk.inviteParams = { roomId: 'room-9' };
    const p = portal(sdk);
    unwire = p.unwire;
    await wait(20);
    expect(p.events()).toEqual([]); // not before the game is up
    p.setGame('loaded');
    expect(p.events().filter((e) => e.type === 'joinRoom')).toEqual([{ type: 'joinRoom', roomId: 'room-9' }]);
    expect(await p.hostApi().call({ call: 'invite', roomId: 'room-9' })).toEqual({ status: 'done', value: { roomId: 'room-9', via: 'portal', link: 'https://www.crazygames.com/game/tripshell?roomId=room-9' } });
    expect(sdk.calls).toContain('showInviteButton:roomId=room-9');
  });

  it('puts a player who came to play with friends at once in a new room at once, with the invite button for it; an invited one joins the inviter\'s room', async () => {
    const sdk = createFakeCrazyGamesSdk();
    sdk.instantMultiplayer = true;
    const p = portal(sdk);
    unwire = p.unwire;
    p.setGame('loaded');
    await vi.waitFor(() => expect(p.events().filter((e) => e.type === 'joinRoom')).toHaveLength(1));
    const joined = p.events().find((e) => e.type === 'joinRoom');
    const room = joined?.type === 'joinRoom' ? joined.roomId : '';
    expect(room).toMatch(/^[a-f0-9]{12}$/);
    expect(sdk.calls).toContain(`showInviteButton:roomId=${room}`);
    // Arriving through a friend's invite as well: the inviter's room, not a new one.
    const invited = createFakeCrazyGamesSdk();
    invited.instantMultiplayer = true;
    invited.inviteParams = { roomId: 'room-of-inviter' };
    const q = portal(invited);
    const unwireFirst = unwire;
    unwire = () => { unwireFirst(); q.unwire(); };
    q.setGame('loaded');
    await vi.waitFor(() => expect(q.events().filter((e) => e.type === 'joinRoom')).toEqual([{ type: 'joinRoom', roomId: 'room-of-inviter' }]));
    expect(invited.calls.filter((c) => c.startsWith('showInviteButton'))).toEqual([]);
  });

  it('passes happy time to the portal, the chat setting and the locale to the game', async () => {
    const sdk = createFakeCrazyGamesSdk({ systemInfo: { locale: 'fr-FR', countryCode: 'FR' } });
    const p = portal(sdk, { loadDelayMs: 50 }); // the SDK arrives late
    unwire = p.unwire;
    expect(await p.hostApi().call({ call: 'happyTime' })).toEqual({ status: 'done', value: { celebrated: true } });
    expect(sdk.calls).toContain('happytime');
    p.setGame('loaded');
    expect(getHostLocale()).toBe('fr-FR');
    sdk.setSettings({ disableChat: true });
    const sent = p.events();
    expect(sent).toContainEqual({ type: 'chat', enabled: true });
    expect(sent).toContainEqual({ type: 'chat', enabled: false });
    expect(sent).toContainEqual({ type: 'locale', locale: 'fr-FR' });
    expect(await p.hostApi().call({ call: 'locale' })).toEqual({ status: 'done', value: { locale: 'fr-FR', country: 'FR' } });
  });

  it('answers every power unavailable, at once, when the SDK rejects', async () => {
    const sdk = createFakeCrazyGamesSdk({ initRejects: true });
    const p = portal(sdk);
    unwire = p.unwire;
    expect(await p.hostApi().call({ call: 'showAd', kind: 'midgame' })).toEqual({ status: 'unavailable', reason: 'the CrazyGames SDK could not load (an ad blocker may be blocking it)' });
    expect(await p.hostApi().call({ call: 'invite' })).toMatchObject({ status: 'unavailable' });
    // The locale: the browser's, where the portal cannot tell it.
    expect(await p.hostApi().call({ call: 'locale' })).toEqual({ status: 'done', value: { locale: navigator.languages[0] } });
  });
});
