// The Activity's powers for the game (hosts/types.ts HostPowers), over the embedded-app SDK:
// - party: the instance's connected participants (getActivityInstanceConnectedParticipants) and every
//   change (ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE); the instance id is the room;
// - invite: the invite dialog (openInviteDialog), or a share link carrying the room as its
//   custom id (shareLink) for a room other than this instance;
// - presence: setActivity (details, state, party size, start time), which needs the
//   rpc.activities.write scope asked at sign-in: before sign-in it is kept and set right after;
// - locale: userSettingsGetLocale once signed in (the browser's language before);
// - arrivals: the custom id the Activity was opened with (a shared link), and ACTIVITY_JOIN.
// - purchases: TripCoin packs through Discord's in-app purchases (store.ts), with
//   ENTITLEMENT_CREATE subscribed once signed in.
// Discord's commands for a player need the authenticate step, so party, presence, locale and
// the join subscription start there (afterAuthenticate); before, nothing is sent to the client.
import type { DiscordSDK } from '@discord/embedded-app-sdk';
import { HOST_LIMITS, ROOM_ID_PATTERN, type HostAnswer, type Party, type PartyMember } from '../../contract/hostApi';
import type { HostPowers, Presence } from '../types';
import { createDiscordStore } from './store';

export interface DiscordPowerDeps {
  /** The SDK once ready (null before, or if it never was). */
  sdk(): DiscordSDK | null;
  /** Resolves when start-up is over (ready, failed or timed out). */
  started(): Promise<void>;
  win: Window;
  log: Pick<Console, 'error'> & Partial<Pick<Console, 'warn'>>;
}

export const DISCORD_POWER_TEXT = {
  notReady: 'Discord is not ready',
  signInFirst: 'sign in with Discord first',
  inviteMessage: 'Come and play with me!',
} as const;

interface Participant { id: string; username: string; global_name?: string | null; nickname?: string; avatar?: string | null }

const isRoom = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= HOST_LIMITS.roomIdMax && ROOM_ID_PATTERN.test(v);
const reasonOf = (error: unknown) => (typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error)).slice(0, 250);

/** Discord's CDN address of a user's avatar (their own, else the default one for their id). */
export function avatarUrl(id: string, avatar: string | null | undefined): string {
  if (avatar && /^(a_)?[0-9a-f]{32}$/.test(avatar)) return `https://cdn.discordapp.com/avatars/${id}/${avatar}.png?size=128`;
  let index: number;
  try { index = Number((BigInt(id) >> 22n) % 6n); } catch { index = 0; }
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}

export function toMember(p: Participant, selfId: string | null): PartyMember | null {
  if (typeof p?.id !== 'string' || !/^\d{1,25}$/.test(p.id)) return null;
  const name = [p.nickname, p.global_name, p.username].find((n): n is string => typeof n === 'string' && n.trim().length > 0);
  return { discordId: p.id, displayName: (name ?? 'Player').slice(0, HOST_LIMITS.displayNameMax), avatarUrl: avatarUrl(p.id, p.avatar), self: p.id === selfId };
}

export function createDiscordPowers(deps: DiscordPowerDeps): HostPowers & { afterAuthenticate(userId: string): Promise<void> } {
  let selfId: string | null = null;
  let presence: Presence | null = null;
  const partyListeners = new Set<(party: Party) => void>();
  const localeListeners = new Set<(locale: string) => void>();
  const arrivalListeners = new Set<(room: string) => void>();
  const store = createDiscordStore({ sdk: deps.sdk, userId: () => selfId, log: deps.log });

  const roomOf = (sdk: DiscordSDK): string => {
    const id: string = String(sdk.instanceId);
    return ROOM_ID_PATTERN.test(id) && id.length <= HOST_LIMITS.roomIdMax ? id : id.replace(/[^A-Za-z0-9._:-]/g, '').slice(0, HOST_LIMITS.roomIdMax) || 'instance';
  };
  const partyOf = (sdk: DiscordSDK, participants: readonly Participant[]): Party => ({
    roomId: roomOf(sdk),
    members: participants.map((p) => toMember(p, selfId)).filter((m): m is PartyMember => m !== null).slice(0, HOST_LIMITS.members),
  });

  const applyPresence = async (sdk: DiscordSDK, p: Presence): Promise<HostAnswer<'setPresence'>> => {
    const activity: Parameters<DiscordSDK['commands']['setActivity']>[0]['activity'] = { type: 0 };
    if (p.details) activity.details = p.details;
    if (p.state) activity.state = p.state;
    if (p.partySize !== undefined) activity.party = { id: roomOf(sdk), size: [p.partySize, Math.max(p.partySize, p.partyMax ?? p.partySize)] };
    if (p.startedAt !== undefined) activity.timestamps = { start: p.startedAt };
    try {
      await sdk.commands.setActivity({ activity });
      return { status: 'done', value: { shown: true } };
    } catch (error) {
      deps.log.error('Discord setActivity failed:', error);
      return { status: 'unavailable', reason: `Discord refused the presence: ${reasonOf(error)}` };
    }
  };

  const locale = async (): Promise<HostAnswer<'locale'>> => {
    const sdk = deps.sdk();
    const browser = deps.win.navigator.languages?.[0] ?? deps.win.navigator.language;
    if (!sdk || selfId === null) return browser ? { status: 'done', value: { locale: browser } } : { status: 'unavailable', reason: DISCORD_POWER_TEXT.signInFirst };
    try {
      const answer = await sdk.commands.userSettingsGetLocale();
      return { status: 'done', value: { locale: answer.locale } };
    } catch (error) {
      return { status: 'unavailable', reason: `Discord gave no locale: ${reasonOf(error)}` };
    }
  };

  return {
    async afterAuthenticate(userId) {
      const sdk = deps.sdk();
      if (!sdk || selfId !== null) return;
      selfId = userId;
      // Independent steps: a client that never answers one of them does not hold the others.
      const updates = () => sdk.subscribe('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', (data) => {
        const party = partyOf(sdk, data.participants);
        for (const listener of partyListeners) listener(party);
      });
      const participants = async () => {
        const { participants: list } = await sdk.commands.getActivityInstanceConnectedParticipants();
        const party = partyOf(sdk, list);
        for (const listener of partyListeners) listener(party);
      };
      const joins = () => sdk.subscribe('ACTIVITY_JOIN', (data) => { if (isRoom(data.secret)) for (const l of arrivalListeners) l(data.secret); });
      const language = async () => {
        const found = await locale();
        if (found.status === 'done') for (const listener of localeListeners) listener(found.value.locale);
      };
      const entitlements = () => sdk.subscribe('ENTITLEMENT_CREATE', () => store.entitlementCreated());
      const steps: Array<[string, () => Promise<unknown>]> = [['participants', participants], ['participants subscription', updates], ['ACTIVITY_JOIN subscription', joins], ['locale', language], ['ENTITLEMENT_CREATE subscription', entitlements]];
      if (presence) { const p = presence; steps.push(['presence', () => applyPresence(sdk, p)]); }
      // Promise.resolve().then: a step that throws at once (an SDK without subscribe) is caught like one that rejects.
      await Promise.all(steps.map(([name, step]) => Promise.resolve().then(step).catch((error: unknown) => deps.log.error(`Discord ${name} failed:`, error))));
    },
    async party() {
      const sdk = deps.sdk();
      if (!sdk) return { status: 'unavailable', reason: DISCORD_POWER_TEXT.notReady };
      if (selfId === null) return { status: 'unavailable', reason: DISCORD_POWER_TEXT.signInFirst };
      try {
        const { participants } = await sdk.commands.getActivityInstanceConnectedParticipants();
        return { status: 'done', value: partyOf(sdk, participants) };
      } catch (error) {
        return { status: 'unavailable', reason: `Discord gave no participants: ${reasonOf(error)}` };
      }
    },
    onPartyChange(listener) {
      partyListeners.add(listener);
      return () => { partyListeners.delete(listener); };
    },
    async invite(roomId) {
      const sdk = deps.sdk();
      if (!sdk) return { status: 'unavailable', reason: DISCORD_POWER_TEXT.notReady };
      const here = roomOf(sdk);
      try {
        if (roomId !== undefined && roomId !== here) {
          const shared = await sdk.commands.shareLink({ message: DISCORD_POWER_TEXT.inviteMessage, custom_id: roomId });
          return shared.success ? { status: 'done', value: { roomId, via: 'share' } } : { status: 'cancelled' };
        }
        await sdk.commands.openInviteDialog();
        return { status: 'done', value: { roomId: here, via: 'dialog' } };
      } catch (error) {
        deps.log.error('Discord invite failed:', error);
        return { status: 'unavailable', reason: `Discord refused the invite: ${reasonOf(error)}` };
      }
    },
    async setPresence(next) {
      presence = next;
      const sdk = deps.sdk();
      // Kept for after sign-in (afterAuthenticate sets it): Discord shows nothing before.
      if (!sdk || selfId === null) return { status: 'done', value: { shown: false } };
      return applyPresence(sdk, next);
    },
    locale,
    onLocaleChange(listener) {
      localeListeners.add(listener);
      return () => { localeListeners.delete(listener); };
    },
    async arrivalRoom() {
      await deps.started();
      const custom = deps.sdk()?.customId ?? new URL(deps.win.location.href).searchParams.get('custom_id');
      return isRoom(custom) ? custom : null;
    },
    onArrival(listener) {
      arrivalListeners.add(listener);
      return () => { arrivalListeners.delete(listener); };
    },
    store,
  };
}
