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
// - no flood: gameplay and loading are told only on a real change, and idle play sends nothing;
// - the game's own gameplay (its menu, a round's end, a death screen, a level loading) stops the
//   host's gameplay (and starts a loading where the host counts them), and play resumes only
//   when both the game and the shell say play; where the host shows presence it follows;
// - TripCoin packs: priced the host's way, bought through the host's own flow and granted by the
//   server once (the game hears `purchase` once), a closed dialog is `cancelled`, a guest or a
//   host without purchases is `unavailable` with its reason;
// - the leaderboard: the game reads the signed-in player's board; a friends board names the
//   friends the host says the player has (Discord's participants), and nobody elsewhere.
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
import { createHostApi, type HostApi, type HostApiDeps } from '../../src/host-bridge/hostApi';
import { gameLeaderboard } from '../../src/host-bridge/leaderboard';
import { fetchBoard } from '../../src/api/leaderboard';
import type { Leaderboard } from '../../contract/leaderboards';
import { wireHost } from '../../src/host-bridge/hostWiring';
import { setHostLocale } from '../../src/lib/hostLocale';
import { createOverlayStore } from '../../src/overlays/store';
import { createFakeDiscordClient, type FakeClientMode } from '../fakes/discord';
import type { PurchaseHost } from '../../contract/purchases';
import type { Settled } from '../../hosts/types';
import type { ShellPurchaseServer } from '../../src/host-bridge/purchaseServer';
import { resetPurchaseNews } from '../../src/host-bridge/purchaseNews';
import { quiet } from '../support/log';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
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
  /** Someone else joins the player here, where the host says who is with them (Discord: a participant). */
  friendJoins?(discordId: string): void;
  /** What the host's store recorded as paid (Discord's entitlements, Xsolla's orders), for the fake server to grant. */
  paid?(): Array<{ id: string; sku: string }>;
  /** The player closes the host's purchase dialog instead of paying. */
  closeDialog?(): void;
  /** The player signs in where the host sells only to signed-in players (the portal). */
  signIn?(): void;
  /** Where the page went (the web's checkout). */
  wentTo?(): string[];
}

interface HostCase {
  kind: string;
  /** What the host offers: the suite holds it to exactly that. */
  offers: { ads: boolean; invite: boolean; mute: boolean; storage: boolean; purchases: boolean };
  /** What the host hears of the game's gameplay: the lifecycle calls it counts (none: it has no such calls). */
  lifecycle: { gameplay: boolean; levelLoading: boolean };
  make(options?: { never?: boolean }): World;
}

/** The portal page's store for the data module (playground/crazygames-portal.html keeps it the same way). */
function portalPage(store: Map<string, Record<string, string>>, payStation: { result: 'paid' | 'closed' } = { result: 'paid' }) {
  return (data: unknown, reply: (data: unknown) => void) => {
    const m = data as { crazyGamesSdk?: string; requestId?: number; user?: string | null; data?: Record<string, string> };
    // The player pays (or closes) the Pay Station the portal draws.
    if (m.crazyGamesSdk === 'payStation') setTimeout(() => reply({ crazyGamesPlayground: 'payStation', result: payStation.result }), 20);
    const key = m.user ?? 'guest';
    if (m.crazyGamesSdk === 'dataLoad') reply({ crazyGamesPlayground: 'data', requestId: m.requestId, data: store.get(key) ?? {} });
    if (m.crazyGamesSdk === 'dataSave' && m.data) store.set(key, { ...m.data });
  };
}

function crazyGamesWorld(search = '', store = new Map<string, Record<string, string>>(), never = false): World {
  const payStation = { result: 'paid' as 'paid' | 'closed' };
  const { win } = frameWindow(search, portalPage(store, payStation));
  runStandIn('playground/crazygames-sdk.js', `${PLAYGROUND}/crazygames-sdk-v3.js?adMs=60&portalUrl=${encodeURIComponent(`${PLAYGROUND}/crazygames`)}`, win);
  const sdk = (win.CrazyGames as { SDK: unknown }).SDK;
  const recorded = win.__crazyGames as { calls: string[]; userCalls: string[]; setMuted(m: boolean): void; signIn(): void; purchases: Array<{ result: string; orderId?: string; sku: string }> };
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
    paid: () => recorded.purchases.filter((p) => p.result === 'paid').map((p) => ({ id: String(p.orderId), sku: p.sku })),
    closeDialog: () => { payStation.result = 'closed'; },
    signIn: () => recorded.signIn(),
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
  const went: string[] = [];
  (win.location as unknown as { assign(url: string): void }).assign = (url: string) => { went.push(url); };
  const adapter = createWebAdapter(win);
  return { adapter, lifecycle: () => [], traffic: () => 0, open: (link) => webWorld(new URL(link).search), reload: () => webWorld(search), wentTo: () => went };
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
    paid: () => client.entitlements.map((e) => ({ id: e.id, sku: e.sku_id })),
    closeDialog: () => { client.purchase.choice = 'close'; },
    friendJoins: (id) => { client.join({ id, username: `friend_${id.slice(-4)}`, global_name: 'Friend', avatar: null }); },
  };
}

const HOSTS: HostCase[] = [
  { kind: 'web', offers: { ads: false, invite: true, mute: false, storage: false, purchases: true }, lifecycle: { gameplay: false, levelLoading: false }, make: () => webWorld() },
  { kind: 'discord', offers: { ads: false, invite: true, mute: false, storage: false, purchases: true }, lifecycle: { gameplay: false, levelLoading: false }, make: (o) => discordWorld('', o?.never ? 'silent' : 'normal') },
  { kind: 'crazygames', offers: { ads: true, invite: true, mute: true, storage: true, purchases: true }, lifecycle: { gameplay: true, levelLoading: true }, make: (o) => crazyGamesWorld('', undefined, o?.never) },
  // Poki's SDK has gameLoadingFinished once, and no loading events after it.
  { kind: 'poki', offers: { ads: true, invite: true, mute: false, storage: false, purchases: false }, lifecycle: { gameplay: true, levelLoading: false }, make: (o) => pokiWorld('', o?.never) },
];

/** The packs our server sells (config/products.json's demo packs), by host. */
const PACKS = [
  { id: 'tc-500', tripcoins: 500, discord: '1300000000000000500', crazygames: 'tc_500', web: 'price_tc_500', amountMinor: 499 },
  { id: 'tc-1200', tripcoins: 1200, discord: '1300000000000001200', crazygames: 'tc_1200', web: 'price_tc_1200', amountMinor: 999 },
  { id: 'tc-2600', tripcoins: 2600, discord: '1300000000000002600', crazygames: 'tc_2600', web: 'price_tc_2600', amountMinor: 1999 },
];

/** Our server's purchase routes as the shell sees them: it grants what the host's store recorded as paid, each once. */
function fakePurchaseServer(world: () => World) {
  let balance = 100;
  const granted = new Map<string, string>();
  const calls: string[] = [];
  const settle = (host: PurchaseHost) => {
    const out: Settled['granted'] = [];
    for (const p of world().paid?.() ?? []) {
      const pack = PACKS.find((k) => k[host] === p.sku);
      if (!pack || granted.has(p.id)) continue;
      granted.set(p.id, pack.id);
      balance += pack.tripcoins;
      out.push({ purchaseId: p.id, productId: pack.id, tripcoins: pack.tripcoins, host });
    }
    return { granted: out, balance };
  };
  const server: ShellPurchaseServer = {
    products: async (host) => ({ status: 'available', host, products: PACKS.map((p) => ({ id: p.id, tripcoins: p.tripcoins, hostProductId: p[host], ...(host === 'discord' ? {} : { price: { amountMinor: p.amountMinor, currency: 'USD' } }) })) }),
    discordSync: async () => { calls.push('discordSync'); return settle('discord'); },
    crazygamesConfirm: async (productId) => { calls.push(`crazygamesConfirm ${productId}`); return settle('crazygames'); },
    webCheckout: async (productId) => { calls.push(`webCheckout ${productId}`); return { url: `${PLAYGROUND}/fake/checkout/pay/cs_${productId}`, sessionId: `cs_${productId}` }; },
    webSession: async () => ({ status: 'open' }),
  };
  return { server, calls, granted };
}

/** The shell around an adapter, wired as boot wires it: the loading screen, overlays, the link. */
function shell(world: World, timeouts?: Partial<Record<HostCallName, number>>, purchases?: { server: ShellPurchaseServer; signedIn: boolean }, extra: Partial<HostApiDeps> = {}) {
  const { adapter } = world;
  const loading = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
  const overlays = createOverlayStore();
  const send = vi.fn();
  // The page's audio, muted for a reason ('host': the host's mute, 'ad': an ad playing).
  const muted = new Set<string>();
  const audio = { mute: vi.fn((reason: string) => { muted.add(reason); }), unmute: vi.fn((reason: string) => { muted.delete(reason); }) };
  let api: HostApi | null = null;
  const unwire = wireHost(adapter, { loading, overlays, link: { send }, audio: audio as never }, (a, wiring) => {
    api = createHostApi({
      adapter: a, link: { send }, ...wiring, log: quiet(), ...(timeouts ? { timeouts } : {}),
      ...(purchases ? { purchaseServer: purchases.server, player: () => (purchases.signedIn ? { uuid: '00000000-0000-4000-8000-000000000001', name: 'buyer' } : null) } : {}),
      ...extra,
    });
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
  products: { call: 'products' }, purchase: { call: 'purchase', productId: 'tc-1200' },
  gameplay: { call: 'gameplay', state: 'menu' },
  leaderboard: { call: 'leaderboard', scope: 'global' },
};

describe.each(HOSTS)('the $kind host conforms', (host) => {
  const cleanup: Array<() => void> = [];
  const open = (world: World, timeouts?: Partial<Record<HostCallName, number>>, purchases?: { server: ShellPurchaseServer; signedIn: boolean }, extra?: Partial<HostApiDeps>) => {
    const s = shell(world, timeouts, purchases, extra);
    cleanup.push(() => { s.unwire(); });
    return s;
  };
  afterEach(() => { for (const c of cleanup.splice(0)) c(); resetPurchaseNews(); setHostLocale(null); window.history.replaceState(null, '', '/'); delete (window as { discordSDK?: unknown }).discordSDK; });

  it('says what it offers, under its own name', { timeout: 20_000 }, async () => {
    const s = open(host.make());
    await s.play();
    const answer = await s.hostApi().call({ call: 'capabilities' });
    expect(answer).toMatchObject({ status: 'done', value: { host: host.kind, invite: host.offers.invite, ads: host.offers.ads, locale: true, purchases: host.offers.purchases } });
  });

  it('reads the leaderboard for the game; a friends board names the friends the host says the player has', { timeout: 20_000 }, async () => {
    const world = host.make();
    // Our server, as src/api/leaderboard.ts calls it: what the shell asked for, and a board back.
    const asked: string[] = [];
    const server = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      asked.push(String(url));
      const board: Leaderboard = {
        stat: 'wins', stats: ['wins', 'kills'], period: 'week', scope: new URL(String(url), 'http://x').searchParams.get('scope') as Leaderboard['scope'],
        season: { startsAt: '2026-11-30T09:00:00.000Z', endsAt: '2026-12-07T09:00:00.000Z' },
        rows: [{ rank: 1, uuid: '00000000-0000-4000-8000-000000000002', username: 'ace', value: 7 }, { rank: 2, uuid: '00000000-0000-4000-8000-000000000001', username: 'buyer', value: 3 }],
        me: { rank: 2, uuid: '00000000-0000-4000-8000-000000000001', username: 'buyer', value: 3 }, total: 2,
      };
      return new Response(JSON.stringify(board), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    cleanup.push(() => server.mockRestore());
    const guest = open(host.make());
    await guest.play();
    expect(await guest.hostApi().call({ call: 'leaderboard' })).toEqual({ status: 'unavailable', reason: 'signInRequired' });
    const s = open(world, undefined, { server: fakePurchaseServer(() => world).server, signedIn: true }, { leaderboard: (r, a, signedIn) => gameLeaderboard(r, a, signedIn, fetchBoard) });
    await s.play();
    await world.adapter.authenticate?.('access-token');
    const weekly = await s.hostApi().call({ call: 'leaderboard' });
    expect(weekly).toEqual({ status: 'done', value: { stat: 'wins', period: 'week', scope: 'global', rank: 2, value: 3, total: 2, top: [{ rank: 1, name: 'ace', value: 7, self: false }, { rank: 2, name: 'buyer', value: 3, self: true }] } });
    expect(asked.at(-1)).toBe('/api/leaderboards?period=week&scope=global');
    world.friendJoins?.('80351110224678912');
    await wait(50);
    const friends = await s.hostApi().call({ call: 'leaderboard', scope: 'friends' });
    expect(friends).toMatchObject({ status: 'done', value: { scope: 'friends' } });
    const query = new URL(asked.at(-1) ?? '', 'http://x').searchParams;
    expect(query.get('provider')).toBe('discord');
    expect(query.get('ids')).toBe(host.kind === 'discord' ? '80351110224678912' : null);
    expect(await s.hostApi().call({ call: 'leaderboard', stat: 'nonsense' })).toMatchObject({ status: 'unavailable' });
  });

  it('settles every call within its bound, with its SDK in and with an SDK that never arrives', { timeout: 30_000, tags: ['timing'] }, async () => {
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
  it("stops the host's gameplay at the game's menu, round end, death screen and level load, and resumes only when game and shell both play", { timeout: 20_000 }, async () => {
    const world = host.make();
    const s = open(world);
    await s.play();
    const since = world.lifecycle().length;
    const heard = () => world.lifecycle().slice(since);
    const say = (state: string) => s.hostApi().call({ call: 'gameplay', state });
    expect(await say('menu')).toEqual({ status: 'done', value: { state: 'menu', playing: false } });
    expect(await say('play')).toEqual({ status: 'done', value: { state: 'play', playing: true } });
    await say('roundOver');
    await say('play');
    await say('death');
    // An overlay over the death screen, closed while the game still shows it: no play yet.
    s.overlays.open('settings', {});
    s.overlays.close();
    expect(await say('play')).toEqual({ status: 'done', value: { state: 'play', playing: true } });
    // The game plays, the shell's overlay does not: not counted as play.
    s.overlays.open('settings', {});
    expect(await say('play')).toMatchObject({ value: { playing: false } });
    s.overlays.close();
    await say('loading');
    await say('play');
    // Nonsense changes nothing: a clear `unavailable`, no call to the host.
    const before = world.lifecycle().length;
    expect(await s.hostApi().call({ call: 'gameplay', state: 'paused!' })).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/^malformed gameplay request: state/) });
    expect(await s.hostApi().call({ call: 'gameplay' })).toMatchObject({ status: 'unavailable' });
    expect(world.lifecycle().length).toBe(before);
    if (!host.lifecycle.gameplay) { expect(heard()).toEqual([]); return; }
    const level = host.lifecycle.levelLoading ? ['gameplayStop', 'loadingStart', 'loadingStop', 'gameplayStart'] : ['gameplayStop', 'gameplayStart'];
    expect(heard()).toEqual([
      'gameplayStop', 'gameplayStart', // the menu
      'gameplayStop', 'gameplayStart', // a round's end
      'gameplayStop', 'gameplayStart', // a death screen (the overlay meanwhile told nothing)
      'gameplayStop', 'gameplayStart', // the shell's overlay over play
      ...level,
    ]);
  });

  it('sells TripCoin packs its own way: priced by the host where it prices, bought through its flow, granted once by the server, the game told once', { timeout: 30_000 }, async () => {
    const world = host.make();
    const fake = fakePurchaseServer(() => world);
    const s = open(world, { purchase: host.kind === 'web' ? 500 : 10_000 }, { server: fake.server, signedIn: true });
    await s.play();
    if (!host.offers.purchases) {
      expect(await s.hostApi().call({ call: 'products' })).toEqual({ status: 'unavailable', reason: 'hostHasNoPurchases' });
      expect(await s.hostApi().call({ call: 'purchase', productId: 'tc-1200' })).toEqual({ status: 'unavailable', reason: 'hostHasNoPurchases' });
      return;
    }
    if (host.kind === 'discord') {
      expect((await world.adapter.login()).kind).toBe('discordCode');
      await world.adapter.authenticate?.('access-token');
      await wait(50);
    }
    if (host.kind === 'crazygames') {
      // A guest on the portal is never sold to.
      expect(await s.hostApi().call({ call: 'products' })).toEqual({ status: 'unavailable', reason: 'signInRequired' });
      expect(await s.hostApi().call({ call: 'purchase', productId: 'tc-1200' })).toEqual({ status: 'unavailable', reason: 'signInRequired' });
      world.signIn!();
      await wait(20);
    }
    const products = await s.hostApi().call({ call: 'products' });
    expect(products.status, JSON.stringify(products)).toBe('done');
    const packs = (products as { value: { host: string; products: Array<{ id: string; tripcoins: number; price: string }> } }).value;
    expect(packs.host).toBe(host.kind);
    expect(packs.products.map((p) => [p.id, p.tripcoins])).toEqual([['tc-500', 500], ['tc-1200', 1200], ['tc-2600', 2600]]);
    // Discord's own price (getSkus, formatted by its PriceUtils); elsewhere the server's through Intl.
    expect(packs.products[1]?.price).toMatch(/9[.,]99/);
    const answer = await s.hostApi().call({ call: 'purchase', productId: 'tc-1200' });
    if (host.kind === 'web') {
      // The page went to the provider's checkout: the answer comes back with the player.
      expect(world.wentTo?.()).toEqual([`${PLAYGROUND}/fake/checkout/pay/cs_tc-1200`]);
      expect(fake.calls).toEqual(['webCheckout tc-1200']);
      expect(answer.status).toBe('unavailable');
      return;
    }
    expect(answer).toEqual({ status: 'done', value: { productId: 'tc-1200', tripcoins: 1200, balance: 1300 } });
    await wait(300); // Discord's late ENTITLEMENT_CREATE: the server is asked again and grants nothing new
    const told = s.events().filter((e) => e.type === 'purchase');
    expect(told).toEqual([{ type: 'purchase', status: 'granted', productId: 'tc-1200', tripcoins: 1200, balance: 1300 }]);
    expect([...fake.granted.values()]).toEqual(['tc-1200']);
    // The player closes the dialog: cancelled, nothing granted, nothing told.
    world.closeDialog!();
    expect(await s.hostApi().call({ call: 'purchase', productId: 'tc-500' })).toEqual({ status: 'cancelled' });
    expect(fake.granted.size).toBe(1);
    expect(s.events().filter((e) => e.type === 'purchase')).toHaveLength(1);
  });
});
