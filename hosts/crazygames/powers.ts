// The portal's powers for the game (hosts/types.ts HostPowers), over the v3 SDK:
// - ads: SDK.ad.requestAd(kind, {adStarted, adFinished, adError}); an ad blocker (hasAdblock)
//   answers `unavailable` before any request; a rewarded ad is earned when it finished;
// - invites: SDK.game.inviteLink({roomId}) and the portal's invite button (showInviteButton);
//   an arriving player's room from getInviteParam('roomId') (the inviter's room, joined at once);
//   a player who came to play with friends at once (game.isInstantMultiplayer, "Multiplayer
//   requirements") and no room to join gets a new room at once, with the invite button shown
//   for it, so friends join them there;
// - TripCoin packs through the store module's buyItem, for signed-in portal players (store.ts);
// - happy time (happytime()), the chat setting (settings.disableChat and its listener), the
//   player's locale and country (user.systemInfo).
// Every SDK call is guarded: an SDK that throws or rejects gives `unavailable`, never a throw.
import { type AdKind, type HostAnswer } from '../../contract/hostApi';
import type { AdHooks, HostPowers } from '../types';
import { reasonOf, type CrazyGamesSdk, type CrazyGamesSettings } from './sdk';
import { createCrazyGamesStore } from './store';

/** The invite parameter the portal's links carry. */
export const ROOM_PARAM = 'roomId';

export interface CrazyGamesPowerDeps {
  whenReady(): Promise<CrazyGamesSdk | null>;
  failed(): boolean;
  log: Pick<Console, 'warn'>;
  withSdk(name: string, call: (s: CrazyGamesSdk) => void): void;
}

const newRoom = () => crypto.randomUUID().replace(/-/g, '').slice(0, 12);
const isRoom = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9._:-]{1,100}$/.test(v);

export function crazyGamesPowers(deps: CrazyGamesPowerDeps): HostPowers {
  /** The usable SDK, or why there is none. */
  const usable = async (): Promise<CrazyGamesSdk | string> => {
    const s = await deps.whenReady();
    if (!s) return deps.failed() ? 'the CrazyGames SDK could not load (an ad blocker may be blocking it)' : 'the CrazyGames SDK is not available';
    if (s.environment === 'disabled') return 'not running on CrazyGames';
    return s;
  };

  const adBlocked = async (): Promise<boolean> => {
    const s = await usable();
    if (typeof s === 'string' || !s.ad) return false;
    try { return (await s.ad.hasAdblock()) === true; } catch { return false; }
  };

  const showAd = async (kind: AdKind, hooks: AdHooks): Promise<HostAnswer<'showAd'>> => {
    const s = await usable();
    if (typeof s === 'string') return { status: 'unavailable', reason: s };
    if (!s.ad) return { status: 'unavailable', reason: 'this CrazyGames SDK has no ads' };
    // The shell asked adBlocked() first (src/host-bridge/hostApi.ts): an ad blocker never gets here.
    return new Promise((resolve) => {
      let started = false;
      let settled = false;
      const settle = (answer: HostAnswer<'showAd'>) => { if (!settled) { settled = true; resolve(answer); } };
      try {
        s.ad!.requestAd(kind, {
          adStarted: () => { started = true; hooks.started(); },
          adFinished: () => settle({ status: 'done', value: kind === 'rewarded' ? { kind, rewarded: true } : { kind } }),
          adError: (error) => {
            // After it started, the ad is over without its reward; before, there was no ad to show.
            if (started) settle({ status: 'done', value: kind === 'rewarded' ? { kind, rewarded: false } : { kind } });
            else settle({ status: 'unavailable', reason: `no ad: ${reasonOf(error)}`.slice(0, 300) });
          },
        });
      } catch (error) {
        deps.log.warn('CrazyGames requestAd failed:', error);
        settle({ status: 'unavailable', reason: `no ad: ${reasonOf(error)}`.slice(0, 300) });
      }
    });
  };

  const invite = async (roomId: string | undefined): Promise<HostAnswer<'invite'>> => {
    const s = await usable();
    if (typeof s === 'string') return { status: 'unavailable', reason: s };
    if (typeof s.game.inviteLink !== 'function') return { status: 'unavailable', reason: 'this CrazyGames SDK has no invite links' };
    const room = roomId ?? newRoom();
    try {
      const link = await s.game.inviteLink({ [ROOM_PARAM]: room });
      if (typeof s.game.showInviteButton === 'function') await s.game.showInviteButton({ [ROOM_PARAM]: room });
      return typeof link === 'string' && /^https?:\/\//.test(link)
        ? { status: 'done', value: { roomId: room, via: 'portal', link } }
        : { status: 'done', value: { roomId: room, via: 'portal' } };
    } catch (error) {
      deps.log.warn('CrazyGames inviteLink failed:', error);
      return { status: 'unavailable', reason: `invite failed: ${reasonOf(error)}`.slice(0, 300) };
    }
  };

  return {
    adBlocked,
    showAd,
    invite,
    store: createCrazyGamesStore(usable, deps.log),
    async arrivalRoom() {
      const s = await usable();
      if (typeof s === 'string') return null;
      try {
        const room: unknown = typeof s.game.getInviteParam === 'function' ? s.game.getInviteParam(ROOM_PARAM) : null;
        if (isRoom(room)) return room;
      } catch { /* no invite parameter: maybe instant multiplayer */ }
      if (s.game.isInstantMultiplayer !== true) return null;
      const room = newRoom();
      try { if (typeof s.game.showInviteButton === 'function') await s.game.showInviteButton({ [ROOM_PARAM]: room }); } catch (error) {
        deps.log.warn('CrazyGames showInviteButton failed:', error);
      }
      return room;
    },
    async happyTime() {
      const s = await usable();
      if (typeof s === 'string') return { status: 'unavailable', reason: s };
      if (typeof s.game.happytime !== 'function') return { status: 'unavailable', reason: 'this CrazyGames SDK has no happy time' };
      try { s.game.happytime(); return { status: 'done', value: { celebrated: true } }; } catch (error) {
        return { status: 'unavailable', reason: `happy time failed: ${reasonOf(error)}`.slice(0, 300) };
      }
    },
    onChatChange(listener) {
      let active = true;
      let last: boolean | null = null;
      const tell = (settings: CrazyGamesSettings) => {
        const enabled = !settings.disableChat;
        if (active && enabled !== last) { last = enabled; listener(enabled); }
      };
      let attached: CrazyGamesSdk | null = null;
      deps.withSdk('chat setting', (s) => {
        if (!active) return;
        attached = s;
        tell(s.game.settings);
        s.game.addSettingsChangeListener(tell);
      });
      return () => {
        active = false;
        try { attached?.game.removeSettingsChangeListener(tell); } catch { /* the SDK is gone */ }
      };
    },
    async locale() {
      const s = await usable();
      if (typeof s === 'string') return { status: 'unavailable', reason: s };
      const info = s.user.systemInfo;
      const locale = typeof info?.locale === 'string' ? info.locale : null;
      if (!locale || !/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(locale)) return { status: 'unavailable', reason: 'the portal gave no locale' };
      const country = typeof info?.countryCode === 'string' && /^[A-Za-z]{2}$/.test(info.countryCode) ? info.countryCode.toUpperCase() : undefined;
      return { status: 'done', value: country ? { locale, country } : { locale } };
    },
  };
}
