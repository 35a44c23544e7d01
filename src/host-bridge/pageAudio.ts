// The page's own audio, muted from outside the game: a host's mute (the portal's setting) and an
// ad reach every Web Audio context and media element the page creates, so a build without our
// C# receiver is muted too. Installed by app/gameStart.ts before the build's loader runs, it tracks each
// AudioContext made from then on and each media element that plays (or is in the document).
//
// Muting suspends the running contexts and mutes the media elements; unmuting restores exactly
// what the page wanted meanwhile: a context the game suspended (before or during the mute) stays
// suspended, one it resumed during the mute is resumed; a paused element stays paused (muting
// never pauses), and an element the game muted itself stays muted. Reasons compose: the page is
// muted while any reason holds (the host's mute and an ad's are two).
export type MuteReason = 'host' | 'ad' | (string & {});

export interface PageAudio {
  /** Mutes the page for this reason (again for the same reason: nothing more). */
  mute(reason: MuteReason): void;
  /** Lifts this reason; the page's audio comes back when no reason is left. */
  unmute(reason: MuteReason): void;
  isMuted(): boolean;
  /** The reasons holding the mute now. */
  reasons(): readonly MuteReason[];
}

interface TrackedContext {
  /** What the page asked for last: 'running' or 'suspended' (a closed context is dropped). */
  wanted: 'running' | 'suspended';
  suspend: () => Promise<void>;
  resume: () => Promise<void>;
}

type AudioContextClass = typeof AudioContext;
type AudioWindow = Window & { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass; HTMLMediaElement?: typeof HTMLMediaElement };

const INSTALLED = Symbol.for('tripshell.pageAudio');

export function installPageAudio(win: Window, log: Pick<Console, 'warn'> = console): PageAudio {
  const w = win as AudioWindow & { [INSTALLED]?: PageAudio };
  const existing = w[INSTALLED];
  if (existing) return existing;
  const reasons = new Set<MuteReason>();
  const contexts = new Map<BaseAudioContext, TrackedContext>();
  const media = new Set<HTMLMediaElement>();
  /** The page's own `muted` for each element while we hold it muted. */
  const ownMuted = new WeakMap<HTMLMediaElement, boolean>();
  const muted = () => reasons.size > 0;
  const quiet = (promise: Promise<void>) => { promise.catch((error: unknown) => log.warn('page audio:', error)); };

  const track = (context: AudioContext) => {
    const suspend = context.suspend.bind(context);
    const resume = context.resume.bind(context);
    const entry: TrackedContext = { wanted: context.state === 'suspended' ? 'suspended' : 'running', suspend, resume };
    contexts.set(context, entry);
    // The page's own calls: while muted they only say what it wants once the mute lifts.
    context.suspend = () => { entry.wanted = 'suspended'; return muted() ? Promise.resolve() : suspend(); };
    context.resume = () => { entry.wanted = 'running'; return muted() ? Promise.resolve() : resume(); };
    context.addEventListener('statechange', () => {
      if (context.state === 'closed') contexts.delete(context);
      else if (context.state === 'running' && muted()) quiet(suspend()); // a resume that was under way
    });
    if (muted() && context.state !== 'closed') quiet(suspend());
  };

  for (const name of ['AudioContext', 'webkitAudioContext'] as const) {
    const Original = w[name];
    if (typeof Original !== 'function') continue;
    const Tracked = class extends Original {
      constructor(...args: ConstructorParameters<AudioContextClass>) {
        super(...args);
        track(this);
      }
    };
    Object.defineProperty(Tracked, 'name', { value: Original.name });
    w[name] = Tracked;
  }

  const Media = w.HTMLMediaElement;
  const mutedProperty = Media ? Object.getOwnPropertyDescriptor(Media.prototype, 'muted') : undefined;
  const setMuted = (element: HTMLMediaElement, value: boolean) => { mutedProperty?.set?.call(element, value); };
  const getMuted = (element: HTMLMediaElement): boolean => Boolean(mutedProperty?.get?.call(element));
  const hold = (element: HTMLMediaElement) => {
    if (ownMuted.has(element)) return;
    ownMuted.set(element, getMuted(element));
    setMuted(element, true);
  };
  if (Media && mutedProperty?.get && mutedProperty.set) {
    Object.defineProperty(Media.prototype, 'muted', {
      configurable: true,
      enumerable: mutedProperty.enumerable ?? true,
      get(this: HTMLMediaElement) { return ownMuted.has(this) ? Boolean(ownMuted.get(this)) : getMuted(this); },
      set(this: HTMLMediaElement, value: boolean) {
        if (ownMuted.has(this)) ownMuted.set(this, Boolean(value));
        else setMuted(this, value);
      },
    });
    const play = Media.prototype.play;
    Media.prototype.play = function (this: HTMLMediaElement) {
      media.add(this);
      if (muted()) hold(this);
      return play.call(this);
    };
  }

  const elements = (): HTMLMediaElement[] => {
    const inDocument = win.document ? [...win.document.querySelectorAll<HTMLMediaElement>('audio, video')] : [];
    for (const element of inDocument) media.add(element);
    return [...media];
  };

  const apply = () => {
    if (muted()) {
      for (const [context, entry] of contexts) if (context.state === 'running') quiet(entry.suspend());
      for (const element of elements()) hold(element);
      return;
    }
    for (const [context, entry] of contexts) if (entry.wanted === 'running' && context.state === 'suspended') quiet(entry.resume());
    for (const element of elements()) {
      if (!ownMuted.has(element)) continue;
      const own = Boolean(ownMuted.get(element));
      ownMuted.delete(element);
      setMuted(element, own);
    }
  };

  const api: PageAudio = {
    mute(reason) {
      const was = muted();
      reasons.add(reason);
      if (!was) apply();
    },
    unmute(reason) {
      if (!reasons.delete(reason) || muted()) return;
      apply();
    },
    isMuted: muted,
    reasons: () => [...reasons],
  };
  w[INSTALLED] = api;
  return api;
}
