// Gameplay as the host hears it: the shell's state (loading screen, overlays, an ad) combined
// with the game's own (the host API's `gameplay` call: play, its menu, a round's end, a death
// screen, a level loading). The host counts play only while both say play; loading is the shell's
// first download or a level the game loads. Pure: the wiring (src/host-bridge/hostWiring.ts) feeds
// it every change and tells the host adapter the calls it answers, in order, each once.
import type { GameplayState } from '../contract/hostApi';

export type ShellPhase = 'loading' | 'failed' | 'ready';

export interface GameplayInputs {
  /** The loading screen's phase: loading (and completing), failed, or gone. */
  shell: ShellPhase;
  overlayOpen: boolean;
  adRunning: boolean;
  /** What the game last said (a game that never said is in play). */
  game: GameplayState;
}

/** What the host is told: whether something is loading, whether the player plays. */
export interface HostLifecycle {
  loading: boolean;
  playing: boolean;
}

export type LifecycleCall = 'loadingStart' | 'loadingStop' | 'gameplayStart' | 'gameplayStop';

/** What the host should hear now. A failed load tells nothing more. */
export function lifecycleOf(inputs: GameplayInputs): HostLifecycle | null {
  if (inputs.shell === 'failed') return null;
  if (inputs.shell === 'loading') return { loading: true, playing: false };
  const loading = inputs.game === 'loading';
  return { loading, playing: !loading && inputs.game === 'play' && !inputs.overlayOpen && !inputs.adRunning };
}

/**
 * The calls that take the host from what it was told (null: nothing yet) to `next`: play stops
 * before a loading starts, a loading stops before play starts. The host's first news is always a
 * loading (one that already ended, where the adapter arrived after the loading screen went).
 */
export function lifecycleCalls(told: HostLifecycle | null, next: HostLifecycle | null): LifecycleCall[] {
  if (next === null) return [];
  const calls: LifecycleCall[] = [];
  const was = told ?? { loading: false, playing: false };
  if (told === null) {
    calls.push('loadingStart');
    if (!next.loading) calls.push('loadingStop');
    if (next.playing) calls.push('gameplayStart');
    return calls;
  }
  if (was.playing && !next.playing) calls.push('gameplayStop');
  if (!was.loading && next.loading) calls.push('loadingStart');
  if (was.loading && !next.loading) calls.push('loadingStop');
  if (!was.playing && next.playing) calls.push('gameplayStart');
  return calls;
}

/** Whether the player is in play now (the default presence's "Playing"). */
export const inPlay = (inputs: GameplayInputs): boolean => lifecycleOf(inputs)?.playing === true;
