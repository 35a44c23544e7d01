// The host API's presence: a default from the shell's own state ("In the menu" before play and
// while an overlay or an ad is up, "Playing" in play) under the game's own fields, which win while
// it has set them. Pushed to the host only when it changed (or when the game sets it).
import type { HostAnswer } from '../../contract/game';
import type { HostAdapter, Presence } from '../../hosts/types';

/** The shell's own presence, from its state. */
export const DEFAULT_PRESENCE = { menu: 'In the menu', playing: 'Playing' } as const;

export interface ApiPresenceDeps {
  adapter: HostAdapter;
  /** The player is in play now (the shell's state and the game's own, no ad). */
  playing: () => boolean;
  now: () => number;
}

export function createApiPresence(deps: ApiPresenceDeps) {
  const { adapter, now } = deps;
  let gamePresence: Presence | null = null;
  let playStartedAt: number | null = null;
  let lastPresence = '';
  const presence = (): Presence => {
    const playing = deps.playing();
    if (playing) playStartedAt ??= now();
    const base: Presence = playing ? { details: DEFAULT_PRESENCE.playing, startedAt: playStartedAt ?? now() } : { details: DEFAULT_PRESENCE.menu };
    return { ...base, ...gamePresence };
  };
  const push = async (force = false): Promise<HostAnswer<'setPresence'>> => {
    if (!adapter.setPresence) return { status: 'done', value: { shown: false } };
    const next = presence();
    const key = JSON.stringify(next);
    if (!force && key === lastPresence) return { status: 'done', value: { shown: true } };
    lastPresence = key;
    const answer = await adapter.setPresence(next);
    if (answer.status !== 'done') lastPresence = ''; // try again at the next change
    return answer;
  };
  return {
    push,
    /** The game's own fields (null: the shell's default alone). */
    setGame(fields: Presence | null): Promise<HostAnswer<'setPresence'>> {
      gamePresence = fields && Object.keys(fields).length > 0 ? fields : null;
      return push(true);
    },
    changed(): void { void push().catch(() => undefined); },
  };
}
