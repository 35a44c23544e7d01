// Poki. Calls before the SDK is in wait for it (a page whose SDK never loads keeps working, and
// the game's calls answer `unavailable`); an SDK whose init() was refused (an ad blocker) still
// hears the lifecycle, but offers no ads.
// - Lifecycle: gameLoadingFinished once, when the loading screen goes; gameplayStart/Stop only on
//   a real change, and never during a break (Poki asks for no gameplay events while an ad plays:
//   gameplay is stopped before the break and what the shell asked meanwhile is sent after it).
// - Ads: commercialBreak (midgame) and rewardedBreak (rewarded); their onStart is the ad
//   starting. A break that ends without an ad having started had none to show: `unavailable`.
// - Invites: shareableURL({roomId}) gives the link, shared like the web's (the share sheet or the
//   clipboard); getURLParam('roomId') is an arriving player's room.
// - Locale: the browser's language. No mute setting, no chat setting, no party, no presence.
// - Accounts: none through Poki (docs/hosts/poki.md says why): the shell's own sign-in, as on
//   the web.
import { type AdKind, type HostAnswer } from '../../contract/hostApi';
import { isRoomId, newRoomId, shareJoinLink } from '../share';
import type { AdHooks, HostAdapter } from '../types';
import { POKI_HIDDEN } from './page';
import { loadPokiSdk, type LoadedPoki, type PokiSdk } from './sdk';

/** The invite parameter Poki's shareable links carry. */
export const POKI_ROOM_PARAM = 'roomId';

export interface PokiAdapterOptions {
  loadSdk?: () => Promise<LoadedPoki>;
  win?: Window;
  log?: Pick<Console, 'warn' | 'info'>;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

export function createPokiAdapter(options: PokiAdapterOptions = {}): HostAdapter {
  const win = options.win ?? window;
  const log = options.log ?? console;
  let loaded: Promise<LoadedPoki | null> | null = null;
  let current: LoadedPoki | null = null;
  let failed = false;
  /** gameLoadingFinished: asked by the shell (the loading screen went), and sent to Poki. */
  let finishAsked = false;
  let finishSent = false;
  /** What the shell asked for, and what Poki last heard. */
  let wanted = false;
  let sent = false;
  let inBreak = false;

  const start = () => {
    loaded ??= (options.loadSdk ?? (() => loadPokiSdk(win)))().then(
      (l) => { current = l; log.info(`Poki SDK ready${l.initRefused ? ' (init refused: an ad blocker)' : ''}`); sync(); return l; },
      (error: unknown) => { failed = true; log.warn('Poki SDK failed:', error); return null; },
    );
    return loaded.then(() => undefined);
  };
  const ready = () => loaded ?? start().then(() => current);

  /** Runs `call` on the SDK if it is in; SDK errors are logged, never thrown at the shell. */
  const now = (name: string, call: (s: PokiSdk) => void) => {
    if (!current) return false;
    try { call(current.sdk); } catch (error) { log.warn(`Poki ${name} failed:`, error); }
    return true;
  };
  /** Tells Poki the gameplay the shell wants, once the SDK is in and no break is running. */
  const sync = () => {
    if (!current || inBreak) return;
    if (finishAsked && !finishSent) { finishSent = true; now('gameLoadingFinished', (s) => s.gameLoadingFinished()); }
    if (wanted === sent) return;
    sent = wanted;
    now(wanted ? 'gameplayStart' : 'gameplayStop', (s) => (wanted ? s.gameplayStart() : s.gameplayStop()));
  };

  const usable = async (): Promise<PokiSdk | string> => {
    const l = await ready();
    if (!l) return failed ? 'the Poki SDK could not load (an ad blocker may be blocking it)' : 'the Poki SDK is not available';
    return l.sdk;
  };

  const showAd = async (kind: AdKind, hooks: AdHooks): Promise<HostAnswer<'showAd'>> => {
    const s = await usable();
    if (typeof s === 'string') return { status: 'unavailable', reason: s };
    if (inBreak) return { status: 'unavailable', reason: 'an ad is already playing' };
    // Gameplay stops before the break (Poki's rule), not while the ad plays.
    const resume = wanted;
    wanted = false;
    sync();
    inBreak = true;
    let started = false;
    const onStart = () => { if (!started) { started = true; hooks.started(); } };
    try {
      if (kind === 'rewarded') {
        const rewarded = await s.rewardedBreak({ size: 'medium', onStart });
        return started ? { status: 'done', value: { kind, rewarded: rewarded === true } } : { status: 'unavailable', reason: 'no ad: Poki had none to show' };
      }
      await s.commercialBreak(onStart);
      return started ? { status: 'done', value: { kind } } : { status: 'unavailable', reason: 'no ad: Poki had none to show' };
    } catch (error) {
      log.warn(`Poki ${kind} break failed:`, error);
      return started ? { status: 'done', value: kind === 'rewarded' ? { kind, rewarded: false } : { kind } } : { status: 'unavailable', reason: `no ad: ${reasonOf(error)}` };
    } finally {
      inBreak = false;
      // The shell's own resume (hostWiring, after adFinished) wins; without an ad it never
      // stopped, so what it wanted before the break comes back.
      if (!started) wanted = resume;
      sync();
    }
  };

  return {
    kind: 'poki',
    hidden: POKI_HIDDEN,
    start,
    login: async () => ({ kind: 'shellModal' }),
    connectWallet: () => 'unsupported',
    loadingStart: () => undefined,
    loadingStop() { finishAsked = true; sync(); },
    gameplayStart() { wanted = true; sync(); },
    gameplayStop() { wanted = false; sync(); },
    onMuteChange: () => () => undefined,
    async adBlocked() {
      const l = await ready();
      return l?.initRefused === true;
    },
    showAd,
    async invite(roomId) {
      const s = await usable();
      if (typeof s === 'string') return { status: 'unavailable', reason: s };
      const room = roomId ?? newRoomId(win);
      let link: unknown;
      try { link = await s.shareableURL({ [POKI_ROOM_PARAM]: room }); } catch (error) {
        return { status: 'unavailable', reason: `invite failed: ${reasonOf(error)}` };
      }
      if (typeof link !== 'string' || !/^https?:\/\//.test(link)) return { status: 'unavailable', reason: 'Poki gave no shareable link' };
      return shareJoinLink(win, room, link);
    },
    async arrivalRoom() {
      const s = await usable();
      if (typeof s === 'string') return null;
      try {
        const room: unknown = await s.getURLParam(POKI_ROOM_PARAM);
        return isRoomId(room) ? room : null;
      } catch { return null; }
    },
    async locale() {
      const tag = win.navigator.languages?.[0] ?? win.navigator.language;
      return tag ? { status: 'done', value: { locale: tag } } : { status: 'unavailable', reason: 'the browser names no language' };
    },
  };
}
