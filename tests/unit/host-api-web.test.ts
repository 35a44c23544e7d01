// The host API on the plain web, and its rules on any host: the real web adapter behind the
// shell's host API (src/host-bridge/hostApi.ts) and the window hook (hostCall.ts installHostCall).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_HOOKS, HOST_CALL_TIMEOUT_MS, HOST_NAMES, SHELL_TO_GAME, type HostAnswer, type HostEvent } from '../../contract/game';
import { HOSTS } from '../../hosts/list';
import type { HostAdapter } from '../../hosts/types';
import { createWebAdapter, joinLink, joinParam } from '../../hosts/web/adapter';
import type { GameState } from '../../src/game-link/controller';
import { createHostApi, type HostApi } from '../../src/host-bridge/hostApi';
import { installHostCall } from '../../src/host-bridge/hostCall';
import { getHostLocale, setHostLocale, subscribeHostLocale } from '../../src/lib/hostLocale';
import { recordedGame } from '../support/recordedGame';
import { quiet } from '../support/log';


function make(adapter: HostAdapter, status: GameState['status'] = 'loaded', timeouts = {}) {
  const link = recordedGame(status);
  const api = createHostApi({ adapter, link, timeouts, log: quiet(), playing: () => true });
  const events = () => link.sentWith(SHELL_TO_GAME.hostEvent) as HostEvent[];
  return { api, link, events };
}

/** A window whose navigator and address the test sets. */
function page(href: string, nav: Partial<Navigator>): Window {
  return { location: { href }, navigator: { languages: ['es-MX', 'en'], language: 'es-MX', ...nav }, document: { title: 'TripShell' }, crypto: window.crypto, parent: null } as unknown as Window;
}

describe('the host API on the web', () => {
  let api: HostApi | null = null;
  beforeEach(() => { setHostLocale(null); });
  afterEach(() => { api?.dispose(); api = null; });

  it('invites through the Web Share API where the browser has it, with a ?join= link', async () => {
    const share = vi.fn(async () => undefined);
    const m = make(createWebAdapter(page('https://tripshell.example/play?x=1#top', { share } as Partial<Navigator>)));
    api = m.api;
    expect(await m.api.call({ call: 'invite', roomId: 'room-5' })).toEqual({ status: 'done', value: { roomId: 'room-5', via: 'share', link: 'https://tripshell.example/play?x=1&join=room-5' } });
    expect(share).toHaveBeenCalledWith({ title: 'TripShell', url: 'https://tripshell.example/play?x=1&join=room-5' });
  });

  it('answers cancelled when the player closes the share sheet, and copies the link where there is no share', async () => {
    const share = vi.fn(async () => { throw Object.assign(new Error('Share canceled'), { name: 'AbortError' }); });
    const m1 = make(createWebAdapter(page('https://tripshell.example/', { share } as Partial<Navigator>)));
    expect(await m1.api.call({ call: 'invite', roomId: 'r1' })).toEqual({ status: 'cancelled' });
    m1.api.dispose();
    const writeText = vi.fn(async () => undefined);
    const m2 = make(createWebAdapter(page('https://tripshell.example/', { clipboard: { writeText } } as unknown as Partial<Navigator>)));
    api = m2.api;
    const answer = await m2.api.call({ call: 'invite' });
    expect(answer).toMatchObject({ status: 'done', value: { via: 'clipboard' } });
    const { roomId, link } = (answer as Extract<HostAnswer<'invite'>, { status: 'done' }>).value;
    expect(roomId).toMatch(/^[a-f0-9]{12}$/);
    expect(writeText).toHaveBeenCalledWith(link);
    expect(joinParam(link!)).toBe(roomId);
    // The party of one is in that room from now on.
    expect(await m2.api.call({ call: 'party' })).toEqual({ status: 'done', value: { roomId, members: [{ displayName: 'You', self: true }] } });
  });

  it('hands the game the room of a ?join= link once it has loaded, once', async () => {
    const href = joinLink('https://tripshell.example/', 'room-77');
    const m = make(createWebAdapter(page(href, {})), 'loading');
    api = m.api;
    await new Promise((r) => setTimeout(r, 0));
    expect(m.events().filter((e) => e.type === 'joinRoom')).toEqual([]);
    m.link.setStatus('loaded');
    m.link.setStatus('error');
    m.link.setStatus('loaded');
    expect(m.events().filter((e) => e.type === 'joinRoom')).toEqual([{ type: 'joinRoom', roomId: 'room-77' }]);
  });

  it('ignores a ?join= that is not a room id', async () => {
    const m = make(createWebAdapter(page('https://tripshell.example/?join=%3Cscript%3E', {})));
    api = m.api;
    await new Promise((r) => setTimeout(r, 0));
    expect(m.events().filter((e) => e.type === 'joinRoom')).toEqual([]);
  });

  it('takes the locale from the browser\'s languages, for the shell (hostLocale) and the game', async () => {
    const heard: Array<string | null> = [];
    const stop = subscribeHostLocale((l) => heard.push(l));
    const m = make(createWebAdapter(page('https://tripshell.example/', {})));
    api = m.api;
    expect(await m.api.call({ call: 'locale' })).toEqual({ status: 'done', value: { locale: 'es-MX' } });
    expect(getHostLocale()).toBe('es-MX');
    expect(heard).toEqual(['es-MX']);
    expect(m.events()).toContainEqual({ type: 'locale', locale: 'es-MX' });
    stop();
  });

  it('accepts and ignores presence, and answers ads and happy time unavailable at once', async () => {
    const m = make(createWebAdapter(page('https://tripshell.example/', {})));
    api = m.api;
    expect(await m.api.call({ call: 'setPresence', details: 'Boss fight' })).toEqual({ status: 'done', value: { shown: false } });
    expect(await m.api.call({ call: 'showAd', kind: 'midgame' })).toEqual({ status: 'unavailable', reason: 'showAd is not offered by the web host' });
    expect(await m.api.call({ call: 'happyTime' })).toEqual({ status: 'unavailable', reason: 'happyTime is not offered by the web host' });
    expect(await m.api.call({ call: 'capabilities' })).toEqual({ status: 'done', value: { host: 'web', invite: true, party: false, presence: false, ads: false, happyTime: false, chatSetting: false, locale: true, joinRoom: true, purchases: true, features: { coinflip: true, marketplace: true, gifts: true, bridge: true, crates: true, purchases: true }, tradeHold: null } });
  });

  it("tells the game the signed-in player's trade hold in capabilities, and none to nobody signed in", async () => {
    const hold = { until: '2026-12-09T04:00:00.000Z', reason: 'passwordChanged' as const, actions: ['give' as const, 'list' as const, 'bridge' as const] };
    const asked = vi.fn(async () => hold);
    const link = recordedGame('loaded');
    const adapter = createWebAdapter(page('https://tripshell.example/', {}));
    const signedIn = createHostApi({ adapter, link, log: quiet(), playing: () => true, player: () => ({ uuid: 'u-1', name: 'alice' }), tradeHold: asked });
    expect(await signedIn.call({ call: 'capabilities' })).toMatchObject({ status: 'done', value: { tradeHold: hold } });
    signedIn.dispose();
    const anonymous = createHostApi({ adapter, link, log: quiet(), playing: () => true, player: () => null, tradeHold: asked });
    expect(await anonymous.call({ call: 'capabilities' })).toMatchObject({ status: 'done', value: { tradeHold: null } });
    anonymous.dispose();
    expect(asked).toHaveBeenCalledTimes(1);
  });
});

describe('the host API on any host', () => {
  let api: HostApi | null = null;
  afterEach(() => { api?.dispose(); api = null; });

  it('names every host of hosts/list.ts, and no other', () => {
    expect([...HOST_NAMES].sort()).toEqual(HOSTS.map((h) => h.kind).sort());
  });

  it.each([
    [null, 'malformed request: expected an object {call, ...}'],
    ['not json', 'malformed request: not JSON'],
    [{ call: 'teleport' }, 'malformed request: call must be one of capabilities, invite, party, setPresence, showAd, locale, happyTime, products, purchase'],
    [{ call: 'showAd', kind: 'banner' }, 'malformed showAd request: kind: '],
    [{ call: 'invite', roomId: 'a room' }, 'malformed invite request: roomId: letters, digits and . _ : - only'],
    [{ call: 'setPresence', partySize: 5, partyMax: 2 }, 'malformed setPresence request: partySize: partySize is above partyMax'],
    [{ call: 'setPresence', details: 'x'.repeat(129) }, 'malformed setPresence request: details: '],
  ])('answers a malformed request %j unavailable, naming what is wrong', async (request, reason) => {
    const m = make(createWebAdapter(page('https://tripshell.example/', {})));
    api = m.api;
    const answer = await m.api.call(request);
    expect(answer.status).toBe('unavailable');
    expect(answer.status === 'unavailable' && answer.reason.startsWith(reason)).toBe(true);
  });

  it('takes the Unity side\'s JSON string, and drops fields the call does not have', async () => {
    const m = make(createWebAdapter(page('https://tripshell.example/', {})));
    api = m.api;
    expect(await m.api.call('{"call":"locale","roomId":"","kind":""}')).toEqual({ status: 'done', value: { locale: 'es-MX' } });
  });

  it('bounds a host that never answers, and turns a throw or a nonsense answer into unavailable', { tags: ['timing'] }, async () => {
    const never = new Promise<never>(() => undefined);
    const adapter: HostAdapter = {
      ...createWebAdapter(page('https://tripshell.example/', {})),
      invite: () => never,
      party: async () => { throw new Error('SDK exploded'); },
      locale: async () => ({ status: 'done', value: { locale: 42 } }) as unknown as HostAnswer<'locale'>,
      happyTime: async () => ({ status: 'weird' }) as unknown as HostAnswer<'happyTime'>,
    };
    const m = make(adapter, 'loaded', { invite: 50 });
    api = m.api;
    const t0 = Date.now();
    expect(await m.api.call({ call: 'invite' })).toEqual({ status: 'unavailable', reason: 'invite: the host did not answer within 50 ms' });
    expect(Date.now() - t0).toBeLessThan(500);
    expect(await m.api.call({ call: 'party' })).toEqual({ status: 'unavailable', reason: 'party failed: SDK exploded' });
    expect(await m.api.call({ call: 'happyTime' })).toEqual({ status: 'unavailable', reason: 'happyTime: the host gave an answer that is not valid' });
    // A locale the host gives in a wrong shape: the browser's instead.
    expect(await m.api.call({ call: 'locale' })).toEqual({ status: 'done', value: { locale: navigator.languages[0] } });
  });

  it('puts the window hook up at once: calls wait for the host API, bounded, and never reject', async () => {
    vi.useFakeTimers();
    try {
      const win = {} as Window;
      let ready: (api: { call(r: unknown): Promise<HostAnswer> } | null) => void = () => undefined;
      installHostCall(win, new Promise((resolve) => { ready = resolve; }));
      const hook = (win as unknown as Record<string, (r: unknown) => Promise<HostAnswer>>)[GAME_HOOKS.hostCall];
      expect(typeof hook).toBe('function');
      let early: HostAnswer | null = null;
      void hook!({ call: 'capabilities' }).then((a) => { early = a; });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(early).toEqual({ status: 'unavailable', reason: 'capabilities: the host did not answer within 1000 ms' });
      let later: HostAnswer | null = null;
      void hook!({ call: 'locale' }).then((a) => { later = a; });
      ready({ call: async () => ({ status: 'done', value: { locale: 'en' } }) });
      await vi.advanceTimersByTimeAsync(0);
      expect(later).toEqual({ status: 'done', value: { locale: 'en' } });
    } finally { vi.useRealTimers(); }
  });

  it('keeps one deadline per call, counted from when the game asked, even when the host API came late', async () => {
    vi.useFakeTimers();
    try {
      const win = {} as Window;
      let ready: (api: HostApi | null) => void = () => undefined;
      installHostCall(win, new Promise((resolve) => { ready = resolve; }));
      const hook = (win as unknown as Record<string, (r: unknown) => Promise<HostAnswer>>)[GAME_HOOKS.hostCall];
      // A host whose ad starts and never says it ended.
      const adapter: HostAdapter = { ...createWebAdapter(page('https://tripshell.example/', {})), showAd: (_kind, hooks) => { hooks.started(); return new Promise(() => undefined); } };
      const m = make(adapter);
      api = m.api;
      const bound = HOST_CALL_TIMEOUT_MS.showAd;
      let answer: HostAnswer | null = null;
      void hook!({ call: 'showAd', kind: 'midgame' }).then((a) => { answer = a; });
      await vi.advanceTimersByTimeAsync(bound / 2);
      ready(m.api); // the host's API arrives half-way through the call's bound
      await vi.advanceTimersByTimeAsync(0);
      expect(m.api.adRunning()).toBe(true);
      await vi.advanceTimersByTimeAsync(bound / 2);
      expect(answer).toEqual({ status: 'unavailable', reason: `showAd: the host did not answer within ${bound} ms` });
      // The game heard the call is over: so is the ad's pause, at the same deadline.
      expect(m.api.adRunning()).toBe(false);
    } finally { vi.useRealTimers(); }
  });

  it('answers unavailable when the host failed to start', async () => {
    const win = {} as Window;
    installHostCall(win, Promise.resolve(null));
    const hook = (win as unknown as Record<string, (r: unknown) => Promise<HostAnswer>>)[GAME_HOOKS.hostCall];
    expect(await hook!({ call: 'party' })).toEqual({ status: 'unavailable', reason: 'the host failed to start' });
  });
});
