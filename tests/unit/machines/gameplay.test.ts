import { describe, expect, it } from 'vitest';
import { inPlay, lifecycleCalls, lifecycleOf, type GameplayInputs, type HostLifecycle } from '../../../machines/gameplay';
import { GAMEPLAY_STATES } from '../../../contract/hostApi';

const ready: GameplayInputs = { shell: 'ready', overlayOpen: false, adRunning: false, game: 'play' };

/** Feeds the inputs in order, as the wiring does, and collects what the host hears. */
function heard(steps: GameplayInputs[]): string[] {
  let told: HostLifecycle | null = null;
  const out: string[] = [];
  for (const step of steps) {
    const next = lifecycleOf(step);
    out.push(...lifecycleCalls(told, next));
    if (next) told = next;
  }
  return out;
}

describe('gameplay as the host hears it', () => {
  it('is play only while the game and the shell both say play', () => {
    for (const game of GAMEPLAY_STATES) {
      for (const overlayOpen of [false, true]) {
        for (const adRunning of [false, true]) {
          const inputs = { ...ready, game, overlayOpen, adRunning };
          expect(inPlay(inputs), JSON.stringify(inputs)).toBe(game === 'play' && !overlayOpen && !adRunning);
        }
      }
    }
    expect(inPlay({ ...ready, shell: 'loading' })).toBe(false);
    expect(inPlay({ ...ready, shell: 'failed' })).toBe(false);
  });

  it('tells the first download, then play; a menu, a round end and a death screen stop it', () => {
    expect(heard([
      { ...ready, shell: 'loading' }, { ...ready, shell: 'loading' }, ready,
      { ...ready, game: 'menu' }, ready, { ...ready, game: 'roundOver' }, { ...ready, game: 'death' }, ready,
    ])).toEqual(['loadingStart', 'loadingStop', 'gameplayStart', 'gameplayStop', 'gameplayStart', 'gameplayStop', 'gameplayStart']);
  });

  it('stops play before a level loads and starts it after the loading stopped', () => {
    expect(heard([ready, { ...ready, game: 'loading' }, ready])).toEqual(['loadingStart', 'loadingStop', 'gameplayStart', 'gameplayStop', 'loadingStart', 'loadingStop', 'gameplayStart']);
    // A level loading from the menu: play was already stopped.
    expect(heard([{ ...ready, game: 'menu' }, { ...ready, game: 'loading' }, { ...ready, game: 'menu' }])).toEqual(['loadingStart', 'loadingStop', 'loadingStart', 'loadingStop']);
  });

  it('says nothing for a change the host does not count (an overlay over the menu), nor after a failed load', () => {
    expect(heard([{ ...ready, game: 'menu' }, { ...ready, game: 'menu', overlayOpen: true }, { ...ready, game: 'menu' }])).toEqual(['loadingStart', 'loadingStop']);
    expect(heard([{ ...ready, shell: 'loading' }, { ...ready, shell: 'failed' }, { ...ready, shell: 'failed', game: 'menu' }])).toEqual(['loadingStart']);
  });

  it('gives a host that arrived after the loading screen went a loading that already ended', () => {
    expect(lifecycleCalls(null, lifecycleOf(ready))).toEqual(['loadingStart', 'loadingStop', 'gameplayStart']);
    expect(lifecycleCalls(null, lifecycleOf({ ...ready, overlayOpen: true }))).toEqual(['loadingStart', 'loadingStop']);
    expect(lifecycleCalls(null, lifecycleOf({ ...ready, game: 'loading' }))).toEqual(['loadingStart']);
  });
});
