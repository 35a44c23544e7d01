// The host API's party and rooms: who is here (our player's id and name on the member at this
// screen), the host's chat setting, arrivals through an invite (one `joinRoom` per arrival), and
// invites. Elsewhere the party is the player alone, in the room they arrived for or last invited to.
import { HOST_REASONS, RoomId, type HostAnswer, type HostEvent, type HostName, type Party } from '../../contract/game';
import type { HostAdapter } from '../../hosts/types';
import type { CurrentPlayer } from '../api/currentPlayer';

export interface ApiPartyDeps {
  adapter: HostAdapter;
  host: HostName;
  player: () => CurrentPlayer | null;
  emit: (event: HostEvent) => void;
  log: Pick<Console, 'warn'>;
}

export function createApiParty(deps: ApiPartyDeps) {
  const { adapter, player, emit } = deps;
  const cleanups: Array<() => void> = [];
  const withPlayer = (party: Party): Party => {
    const me = player();
    if (!me) return party;
    return { ...party, members: party.members.map((m) => (m.self ? { ...m, playerUuid: me.uuid, playerName: me.name } : m)) };
  };
  if (adapter.onPartyChange) cleanups.push(adapter.onPartyChange((party: Party) => emit({ type: 'party', ...withPlayer(party) })));
  if (adapter.onChatChange) cleanups.push(adapter.onChatChange((enabled) => emit({ type: 'chat', enabled })));

  let soloRoom: string | null = null;
  let joined = false;
  const arrive = (roomId: string | null) => {
    if (roomId === null || joined || !RoomId.safeParse(roomId).success) return;
    joined = true; // one room per arrival: a later invite is a new page load (or onArrival, below)
    soloRoom = roomId;
    emit({ type: 'joinRoom', roomId });
  };
  void adapter.arrivalRoom?.().then(arrive, (error: unknown) => deps.log.warn('Host API: reading the invite failed:', error));
  if (adapter.onArrival) cleanups.push(adapter.onArrival((roomId) => { joined = false; arrive(roomId); }));

  const alone = (): HostAnswer<'party'> => {
    soloRoom ??= `solo-${Math.random().toString(36).slice(2, 10)}`;
    const me = player();
    return { status: 'done', value: withPlayer({ roomId: soloRoom, members: [{ displayName: me?.name ?? 'You', self: true }] }) };
  };

  return {
    party: (): Promise<HostAnswer<'party'>> =>
      adapter.party ? adapter.party().then((a) => (a.status === 'done' ? { ...a, value: withPlayer(a.value) } : a)) : Promise.resolve(alone()),
    invite: (roomId: string | undefined): Promise<HostAnswer<'invite'>> => {
      if (!adapter.invite) return Promise.resolve({ status: 'unavailable', reason: HOST_REASONS.notOffered(deps.host, 'invite') });
      return adapter.invite(roomId ?? soloRoom ?? undefined).then((answer) => {
        if (answer.status === 'done' && !adapter.party) soloRoom = answer.value.roomId;
        return answer;
      });
    },
    dispose: () => { for (const cleanup of cleanups.splice(0)) cleanup(); },
  };
}
