// The host API, shell side (contract/hostApi.ts): the game's calls go to the host adapter's
// powers (hosts/types.ts HostPowers) and the adapter's news goes to the game as HostEvents.
// - Every call settles: a malformed request answers `unavailable` naming what is wrong, a power
//   the host lacks answers `unavailable` at once, an adapter that throws, answers nonsense or
//   takes longer than HOST_CALL_TIMEOUT_MS[call] answers `unavailable` too.
// Each part lives in its own file (apiLocale, apiParty, apiPresence, apiAds, apiFeatures,
// purchases); this one joins them and routes the game's calls.
// - Presence: a default from the shell's own state ("In the menu" before play and while an
//   overlay or an ad is up, "Playing" in play); the game's own fields win while it has set them.
// - Gameplay: the game says it plays, or left play (its menu, a round's end, a death screen),
//   or loads a level; the wiring combines it with the shell's overlays (machines/gameplay.ts).
// - Ads: gameplay stops, the page and the game are muted and the game hears adStarted from the
//   moment the ad plays until it is over (or timed out), then everything resumes.
// - The game hears the host's news through the game link, which keeps what is a state (party,
//   chat, locale) for every instance of the game and holds a moment (a room to join) for the one loading.
// - TripCoin packs: products and purchase over the host's store and our server (purchases.ts);
//   every grant and reversal reaches the game once as the `purchase` event.
// Loaded lazily (it carries zod); hostWiring.ts puts the window hook up at once and forwards.
import {
  HOST_CALL_TIMEOUT_MS, HOST_NAMES, HOST_REASONS, SHELL_TO_GAME, hostAnswerSchema, parseHostCall, parseHostEvent,
  type HostAnswer, type HostCall, type HostCallName, type HostCapabilities, type HostEvent, type GameplayState, type HostName, type HostTradeHold,
} from '../../contract/game';
import type { HostAdapter, Presence } from '../../hosts/types';
import { getCurrentPlayer, type CurrentPlayer } from '../api/currentPlayer';
import type { GameLink } from '../game-link/link';
import { createApiAds } from './apiAds';
import { createApiFeatures, type FeatureSource } from './apiFeatures';
import { createApiLocale } from './apiLocale';
import { createApiParty } from './apiParty';
import { createApiPresence } from './apiPresence';
import { withinBound } from './hostCall';
import { createPurchases } from './purchases';
import { purchaseServer as defaultPurchaseServer, type ShellPurchaseServer } from './purchaseServer';
import { tradeHold as defaultTradeHold } from './tradeHold';
import { gameLeaderboard } from './leaderboard';
import { currentLocale, t } from '../i18n';
import { intlLocale } from '../i18n/format';

export { DEFAULT_PRESENCE } from './apiPresence';

export interface HostApiDeps {
  adapter: HostAdapter;
  link: Pick<GameLink, 'send'>;
  /** The shell is in play (loading over, no overlay open); hostWiring.ts tells every change with shellStateChanged(). */
  playing: () => boolean;
  /** Gameplay stops/starts again around an ad (hostWiring re-syncs the host's lifecycle). */
  onAdChange?: (running: boolean) => void;
  /** The game said it entered or left play (hostWiring re-syncs the host's lifecycle). */
  onGameplayChange?: () => void;
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
  features?: FeatureSource;
  /** The signed-in player's hold on outgoing value (default: GET /api/me/trade-status, tradeHold.ts). */
  tradeHold?: () => Promise<HostTradeHold | null>;
  /** The game's leaderboard read (default: leaderboard.ts, over our server). */
  leaderboard?: typeof gameLeaderboard;
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
  /** What the game last said it is doing (`play` until it says otherwise). */
  gameplay(): GameplayState;
  /** The shell's state changed (loading, overlays): the default presence may follow. */
  shellStateChanged(): void;
  dispose(): void;
}

type Answer = HostAnswer;
const unavailable = (reason: string): Answer => ({ status: 'unavailable', reason });

export function createHostApi(deps: HostApiDeps): HostApi {
  const { adapter, link } = deps;
  const log = deps.log ?? console;
  const host: HostName = (HOST_NAMES as readonly string[]).includes(adapter.kind) ? adapter.kind as HostName : 'web';
  const player = deps.player ?? getCurrentPlayer;

  // Events: to the link, which hands them to the game when it is ready.
  const emit = (event: HostEvent) => {
    const checked = parseHostEvent(event);
    if (!checked) { log.warn('Host API: dropped an event the host gave in a shape the game does not take:', event); return; }
    link.send(SHELL_TO_GAME.hostEvent, checked);
  };

  const locale = createApiLocale({ adapter, win: deps.win ?? window, emit });
  const party = createApiParty({ adapter, host, player, emit, log });
  // Presence reads the ads' state and the ads tell presence of a change: the first is late-bound.
  let adRunning = () => false;
  let gameplay: GameplayState = 'play';
  const playing = () => deps.playing() && !adRunning() && gameplay === 'play';
  const presence = createApiPresence({ adapter, playing, now: deps.now ?? Date.now });
  const ads = createApiAds({ adapter, host, emit, changed: presence.changed, ...pick(deps, 'onAdChange', 'mutePage') });
  adRunning = ads.running;
  const features = createApiFeatures(deps.features, emit);
  const purchases = createPurchases({
    adapter, host, server: deps.purchaseServer ?? defaultPurchaseServer,
    signedIn: () => player() !== null,
    locale: () => intlLocale(currentLocale()),
    noPrice: () => t('purchases.priceAtCheckout'),
    emit,
    ...(deps.page ? { win: deps.page } : {}),
    log,
  });
  const cleanups = [locale.dispose, party.dispose, features.dispose, () => purchases.dispose()];

  const capabilities = async (): Promise<Answer> => {
    const value: HostCapabilities = {
      host,
      invite: Boolean(adapter.invite), party: Boolean(adapter.party), presence: Boolean(adapter.setPresence),
      ads: Boolean(adapter.showAd) && !(await adapter.adBlocked?.()),
      happyTime: Boolean(adapter.happyTime), chatSetting: Boolean(adapter.onChatChange), locale: true,
      joinRoom: Boolean(adapter.arrivalRoom), purchases: purchases.available() && features.on('purchases'),
      features: features.flags(),
      tradeHold: player() ? await (deps.tradeHold ?? defaultTradeHold)().catch(() => null) : null,
    };
    return { status: 'done', value };
  };

  const route = (request: HostCall): Promise<Answer> => {
    switch (request.call) {
      case 'capabilities': return capabilities();
      case 'invite': return party.invite(request.roomId);
      case 'party': return party.party();
      case 'setPresence': {
        const { call: _call, ...fields } = request;
        return presence.setGame(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Presence);
      }
      case 'showAd': return ads.show(request.kind);
      case 'locale': return locale.call();
      case 'happyTime': return adapter.happyTime ? adapter.happyTime() : Promise.resolve(unavailable(HOST_REASONS.notOffered(host, 'happyTime')));
      case 'products': return Promise.resolve(features.off('purchases')).then((off) => off ?? purchases.products());
      case 'purchase': return Promise.resolve(features.off('purchases')).then((off) => off ?? purchases.purchase(request.productId));
      case 'gameplay': {
        // The shell answers it: the host hears the combined state from the wiring, and the
        // default presence follows ("Playing" only in play).
        if (request.state !== gameplay) {
          gameplay = request.state;
          deps.onGameplayChange?.();
          presence.changed();
        }
        return Promise.resolve({ status: 'done', value: { state: gameplay, playing: playing() } });
      }
      case 'leaderboard': return (deps.leaderboard ?? gameLeaderboard)(request, adapter, player() !== null);
    }
  };

  const call = (raw: unknown, askedAt = Date.now()): Promise<Answer> => answerWithin(raw, askedAt, {
    route, host, log, timeoutOf: (name) => deps.timeouts?.[name] ?? HOST_CALL_TIMEOUT_MS[name], endAd: ads.end,
    onDone: (name) => { if (name === 'happyTime') emit({ type: 'happyTime', active: true }); },
  });

  presence.changed();
  return {
    call,
    adRunning: () => ads.running(),
    gameplay: () => gameplay,
    shellStateChanged: presence.changed,
    dispose() { for (const cleanup of cleanups.splice(0)) cleanup(); },
  };
}

/** The optional keys of `from` that are set (exactOptionalPropertyTypes leaves no undefined in). */
function pick<T extends object, K extends keyof T>(from: T, ...keys: K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((k) => from[k] !== undefined).map((k) => [k, from[k]])) as Partial<Pick<T, K>>;
}

interface Answering {
  route(request: HostCall): Promise<Answer>;
  host: HostName;
  log: Pick<Console, 'warn'>;
  timeoutOf(call: HostCallName): number;
  /** A host that never says the ad ended does not keep the game paused. */
  endAd(): void;
  onDone(call: HostCallName): void;
}

/** Parses one request, routes it, checks the host's answer by the call's schema, bounds it in time. */
async function answerWithin(raw: unknown, askedAt: number, a: Answering): Promise<Answer> {
  const parsed = parseHostCall(raw);
  if (!parsed.ok) return unavailable(parsed.reason);
  const name = parsed.call.call;
  const work = a.route(parsed.call).then((answer) => {
    const checked = hostAnswerSchema(name).safeParse(answer);
    if (checked.success) return checked.data as Answer;
    a.log.warn(`Host API: the ${a.host} host answered ${name} with something that is not an answer:`, answer);
    return unavailable(`${name}: the host gave an answer that is not valid`);
  }, (error: unknown) => {
    a.log.warn(`Host API: ${name} failed on the ${a.host} host:`, error);
    return unavailable(`${name} failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300));
  });
  const answer = await withinBound(work, name, a.timeoutOf(name), askedAt, name === 'showAd' ? a.endAd : undefined);
  if (answer.status === 'done') a.onDone(name);
  return answer;
}
