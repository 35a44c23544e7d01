// A round of the demo game, paid by the local demo game server (server/routes/demoGameServer.ts):
// when a player is signed in, the game starts a round there; once the round's time is up it
// finishes it, the server pays it through the game-server award API, and the next round starts.
// A server without the demo game server (404) or a guest (401) plays unpaid rounds: a HUD line
// says so once. The game never holds the game-server key: it only starts and finishes rounds,
// as the player's own page (its session cookie, the shell's client header).
import { CLIENT_HEADER } from '../../contract/http';
import { finishDemoRound, startDemoRound } from '../../contract/demoGame';

export interface PaidRound { roundId: string; tripcoins: string; xp: number; balance: number; level: number }
export interface RoundState {
  /** The round running now, or null (a guest, or no demo game server). */
  current: { roundId: string; endsAt: string; tripcoins: string; xp: number } | null;
  paid: PaidRound[];
  /** Why rounds are not paid here, when they are not. */
  unpaid: 'signedOut' | 'off' | null;
}

export interface RoundDeps {
  log(line: string): void;
  /** A round ended (its pay is being settled: the game is out of play) or the next one started. */
  onRound?(phase: 'over' | 'started'): void;
  fetch?: typeof fetch;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  now?: () => number;
}

const headers = { [CLIENT_HEADER]: '1' };

export function createRounds(deps: RoundDeps) {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const now = deps.now ?? Date.now;
  const state: RoundState = { current: null, paid: [], unpaid: null };
  let timer: unknown = null;
  let player: string | null = null;
  let stopped = false;
  let generation = 0;

  const schedule = (fn: () => void, ms: number) => { if (timer !== null) clearTimer(timer); timer = setTimer(fn, Math.max(0, ms)); };

  async function start(): Promise<void> {
    const mine = ++generation;
    state.current = null;
    const answer = await doFetch(startDemoRound.path, { method: 'POST', headers, credentials: 'same-origin' }).catch(() => null);
    if (stopped || mine !== generation) return;
    if (!answer || !answer.ok) {
      const unpaid = answer?.status === 401 ? 'signedOut' : 'off';
      if (state.unpaid !== unpaid) deps.log(unpaid === 'signedOut' ? 'Sign in to be paid for rounds (XP and TripCoins)' : 'Rounds are not paid on this server');
      state.unpaid = unpaid;
      return;
    }
    const round = startDemoRound.response.parse(await answer.json());
    state.unpaid = null;
    state.current = { roundId: round.roundId, endsAt: round.endsAt, tripcoins: round.tripcoins, xp: round.xp };
    deps.log(`Round started: ${round.seconds} s for +${round.xp} XP and Ŧ${round.tripcoins}`);
    deps.onRound?.('started');
    schedule(() => void finish(round.roundId, mine), Date.parse(round.endsAt) - now() + 100);
  }

  async function finish(roundId: string, mine: number): Promise<void> {
    deps.onRound?.('over');
    const answer = await doFetch(finishDemoRound.path.replace(':id', encodeURIComponent(roundId)), { method: 'POST', headers, credentials: 'same-origin' }).catch(() => null);
    if (stopped || mine !== generation) return;
    if (answer?.ok) {
      const paid = finishDemoRound.response.parse(await answer.json());
      state.paid.push({ roundId, tripcoins: paid.tripcoins, xp: paid.xp, balance: paid.balance, level: paid.level });
      deps.log(`Round over: +${paid.xp} XP, +Ŧ${paid.tripcoins} (balance Ŧ${paid.balance}, level ${paid.level})`);
    } else deps.log(`Round not paid (${answer ? answer.status : 'no answer'})`);
    void start();
  }

  return {
    state: (): RoundState => ({ current: state.current, paid: [...state.paid], unpaid: state.unpaid }),
    /** The shell told the game who plays: a new player starts a fresh round. */
    player(username: string | null): void {
      if (username === player) return;
      player = username;
      void start();
    },
    stop(): void {
      stopped = true;
      if (timer !== null) clearTimer(timer);
    },
  };
}
