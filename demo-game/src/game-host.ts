// The running game's side of the host API: what it heard and asked (DemoHostState), the menu's
// host buttons, the presence it reports, and what each host event does. The pure parts (requests,
// HUD lines, effects) are in host.ts; this keeps the state, hands the ad's pause to the game and
// tells the host when the game leaves play and comes back (the `gameplay` call).
import { GAME_HOOKS, type GameplayState } from '../../contract/game';
import { callHost, describeHostAnswer, describeHostEvent, describeParty, describePresence, hostEffect, presenceFor, type HostTrigger } from './host';
import type { Hud } from './hud/hud';
import type { DemoHostState } from './test-api';

export interface GameHostDeps {
  hooks: Record<string, unknown>;
  hud: Pick<Hud, 'setHost'>;
  log(line: string): void;
  arena: string;
  /** An ad began: the game pauses (keys let go, mouse freed, no time passes). */
  adStarted(): void;
  /** The ad is over: the game resumes without catching up on the ad's time. */
  adFinished(): void;
}

export const EMPTY_HOST_STATE: DemoHostState = {
  room: null, party: null, presence: null, calls: [], adPlaying: null, ads: [], chatEnabled: null, locale: null,
  savesPersistent: null, happyTime: false, purchases: [], purchaseLine: null, gameplay: null,
};

export function createGameHost(deps: GameHostDeps) {
  const { hooks, log } = deps;
  let host: DemoHostState = EMPTY_HOST_STATE;

  function set(next: Partial<DemoHostState>): void {
    host = { ...host, ...next };
    const last = host.calls.at(-1);
    deps.hud.setHost({
      room: host.room,
      party: host.party ? describeParty(host.party) : null,
      presence: host.presence,
      answer: last ? last.line : null,
      ad: host.adPlaying ? `Paused and muted: ${host.adPlaying} ad playing` : host.purchaseLine,
    });
  }

  async function runTrigger(trigger: HostTrigger): Promise<void> {
    const { request } = trigger;
    const answer = await callHost(hooks, request);
    const line = describeHostAnswer(request, answer);
    const next: Partial<DemoHostState> = { calls: [...host.calls.slice(-49), { request, answer, line }] };
    if (answer.status === 'done' && request.call === 'party') next.party = answer.value as DemoHostState['party'];
    if (answer.status === 'done' && request.call === 'invite') next.room = (answer.value as { roomId: string }).roomId;
    set(next);
    log(line);
  }

  /** The presence the game reports: set at start and whenever the party's size changes. */
  let presenceSize = -1;
  async function reportPresence(): Promise<void> {
    const size = host.party?.members.length ?? 0;
    if (size === presenceSize) return;
    presenceSize = size;
    const request = presenceFor(deps.arena, host.party);
    const answer = await callHost(hooks, request);
    set({ presence: describePresence(request, answer) });
  }

  async function start(): Promise<void> {
    if (typeof hooks[GAME_HOOKS.hostCall] !== 'function') return;
    const party = await callHost(hooks, { call: 'party' });
    if (party.status === 'done' && !host.party) set({ party: party.value });
    await reportPresence();
  }

  function adEvent(effect: Extract<ReturnType<typeof hostEffect>, { kind: 'ad' }>): void {
    if (effect.playing) {
      deps.adStarted();
      set({ adPlaying: effect.adKind, ads: [...host.ads, { kind: effect.adKind, finished: false }] });
      return;
    }
    const ads = host.ads.slice();
    const open = ads.findLastIndex((a) => a.kind === effect.adKind && !a.finished);
    const done = { kind: effect.adKind, finished: true, ...(effect.rewarded === undefined ? {} : { rewarded: effect.rewarded }) };
    if (open >= 0) ads[open] = done; else ads.push(done);
    deps.adFinished();
    set({ adPlaying: null, ads });
  }

  function apply(event: Parameters<typeof hostEffect>[0]): void {
    const effect = hostEffect(event);
    switch (effect.kind) {
      case 'party': set({ party: effect.party }); void reportPresence(); break;
      case 'joinRoom': set({ room: effect.roomId }); break;
      case 'ad': adEvent(effect); break;
      case 'chat': set({ chatEnabled: effect.enabled }); break;
      case 'locale': set({ locale: effect.locale }); break;
      case 'storage': set({ savesPersistent: effect.persistent }); break;
      case 'happyTime': set({ happyTime: effect.active }); break;
      case 'purchase':
        set({ purchases: [...host.purchases, { status: effect.status, tripcoins: effect.tripcoins, balance: effect.balance }], purchaseLine: describeHostEvent(event) });
        break;
      case 'features': log(describeHostEvent(event)); break;
    }
  }

  /**
   * Tells the host what the game is doing (its menu, a round's end, play), on a change only: the
   * portal then stops counting play at the menu and between rounds.
   */
  let toldGameplay: GameplayState = 'play';
  async function gameplay(state: GameplayState): Promise<void> {
    if (state === toldGameplay || typeof hooks[GAME_HOOKS.hostCall] !== 'function') return;
    toldGameplay = state;
    set({ gameplay: { state, playing: null } });
    const answer = await callHost(hooks, { call: 'gameplay', state });
    if (toldGameplay === state) set({ gameplay: { state, playing: answer.status === 'done' ? answer.value.playing : null } });
  }

  return {
    state: (): DemoHostState => host,
    gameplay,
    adPlaying: () => host.adPlaying !== null,
    runTrigger,
    start,
    apply,
  };
}
