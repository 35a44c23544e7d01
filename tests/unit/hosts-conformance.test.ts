// One conformance suite for every host: the same host-API properties, held against each host's
// adapter over its playground stand-in (the CrazyGames and Poki stand-in scripts of playground/,
// evaluated as a browser runs them; Discord's real embedded-app SDK talking to the in-process
// client of tests/fakes/discord.ts, which answers as the playground's Discord client does; the web
// over a browser window). A new host is proven by adding its case to HOSTS below and passing:
// - capabilities say what the adapter offers, under the host's own name;
// - every call settles within its bound, with the SDK in and with an SDK that never arrives;
// - an ad stops gameplay, mutes the page and the game, and everything resumes after (where the
//   host has ads: elsewhere the game hears `unavailable` at once and gameplay is untouched);
// - an invite's link, opened as a new page, hands the game the room (invite round trip);
// - the locale is a BCP 47 tag (the host's, else the browser's);
// - the host's mute reaches the page where the host has one;
// - with the frame refused storage, what the host keeps survives a reload (or it offers none);
// - no flood: gameplay and loading are told only on a real change, and idle play sends nothing.
import { readFileSync } from 'node:fs';
import { DiscordSDK } from '@discord/embedded-app-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { HOST_CALL_TIMEOUT_MS, SHELL_TO_GAME, hostAnswerSchema, type HostCallName, type HostEvent } from '../../contract/game';
import { createCrazyGamesAdapter } from '../../hosts/crazygames/adapter';
import { isCrazyGamesSdk, type CrazyGamesSdk } from '../../hosts/crazygames/sdk';
import { createDiscordAdapter } from '../../hosts/discord/adapter';
import { createPokiAdapter } from '../../hosts/poki/adapter';
import { isPokiSdk } from '../../hosts/poki/sdk';
import type { HostAdapter } from '../../hosts/types';
import { createWebAdapter } from '../../hosts/web/adapter';
import { loadingMachine } from '../../machines/loading';
import { createHostApi, type HostApi } from '../../src/host-bridge/hostApi';
import { wireHost } from '../../src/host-bridge/hostWiring';
import { setHostLocale } from '../../src/lib/hostLocale';
import { createOverlayStore } from '../../src/overlays/store';
import { createFakeDiscordClient, type FakeClientMode } from '../fakes/discord';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const PLAYGROUND = 'http://127.0.0.1:9300';
const PRODUCT = 'http://localhost:9302';

/** A browser window as a stand-in script and an adapter see it: its address, its parent (the
 * host's page, recording what it hears and able to post back), its language, share and clipboard. */
function frameWindow(search: string, parentHears: (data: unknown, reply: (data: unknown) => void) => void = () => undefined) {
  const listeners: Array<(e: { source: unknown; data: unknown }) => void> = [];
  const clipboard: string[] = [];
  const parent = {
    postMessage: (data: unknown) => queueMicrotask(() => parentHears(data, (back) => { for (const l of [...listeners]) l({ source: parent, data: back }); })),
  };
  const win = {
    location: { search, origin: PRODUCT, href: `${PRODUCT}/${search}` },
    parent,
    document: { title: 'TripShell', referrer: `${PLAYGROUND}/` },
    navigator: { language: 'de-DE', languages: ['de-DE', 'en'], userAgent: 'Chromium', clipboard: { writeText: async (t: string) => { clipboard.push(t); } } },
    crypto: globalThis.crypto,
    addEventListener: (type: string, l: (e: { source: unknown; data: unknown }) => void) => { if (type === 'message') listeners.push(l); },
    removeEventListener: () => undefined,
  };
  return { win: win as unknown as Window & Record<string, unknown>, clipboard };
}

/** Runs a playground stand-in script in that window, with its own URL, as the browser would. */
function runStandIn(file: string, scriptUrl: string, win: Window & Record<string, unknown>) {
  new Function('window', 'document', 'navigator', readFileSync(file, 'utf8'))(win, { currentScript: { src: scriptUrl }, referrer: `${PLAYGROUND}/` }, win.navigator);
}

interface World {
  adapter: HostAdapter;
  /** The gameplay and loading calls the host heard, in order. */
  lifecycle(): string[];
  /** Everything the host's SDK or client heard so far (for the flood check). */
  traffic(): number;
  /** The host's own mute control, where it has one. */
  setMuted?(muted: boolean): void;
  /** The link an invite went out with (the answer's, or what the host's own dialog shared). */
  linkOf?(answer: { link?: string }): string | undefined;
  /** The link an invite gave, opened as a new page of this host. */
  open(link: string): World;
  /** The same player's frame reloaded (storage refused: only what the host keeps survives). */
  reload(): World;
}

interface HostCase {
  kind: string;
  /** What the host offers: the suite holds it to exactly that. */
  offers: { ads: boolean; invite: boolean; mute: boolean; storage: boolean };
  make(options?: { never?: boolean }): World;
}

/** The portal page's store for the data module (playground/crazygames-portal.html keeps it the same way). */
function portalPage(store: Map<string, Record<string, string>>) {
  return (data: unknown, reply: (data: unknown) => void) => {
    const m = data as { crazyGamesSdk?: string; requestId?: number; user?: string | null; data?: Record<string, string> };
    const key = m.user ?? 'guest';
    if (m.crazyGamesSdk === 'dataLoad') reply({ crazyGamesPlayground: 'data', requestId: m.requestId, data: store.get(key) ?? {} });
    if (m.crazyGamesSdk === 'dataSave' && m.data) store.set(key, { ...m.data });
  };
}

function crazyGamesWorld(search = '', store = new Map<string, Record<string, string>>(), never = false): World {
  const { win } = frameWindow(search, portalPage(store));
  runStandIn('playground/crazygames-sdk.js', `${PLAYGROUND}/crazygames-sdk-v3.js?adMs=60&portalUrl=${encodeURIComponent(`${PLAYGROUND}/crazygames`)}`, win);
  const sdk = (win.CrazyGames as { SDK: unknown }).SDK;
  const recorded = win.__crazyGames as { calls: string[]; userCalls: string[]; setMuted(m: boolean): void };
  const adapter = createCrazyGamesAdapter({
    loadSdk: never ? () => new Promise<CrazyGamesSdk>(() => undefined) : async () => { if (!isCrazyGamesSdk(sdk)) throw new Error('not the SDK'); await sdk.init(); return sdk; },
    log: quiet(),
  });
  return {
    adapter,
    lifecycle: () => recorded.calls.filter((c) => c !== 'init'),
    traffic: () => recorded.calls.length + recorded.userCalls.length,
    setMuted: (m) => recorded.setMuted(m),
    open: (link) => crazyGamesWorld(new URL(link).search, store),
    reload: () => crazyGamesWorld(search, store),
  };
}

function pokiWorld(search = '', never = false): World {
  const { win } = frameWindow(search);
  runStandIn('playground/poki-sdk.js', `${PLAYGROUND}/poki-sdk.js?adMs=60&portalUrl=${encodeURIComponent(`${PLAYGROUND}/poki`)}`, win);
  const sdk = win.PokiSDK;
  const recorded = win.__poki as { calls: string[]; violations: string[] };
  const adapter = createPokiAdapter({
    win,
    loadSdk: never ? () => new Promise(() => undefined) : async () => {
      if (!isPokiSdk(sdk)) throw new Error('not the SDK');
      try { await sdk.init(); return { sdk, initRefused: false }; } catch { return { sdk, initRefused: true }; }
    },
    log: quiet(),
  });
  return {
    adapter,
    lifecycle: () => {
      // Poki's own rules, broken by nothing the shell does.
      expect(recorded.violations).toEqual([]);
      return recorded.calls.filter((c) => ['gameLoadingFinished', 'gameplayStart', 'gameplayStop'].includes(c));
    },
    traffic: () => recorded.calls.length,
    open: (link) => pokiWorld(new URL(link).search),
    reload: () => pokiWorld(search),
  };
}

function webWorld(search = ''): World {
  const { win } = frameWindow(search);
  const adapter = createWebAdapter(win);
  return { adapter, lifecycle: () => [], traffic: () => 0, open: (link) => webWorld(new URL(link).search), reload: () => webWorld(search) };
}

const INSTANCE = 'i-1234567890-gc-99';
const activityId = '000000000000000000';
function discordWorld(search = '', mode: FakeClientMode = 'normal'): World {
  window.history.replaceState(null, '', `/?frame_id=f1&instance_id=${INSTANCE}&platform=desktop${search.replace(/^\?/, '&')}`);
  const client = createFakeDiscordClient({ mode });
  const adapter = createDiscordAdapter({ createSdk: client.createSdk(DiscordSDK) as unknown as (id: string) => DiscordSDK, log: quiet() });
  return {
    adapter,
    lifecycle: () => [],
    traffic: () => client.commands.length,
    // Discord's share dialog carries the room as the link's custom id; whoever opens the link
    // launches the Activity with it.
    linkOf: () => {
      const shared = client.shareLinks.at(-1) as { custom_id?: string } | undefined;
      return shared?.custom_id ? `https://discord.com/activities/${activityId}?custom_id=${encodeURIComponent(shared.custom_id)}` : undefined;
    },
    open: (link) => discordWorld(`?custom_id=${new URL(link).searchParams.get('custom_id') ?? ''}`),
    reload: () => discordWorld(search),
  };
}

const HOSTS: HostCase[] = [
  { kind: 'web', offers: { ads: false, invite: true, mute: false, storage: false }, make: () => webWorld() },
  { kind: 'discord', offers: { ads: false, invite: true, mute: false, storage: false }, make: (o) => discordWorld('', o?.never ? 'silent' : 'normal') },
  { kind: 'crazygames', offers: { ads: true, invite: true, mute: true, storage: true }, make: (o) => crazyGamesWorld('', undefined, o?.never) },
  { kind: 'poki', offers: { ads: true, invite: true, mute: false, storage: false }, make: (o) => pokiWorld('', o?.never) },
];

/** The shell around an adapter, wired as boot wires it: the loading screen, overlays, the link. */
function shell(world: World, timeouts?: Partial<Record<HostCallName, number>>) {
  const { adapter } = world;
  const loading = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
  const overlays = createOverlayStore();
  const send = vi.fn();
  // The page's audio, muted for a reason ('host': the host's mute, 'ad': an ad playing).
  const muted = new Set<string>();
  const audio = { mute: vi.fn((reason: string) => { muted.add(reason); }), unmute: vi.fn((reason: string) => { muted.delete(reason); }) };
  let api: HostApi | null = null;
  const unwire = wireHost(adapter, { loading, overlays, link: { send }, audio: audio as never }, (a, wiring) => {
    api = createHostApi({ adapter: a, link: { send }, ...wiring, log: quiet(), ...(timeouts ? { timeouts } : {}) });
    return api;
  });
  void adapter.start();
  const hostApi = () => { if (!api) throw new Error('no host API'); return api; };
  const events = () => send.mock.calls.filter(([m]) => m === SHELL_TO_GAME.hostEvent).map(([, e]) => e as HostEvent);
  /** The game loaded and the loading screen went: play. */
  const play = async () => {
    loading.send({ type: 'COMPLETE' });
    await wait(350);
  };
  return { hostApi, events, send, pageMuted: () => [...muted].sort(), overlays, play, unwire };
}

/** A request the game may make of each call. */
const REQUESTS: Record<HostCallName, Record<string, unknown>> = {
  capabilities: { call: 'capabilities' }, invite: { call: 'invite', roomId: 'room-42' }, party: { call: 'party' },
  setPresence: { call: 'setPresence', details: 'In a match' }, showAd: { call: 'showAd', kind: 'midgame' },
  locale: { call: 'locale' }, happyTime: { call: 'happyTime' },
};

describe.each(HOSTS)('the $kind host conforms', (host) => {
  const cleanup: Array<() => void> = [];
  const open = (world: World, timeouts?: Partial<Record<HostCallName, number>>) => {
    const s = shell(world, timeouts);
    cleanup.push(() => { s.unwire(); });
    return s;
  };
  afterEach(() => { for (const c of cleanup.splice(0)) c(); setHostLocale(null); window.history.replaceState(null, '', '/'); delete (window as { discordSDK?: unknown }).discordSDK; });

  it('says what it offers, under its own name', { timeout: 20_000 }, async () => {
    const s = open(host.make());
    await s.play();
    const answer = await s.hostApi().call({ call: 'capabilities' });
    expect(answer).toMatchObject({ status: 'done', value: { host: host.kind, invite: host.offers.invite, ads: host.offers.ads, locale: true } });
  });

  it('settles every call within its bound, with its SDK in and with an SDK that never arrives', { timeout: 30_000 }, async () => {
    const s = open(host.make());
    await s.play();
    for (const [name, request] of Object.entries(REQUESTS) as Array<[HostCallName, Record<string, unknown>]>) {
      const started = Date.now();
      const answer = await s.hostApi().call(request);
      expect(hostAnswerSchema(name).safeParse(answer).success, `${name}: ${JSON.stringify(answer)}`).toBe(true);
      expect(Date.now() - started, name).toBeLessThan(Math.min(HOST_CALL_TIMEOUT_MS[name], 5_000));
    }
    const bound = 300;
    const never = open(host.make({ never: true }), Object.fromEntries(Object.keys(REQUESTS).map((k) => [k, bound])));
    await never.play();
    const answers = await Promise.all(Object.values(REQUESTS).map(async (request) => {
      const started = Date.now();
      const answer = await never.hostApi().call(request);
      return { answer, ms: Date.now() - started };
    }));
    for (const { answer, ms } of answers) {
      expect(['done', 'unavailable', 'cancelled']).toContain(answer.status);
      expect(ms).toBeLessThan(bound + 250);
    }
  });

  it('stops gameplay for an ad, with the page and the game muted, and resumes after (or answers at once without ads)', { timeout: 20_000 }, async () => {
    const world = host.make();
    const s = open(world);
    await s.play();
    const before = world.lifecycle();
    const ad = s.hostApi().call({ call: 'showAd', kind: 'rewarded' });
    if (!host.offers.ads) {
      expect(await ad).toMatchObject({ status: 'unavailable' });
      expect(world.lifecycle()).toEqual(before);
      expect(s.pageMuted()).toEqual([]);
      return;
    }
    await vi.waitFor(() => expect(s.events().map((e) => e.type)).toContain('adStarted'), { timeout: 2_000 });
    expect(world.lifecycle().at(-1)).toBe('gameplayStop');
    expect(s.pageMuted()).toContain('ad');
    expect(s.send).toHaveBeenCalledWith(SHELL_TO_GAME.audioMuted, true);
    expect(await ad).toEqual({ status: 'done', value: { kind: 'rewarded', rewarded: true } });
    expect(s.events().at(-1)).toEqual({ type: 'adFinished', kind: 'rewarded', rewarded: true });
    await wait(20);
    expect(world.lifecycle().at(-1)).toBe('gameplayStart');
    expect(s.pageMuted()).toEqual([]);
  });

  it('hands the room of an invite to the game of the page its link opens', { timeout: 20_000 }, async () => {
    const world = host.make();
    const s = open(world);
    await s.play();
    if (host.kind === 'discord') {
      // Discord's commands act for a signed-in player.
      expect((await world.adapter.login()).kind).toBe('discordCode');
      await world.adapter.authenticate?.('access-token');
    }
    const answer = await s.hostApi().call({ call: 'invite', roomId: 'room-42' });
    expect(answer).toMatchObject({ status: 'done', value: { roomId: 'room-42' } });
    const value: { link?: string } = answer.status === 'done' ? answer.value as { link?: string } : {};
    const link = world.linkOf ? world.linkOf(value) : value.link;
    expect(link, 'the invite gave a link').toMatch(/^https?:\/\//);
    const arrived = open(world.open(link!));
    await arrived.play();
    await vi.waitFor(() => expect(arrived.events()).toContainEqual({ type: 'joinRoom', roomId: 'room-42' }), { timeout: 2_000 });
  });

  it('tells the game a BCP 47 locale', { timeout: 20_000 }, async () => {
    const s = open(host.make());
    await s.play();
    const answer = await s.hostApi().call({ call: 'locale' });
    expect(answer.status).toBe('done');
    expect(answer.status === 'done' && (answer.value as { locale: string }).locale).toMatch(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/);
  });

  it("follows the host's mute where it has one", { timeout: 20_000 }, async () => {
    const world = host.make();
    const s = open(world);
    await s.play();
    if (!host.offers.mute) { expect(world.setMuted).toBeUndefined(); return; }
    world.setMuted!(true);
    await vi.waitFor(() => expect(s.pageMuted()).toEqual(['host']));
    expect(s.send).toHaveBeenLastCalledWith(SHELL_TO_GAME.audioMuted, true);
    world.setMuted!(false);
    await vi.waitFor(() => expect(s.pageMuted()).toEqual([]));
    expect(s.send).toHaveBeenLastCalledWith(SHELL_TO_GAME.audioMuted, false);
  });

  it('keeps, with the frame refused storage, what it stores across a reload (or offers no storage)', { timeout: 20_000 }, async () => {
    const world = host.make();
    await world.adapter.start();
    const storage = await world.adapter.storage?.() ?? null;
    expect(storage !== null).toBe(host.offers.storage);
    if (!storage) return;
    storage.setItem('game_settings_invertY', 'true');
    await wait(1_200); // the data module saves debounced by 1 s, as the portal's does
    const again = world.reload();
    await again.adapter.start();
    expect((await again.adapter.storage?.())?.getItem('game_settings_invertY')).toBe('true');
  });

  it('does not flood the host: lifecycle told on real changes only, nothing sent while idle', { timeout: 20_000 }, async () => {
    const world = host.make();
    const s = open(world);
    await s.play();
    for (let i = 0; i < 20; i++) { s.overlays.open('settings', {}); s.overlays.close(); }
    const lifecycle = world.lifecycle();
    // Each state change told once: never the same call twice in a row.
    expect(lifecycle.filter((c, i) => c === lifecycle[i - 1])).toEqual([]);
    expect(lifecycle.filter((c) => c.startsWith('gameplay')).length).toBeLessThanOrEqual(41);
    const traffic = world.traffic();
    await wait(1_000);
    expect(world.traffic()).toBe(traffic);
  });
});
