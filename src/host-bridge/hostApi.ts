// The host API, shell side (contract/hostApi.ts): the game's calls go to the host adapter's
// powers (hosts/types.ts HostPowers) and the adapter's news goes to the game as HostEvents.
// - Every call settles: a malformed request answers `unavailable` naming what is wrong, a power
//   the host lacks answers `unavailable` at once, an adapter that throws, answers nonsense or
//   takes longer than HOST_CALL_TIMEOUT_MS[call] answers `unavailable` too.
// - Presence: a default from the shell's own state ("In the menu" before play and while an
//   overlay or an ad is up, "Playing" in play); the game's own fields win while it has set them.
// - Ads: gameplay stops, the page and the game are muted and the game hears adStarted from the
//   moment the ad plays until it is over (or timed out), then everything resumes.
// - The game hears the host's news through the game link, which keeps what is a state (party,
//   chat, locale) for every instance of the game and holds a moment (a room to join) for the one loading.
// - TripCoin packs: products and purchase over the host's store and our server (purchases.ts);
//   every grant and reversal reaches the game once as the `purchase` event.
// Loaded lazily (it carries zod); hostWiring.ts puts the window hook up at once and forwards.
import {
  HOST_CALL_TIMEOUT_MS, HOST_NAMES, HOST_REASONS, SHELL_TO_GAME, hostAnswerSchema, parseHostCall, parseHostEvent,
  RoomId, Locale,
  type AdKind, type HostAnswer, type HostAnswerDone, type HostCall, type HostCallName, type HostCapabilities, type HostEvent, type HostName, type HostTradeHold, type Party,
} from '../../contract/game';
import type { HostAdapter, Presence } from '../../hosts/types';
import { setHostLocale } from '../lib/hostLocale';
import { browserLanguageTag } from '../settings-store/language';
import { getCurrentPlayer, type CurrentPlayer } from '../api/currentPlayer';
import { featureFlags, featureState, subscribeFeatures } from '../api/features';
import { FEATURES, type Feature } from '../../contract/featureNames';
import type { FeatureState } from '../../contract/features';
import type { GameLink } from '../game-link/link';
import { withinBound } from './hostCall';
import { createPurchases } from './purchases';
import { purchaseServer as defaultPurchaseServer, type ShellPurchaseServer } from './purchaseServer';
import { tradeHold as defaultTradeHold } from './tradeHold';
import { currentLocale, t } from '../i18n';
import { intlLocale } from '../i18n/format';

/** The shell's own presence, from its state. */
export const DEFAULT_PRESENCE = { menu: 'In the menu', playing: 'Playing' } as const;

export interface HostApiDeps {
  adapter: HostAdapter;
  link: Pick<GameLink, 'send'>;
  /** The shell is in play (loading over, no overlay open); hostWiring.ts tells every change with shellStateChanged(). */
  playing: () => boolean;
  /** Gameplay stops/starts again around an ad (hostWiring re-syncs the host's lifecycle). */
  onAdChange?: (running: boolean) => void;
  /** Mutes the page's own audio during an ad (and restores it after). */
  mutePage?: (muted: boolean) => void;
  /** Our signed-in player (default: src/api/currentPlayer.ts): added to the party's own member. */
  player?: () => CurrentPlayer | null;
  win?: Pick<Window, 'navigator'>;
  now?: () => number;
  timeouts?: Partial<Record<HostCallName, number>>;
  log?: Pick<Console, 'warn'>;
  /** Our server's purchase routes (default: purchaseServer.ts). */
  purchaseServer?: ShellPurchaseServer;
  /** The page, for the checkout's return (`?purchase=`). */
  page?: Pick<Window, 'location' | 'history'>;
  /** What the host and the studio allow here (default: src/api/features.ts). */
  features?: { state(feature: Feature): FeatureState; subscribe(listener: () => void): () => void };
  /** The signed-in player's hold on outgoing value (default: GET /api/me/trade-status, tradeHold.ts). */
  tradeHold?: () => Promise<HostTradeHold | null>;
}

export interface HostApi {
  /**
   * Answers one request from the game (anything: it is parsed here) within the call's bound,
   * counted from `askedAt` (when the game asked: the hook, hostCall.ts, may have waited for this
   * API); never rejects.
   */
  call(request: unknown, askedAt?: number): Promise<HostAnswer>;
  /** An ad is playing (gameplay stopped, page muted). */
  adRunning(): boolean;
  /** The shell's state changed (loading, overlays): the default presence may follow. */
  shellStateChanged(): void;
  dispose(): void;
}

type Answer = HostAnswer;
const unavailable = (reason: string): Answer => ({ status: 'unavailable', reason });


export function createHostApi(deps: HostApiDeps): HostApi {
  const { adapter, link } = deps;
  const log = deps.log ?? console;
  const now = deps.now ?? Date.now;
  const host: HostName = (HOST_NAMES as readonly string[]).includes(adapter.kind) ? adapter.kind as HostName : 'web';
  const timeoutOf = (call: HostCallName) => deps.timeouts?.[call] ?? HOST_CALL_TIMEOUT_MS[call];
  const cleanups: Array<() => void> = [];

  // Events: to the link, which hands them to the game when it is ready.
  const emit = (event: HostEvent) => {
    const checked = parseHostEvent(event);
    if (!checked) { log.warn('Host API: dropped an event the host gave in a shape the game does not take:', event); return; }
    link.send(SHELL_TO_GAME.hostEvent, checked);
  };

  // Locale: the host's, else the browser's (the language's owner, settings-store/language.ts).
  const browserLocale = () => browserLanguageTag(deps.win ?? window);
  const takeLocale = (locale: string) => {
    if (!Locale.safeParse(locale).success) return;
    setHostLocale(locale);
    emit({ type: 'locale', locale });
  };
  const localeCall = async (): Promise<HostAnswerDone<'locale'>> => {
    // The host's, else (no such power, or the host could not tell) the browser's.
    const fromHost = adapter.locale ? await adapter.locale() : null;
    const valid = fromHost?.status === 'done' && hostAnswerSchema('locale').safeParse(fromHost).success;
    const answer: HostAnswerDone<'locale'> = valid && fromHost.status === 'done' ? fromHost : { status: 'done', value: { locale: browserLocale() } };
    setHostLocale(answer.value.locale);
    return answer;
  };
  void localeCall().then((answer) => takeLocale(answer.value.locale), () => undefined);
  if (adapter.onLocaleChange) cleanups.push(adapter.onLocaleChange(takeLocale));

  // Party (our player's id and name on the member at this screen), chat, arrivals.
  const player = deps.player ?? getCurrentPlayer;
  const withPlayer = (party: Party): Party => {
    const me = player();
    if (!me) return party;
    return { ...party, members: party.members.map((m) => (m.self ? { ...m, playerUuid: me.uuid, playerName: me.name } : m)) };
  };
  if (adapter.onPartyChange) cleanups.push(adapter.onPartyChange((party: Party) => emit({ type: 'party', ...withPlayer(party) })));
  if (adapter.onChatChange) cleanups.push(adapter.onChatChange((enabled) => emit({ type: 'chat', enabled })));
  let joined = false;
  const arrive = (roomId: string | null) => {
    if (roomId === null || joined || !RoomId.safeParse(roomId).success) return;
    joined = true; // one room per arrival: a later invite is a new page load (or onArrival, below)
    soloRoom = roomId;
    emit({ type: 'joinRoom', roomId });
  };
  void adapter.arrivalRoom?.().then(arrive, (error: unknown) => log.warn('Host API: reading the invite failed:', error));
  if (adapter.onArrival) cleanups.push(adapter.onArrival((roomId) => { joined = false; arrive(roomId); }));

  // Presence: the shell's default under the game's own fields.
  let gamePresence: Presence | null = null;
  let playStartedAt: number | null = null;
  let lastPresence = '';
  let ad: AdKind | null = null;
  const presence = (): Presence => {
    const playing = deps.playing() && ad === null;
    if (playing) playStartedAt ??= now();
    const base: Presence = playing ? { details: DEFAULT_PRESENCE.playing, startedAt: playStartedAt ?? now() } : { details: DEFAULT_PRESENCE.menu };
    return { ...base, ...gamePresence };
  };
  const pushPresence = async (force = false): Promise<Answer> => {
    if (!adapter.setPresence) return { status: 'done', value: { shown: false } };
    const next = presence();
    const key = JSON.stringify(next);
    if (!force && key === lastPresence) return { status: 'done', value: { shown: true } };
    lastPresence = key;
    const answer = await adapter.setPresence(next);
    if (answer.status !== 'done') lastPresence = ''; // try again at the next change
    return answer;
  };
  const shellStateChanged = () => { void pushPresence().catch(() => undefined); };

  // Ads.
  const endAd = () => {
    if (ad === null) return;
    ad = null;
    deps.mutePage?.(false);
    deps.onAdChange?.(false);
    shellStateChanged();
  };
  const showAd = async (kind: AdKind): Promise<Answer> => {
    if (!adapter.showAd) return unavailable(HOST_REASONS.notOffered(host, 'showAd'));
    if (ad !== null) return unavailable('an ad is already playing');
    if (await adapter.adBlocked?.()) return unavailable(HOST_REASONS.adblock);
    let started = false;
    const answer = await adapter.showAd(kind, {
      started() {
        if (started) return;
        started = true;
        ad = kind;
        deps.onAdChange?.(true);
        deps.mutePage?.(true);
        emit({ type: 'adStarted', kind });
        shellStateChanged();
      },
    });
    if (started && ad === kind) {
      const rewarded = kind === 'rewarded' ? answer.status === 'done' && answer.value.rewarded === true : undefined;
      endAd();
      emit(rewarded === undefined ? { type: 'adFinished', kind } : { type: 'adFinished', kind, rewarded });
    }
    return answer;
  };

  // Elsewhere the party is the player alone, in the room they arrived for or last invited to.
  let soloRoom: string | null = null;
  const alone = (): Answer => {
    soloRoom ??= `solo-${Math.random().toString(36).slice(2, 10)}`;
    const me = player();
    return { status: 'done', value: withPlayer({ roomId: soloRoom, members: [{ displayName: me?.name ?? 'You', self: true }] }) };
  };

  const purchases = createPurchases({
    adapter, host, server: deps.purchaseServer ?? defaultPurchaseServer,
    signedIn: () => player() !== null,
    locale: () => intlLocale(currentLocale()),
    noPrice: () => t('purchases.priceAtCheckout'),
    emit,
    ...(deps.page ? { win: deps.page } : {}),
    log,
  });
  cleanups.push(() => purchases.dispose());

  // What the host's rules and the studio's switches allow: in capabilities, and as the
  // `features` event at every change (only the changes).
  const features = deps.features ?? { state: featureState, subscribe: subscribeFeatures };
  const flags = () => (deps.features ? Object.fromEntries(FEATURES.map((f) => [f, features.state(f).on])) as Record<Feature, boolean> : featureFlags());
  let toldFlags = JSON.stringify(flags());
  cleanups.push(features.subscribe(() => {
    const now = flags();
    const key = JSON.stringify(now);
    if (key === toldFlags) return;
    toldFlags = key;
    emit({ type: 'features', features: now });
  }));
  const featureOff = (feature: Feature): Answer | null => {
    const state = features.state(feature);
    return state.on ? null : unavailable(state.message ? `featureOff: ${state.message}` : 'featureOff');
  };

  const capabilities = async (): Promise<Answer> => {
    const value: HostCapabilities = {
      host,
      invite: Boolean(adapter.invite), party: Boolean(adapter.party), presence: Boolean(adapter.setPresence),
      ads: Boolean(adapter.showAd) && !(await adapter.adBlocked?.()),
      happyTime: Boolean(adapter.happyTime), chatSetting: Boolean(adapter.onChatChange), locale: true,
      joinRoom: Boolean(adapter.arrivalRoom), purchases: purchases.available() && features.state('purchases').on,
      features: flags(),
      tradeHold: player() ? await (deps.tradeHold ?? defaultTradeHold)().catch(() => null) : null,
    };
    return { status: 'done', value };
  };

  const route = (request: HostCall): Promise<Answer> => {
    switch (request.call) {
      case 'capabilities': return capabilities();
      case 'invite': {
        if (!adapter.invite) return Promise.resolve(unavailable(HOST_REASONS.notOffered(host, 'invite')));
        return adapter.invite(request.roomId ?? soloRoom ?? undefined).then((answer) => {
          if (answer.status === 'done' && !adapter.party) soloRoom = answer.value.roomId;
          return answer;
        });
      }
      case 'party': return adapter.party ? adapter.party().then((a) => (a.status === 'done' ? { ...a, value: withPlayer(a.value) } : a)) : Promise.resolve(alone());
      case 'setPresence': {
        const { call: _call, ...fields } = request;
        const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Presence;
        gamePresence = Object.keys(set).length > 0 ? set : null;
        return pushPresence(true);
      }
      case 'showAd': return showAd(request.kind);
      case 'locale': return localeCall();
      case 'happyTime': return adapter.happyTime ? adapter.happyTime() : Promise.resolve(unavailable(HOST_REASONS.notOffered(host, 'happyTime')));
      case 'products': { const off = featureOff('purchases'); return off ? Promise.resolve(off) : purchases.products(); }
      case 'purchase': { const off = featureOff('purchases'); return off ? Promise.resolve(off) : purchases.purchase(request.productId); }
    }
  };

  const call = async (raw: unknown, askedAt = Date.now()): Promise<Answer> => {
    const parsed = parseHostCall(raw);
    if (!parsed.ok) return unavailable(parsed.reason);
    const name = parsed.call.call;
    const ms = timeoutOf(name);
    const work = route(parsed.call).then((answer) => {
      const checked = hostAnswerSchema(name).safeParse(answer);
      if (checked.success) return checked.data as Answer;
      log.warn(`Host API: the ${host} host answered ${name} with something that is not an answer:`, answer);
      return unavailable(`${name}: the host gave an answer that is not valid`);
    }, (error: unknown) => {
      log.warn(`Host API: ${name} failed on the ${host} host:`, error);
      return unavailable(`${name} failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300));
    });
    // A host that never says the ad ended does not keep the game paused.
    const answer = await withinBound(work, name, ms, askedAt, name === 'showAd' ? endAd : undefined);
    if (name === 'happyTime' && answer.status === 'done') emit({ type: 'happyTime', active: true });
    return answer;
  };

  shellStateChanged();
  return {
    call,
    adRunning: () => ad !== null,
    shellStateChanged,
    dispose() { for (const cleanup of cleanups.splice(0)) cleanup(); },
  };
}
