// The demo game's side of the host API (contract/hostApi.ts): the menu's host buttons (Invite,
// Rewarded ad, Midgame ad, ...), calling window.tripHostCall, the HUD line for each answer, and
// what each host event (OnHostEvent) does to the game. Pure: game.ts applies the effects.
import {
  GAME_HOOKS, parseHostAnswer, parseHostEvent,
  type AdKind, type HostAnswer, type HostCall, type HostCallName, type HostEvent, type Party, type PartyMember,
} from '../../contract/game';

export interface HostTrigger {
  kind: 'host';
  testId: string;
  label: string;
  request: HostCall;
}

const host = (slug: string, label: string, request: HostCall): HostTrigger => ({ kind: 'host', testId: `demo-host-${slug}`, label, request });

/** The menu's "Host" section: labels as a player reads them (Invite, Rewarded ad, Midgame ad). */
export const HOST_TRIGGERS: readonly HostTrigger[] = [
  host('invite', 'Invite', { call: 'invite' }),
  host('rewarded-ad', 'Rewarded ad', { call: 'showAd', kind: 'rewarded' }),
  host('midgame-ad', 'Midgame ad', { call: 'showAd', kind: 'midgame' }),
  host('party', 'Party', { call: 'party' }),
  host('locale', 'Language', { call: 'locale' }),
  host('happy-time', 'Happy time', { call: 'happyTime' }),
  host('capabilities', 'Host powers', { call: 'capabilities' }),
  host('packs', 'TripCoin packs', { call: 'products' }),
  host('buy-tripcoins', 'Buy TripCoins', { call: 'purchase', productId: 'tc-1200' }),
  host('leaderboard', 'My rank', { call: 'leaderboard', period: 'week', scope: 'global' }),
];

/** The presence the demo sets at start and from the menu: where the player is, and who with. */
export function presenceFor(arena: string, party: Party | null): Extract<HostCall, { call: 'setPresence' }> {
  const size = party?.members.length ?? 0;
  return { call: 'setPresence', details: `Demo Arena · ${arena}`.slice(0, 128), state: size > 1 ? 'In a party' : 'Warming up', ...(size > 0 ? { partySize: Math.min(size, 8), partyMax: 8 } : {}) };
}

export function describePresence(request: Extract<HostCall, { call: 'setPresence' }>, answer: HostAnswer<'setPresence'>): string {
  const text = [request.details, request.state].filter(Boolean).join(' — ') + (request.partySize ? ` (${request.partySize} of ${request.partyMax ?? request.partySize})` : '');
  if (answer.status === 'done') return `${text}${answer.value.shown ? '' : ' (not shown by this host)'}`;
  return answer.status === 'cancelled' ? `${text} (cancelled)` : `${text} (unavailable: ${answer.reason})`;
}

/**
 * Calls the shell's host hook and reads its answer by the call's own schema. Never throws: a
 * page without the hook, a hook that throws, or an answer that is not one, is `unavailable`.
 */
export async function callHost<C extends HostCallName>(hooks: Partial<Record<string, unknown>>, request: HostCall & { call: C }): Promise<HostAnswer<C>> {
  const hook = hooks[GAME_HOOKS.hostCall];
  if (typeof hook !== 'function') return { status: 'unavailable', reason: `the page has no ${GAME_HOOKS.hostCall}()` };
  try {
    const answer: unknown = await Reflect.apply(hook, hooks, [request]);
    return parseHostAnswer(request.call, answer) ?? { status: 'unavailable', reason: 'the shell gave an answer that is not one' };
  } catch (error) {
    return { status: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
}

const AD_LABEL: Record<AdKind, string> = { midgame: 'Midgame ad', rewarded: 'Rewarded ad' };

/** The HUD line for the answer to a menu call. */
export function describeHostAnswer(request: HostCall, answer: HostAnswer): string {
  const label = request.call === 'showAd' ? AD_LABEL[request.kind] : (HOST_TRIGGERS.find((t) => t.request.call === request.call)?.label ?? request.call);
  if (answer.status === 'unavailable') return `${label}: unavailable: ${answer.reason}`;
  if (answer.status === 'cancelled') return `${label}: cancelled`;
  const value = answer.value as Record<string, unknown>;
  switch (request.call) {
    case 'invite':
      return `Invite sent (${String(value.via)}) for room ${String(value.roomId)}${typeof value.link === 'string' ? `: ${value.link}` : ''}`;
    case 'showAd':
      return request.kind === 'rewarded' ? `Rewarded ad: ${value.rewarded === true ? 'reward earned' : 'no reward'}` : 'Midgame ad: done';
    case 'party':
      return `Party: ${describeParty(value as unknown as Party)}`;
    case 'locale':
      return `Language: ${String(value.locale)}${typeof value.country === 'string' ? ` (${value.country})` : ''}`;
    case 'capabilities':
      return `Host ${String(value.host)} offers: ${Object.entries(value).filter(([k, v]) => k !== 'host' && v === true).map(([k]) => k).join(', ') || 'nothing'}`;
    case 'happyTime':
      return 'Happy time: celebrated';
    case 'setPresence':
      return value.shown === true ? 'Presence set' : 'Presence accepted (not shown by this host)';
    case 'products':
      return `Packs: ${(value.products as Array<{ id: string; tripcoins: number; price: string }>).map((p) => `${p.tripcoins} TC for ${p.price}`).join(', ') || 'none'}`;
    case 'purchase':
      return `Bought ${String(value.tripcoins)} TC: balance ${String(value.balance)}`;
    case 'gameplay':
      return `Gameplay: ${String(value.state)}${value.playing === true ? ' (the host counts play)' : ' (not counted as play)'}`;
    case 'leaderboard':
      return Number(value.rank) > 0
        ? `My rank: #${String(value.rank)} of ${String(value.total)} (${String(value.value)} ${String(value.stat)} this ${value.period === 'all' ? 'game' : 'week'})`
        : `My rank: not on the board yet (${String(value.total)} players)`;
  }
}

export function memberName(member: PartyMember): string {
  return `${member.displayName}${member.playerName && member.playerName !== member.displayName ? ` (${member.playerName})` : ''}${member.self ? ' (you)' : ''}`;
}

export function describeParty(party: Party): string {
  return party.members.length === 0 ? 'nobody' : party.members.map(memberName).join(', ');
}

export type HostEffect =
  | { kind: 'party'; party: Party }
  | { kind: 'joinRoom'; roomId: string }
  /** An ad began (playing) or ended: the game pauses and mutes itself in between. */
  | { kind: 'ad'; playing: boolean; adKind: AdKind; rewarded?: boolean }
  | { kind: 'chat'; enabled: boolean }
  | { kind: 'locale'; locale: string }
  | { kind: 'storage'; persistent: boolean }
  | { kind: 'happyTime'; active: boolean }
  /** A purchase was granted or refunded: the game shows the balance the host gave. */
  | { kind: 'purchase'; status: 'granted' | 'reversed'; tripcoins: number; balance: number }
  /** What the host and the studio allow changed: the game hides what is off. */
  | { kind: 'features'; off: string[] };

export function hostEffect(event: HostEvent): HostEffect {
  switch (event.type) {
    case 'party': return { kind: 'party', party: { roomId: event.roomId, members: event.members } };
    case 'joinRoom': return { kind: 'joinRoom', roomId: event.roomId };
    case 'adStarted': return { kind: 'ad', playing: true, adKind: event.kind };
    case 'adFinished': return { kind: 'ad', playing: false, adKind: event.kind, ...(event.rewarded === undefined ? {} : { rewarded: event.rewarded }) };
    case 'chat': return { kind: 'chat', enabled: event.enabled };
    case 'locale': return { kind: 'locale', locale: event.locale };
    case 'storage': return { kind: 'storage', persistent: event.persistent };
    case 'happyTime': return { kind: 'happyTime', active: event.active };
    case 'purchase': return { kind: 'purchase', status: event.status, tripcoins: event.tripcoins, balance: event.balance };
    case 'features': return { kind: 'features', off: Object.entries(event.features).filter(([, on]) => !on).map(([name]) => name) };
  }
}

export function describeHostEvent(event: HostEvent): string {
  switch (event.type) {
    case 'party': return `Party (${event.roomId}): ${describeParty(event)}`;
    case 'joinRoom': return `Joining room ${event.roomId}`;
    case 'adStarted': return `${AD_LABEL[event.kind]} started: game paused and muted`;
    case 'adFinished': return `${AD_LABEL[event.kind]} finished${event.rewarded === undefined ? '' : event.rewarded ? ', reward earned' : ', no reward'}: game resumed`;
    case 'chat': return event.enabled ? 'Chat enabled by the host' : 'Chat disabled by the host';
    case 'locale': return `Language: ${event.locale}`;
    case 'storage': return event.persistent ? 'Saves persist in this host' : 'Saves last only for this visit in this host';
    case 'happyTime': return event.active ? 'Happy time!' : 'Happy time over';
    case 'purchase': return event.status === 'granted'
      ? `Purchase granted: +${event.tripcoins} TC (${event.productId}), balance ${event.balance}`
      : `Purchase refunded: -${event.tripcoins} TC (${event.productId}), balance ${event.balance}`;
    case 'features': {
      const off = Object.entries(event.features).filter(([, on]) => !on).map(([name]) => name);
      return off.length ? `Off here: ${off.join(', ')}` : 'Everything is on here';
    }
  }
}

/** OnHostEvent's argument read with the contract's parser: the event, or null (malformed). */
export function readHostEvent(value: unknown): HostEvent | null {
  return parseHostEvent(value);
}
