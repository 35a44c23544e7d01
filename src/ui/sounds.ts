// The shell's UI sounds: clicks, toasts, purchases and the crate reveal, from
// the small files scripts/gen-sounds.mjs makes (public/sounds/*.wav, 16 KiB in all). Nothing is
// fetched before a sound first plays: the audio context and each file are made and loaded on the
// first play of it, never on the first screen's path.
//
// Loudness follows the settings: master volume × sound effects volume (both 0–100). A sound is
// silent (not even loaded) while the page is muted (the host's mute or an ad: pageAudio.ts's
// reasons 'host' and 'ad'), while the page is hidden, or when the volume is 0; the same is
// asked again once the file has loaded, so a sound never starts late into a mute.
//
// The page wires one player (src/app/uiSounds.ts); features call `playSound(name)`, which does
// nothing before that (tests, the first screen).

export const UI_SOUNDS = ['click', 'tick', 'toast', 'error', 'purchase', 'reveal'] as const;
export type UiSound = (typeof UI_SOUNDS)[number];

export interface SoundVolumes {
  /** 0–100: the Audio section's Master Volume. */
  masterVolume: number;
  /** 0–100: the Audio section's Sound Effects Volume. */
  sfxVolume: number;
}

const unit = (percent: number) => (Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) / 100 : 0);

/** The gain a UI sound plays at (0–1): master × effects, each clamped to 0–100 %. */
export function soundGain(volumes: SoundVolumes): number {
  return unit(volumes.masterVolume) * unit(volumes.sfxVolume);
}

/** The part of Web Audio the player uses (a real AudioContext is one). */
export interface SoundContext {
  readonly state: string;
  readonly destination: AudioNode;
  resume(): Promise<void>;
  decodeAudioData(data: ArrayBuffer): Promise<AudioBuffer>;
  createBufferSource(): AudioBufferSourceNode;
  createGain(): GainNode;
}

export interface SoundEnvironment {
  volumes(): SoundVolumes;
  /** The page's mute (pageAudio: the host's or an ad's). */
  muted(): boolean;
  /** Whether the page is hidden (another tab, minimized). */
  hidden(): boolean;
  /** Made on the first audible play; null where the browser has no Web Audio. */
  createContext(): SoundContext | null;
  load(name: UiSound): Promise<ArrayBuffer>;
}

export interface SoundPlayer {
  /** Plays `name` when audible: resolves true when it started, false when it stayed silent. */
  play(name: UiSound): Promise<boolean>;
  /** Whether a sound would be heard now (volume above 0, not muted, page shown). */
  audible(): boolean;
}

export function createSoundPlayer(env: SoundEnvironment): SoundPlayer {
  let context: SoundContext | null | undefined;
  const buffers = new Map<UiSound, Promise<AudioBuffer>>();
  const audible = () => soundGain(env.volumes()) > 0 && !env.muted() && !env.hidden();

  const buffer = (ctx: SoundContext, name: UiSound): Promise<AudioBuffer> => {
    let pending = buffers.get(name);
    if (!pending) {
      pending = env.load(name).then((data) => ctx.decodeAudioData(data));
      // A failed load (offline, a bad file) is tried again at the next play, not cached.
      pending.catch(() => { buffers.delete(name); });
      buffers.set(name, pending);
    }
    return pending;
  };

  return {
    audible,
    async play(name) {
      if (!audible()) return false;
      if (context === undefined) context = env.createContext();
      const ctx = context;
      if (!ctx) return false;
      let decoded: AudioBuffer;
      try {
        decoded = await buffer(ctx, name);
      } catch {
        return false;
      }
      // Asked again: the page may have been muted or hidden, or the volume set to 0, meanwhile.
      const gain = soundGain(env.volumes());
      if (gain <= 0 || env.muted() || env.hidden()) return false;
      if (ctx.state === 'suspended') await ctx.resume().catch(() => undefined);
      if (ctx.state !== 'running') return false;
      const source = ctx.createBufferSource();
      const level = ctx.createGain();
      source.buffer = decoded;
      level.gain.value = gain;
      source.connect(level);
      level.connect(ctx.destination);
      source.start();
      return true;
    },
  };
}

/** The browser's environment: Web Audio, the sound files served beside the shell, the page's visibility. */
export function browserSoundEnvironment(win: Window, options: Pick<SoundEnvironment, 'volumes' | 'muted'>, base = '/'): SoundEnvironment {
  type AudioWindow = Window & { AudioContext?: new () => SoundContext; webkitAudioContext?: new () => SoundContext };
  const w = win as AudioWindow;
  return {
    ...options,
    hidden: () => win.document.visibilityState === 'hidden',
    createContext: () => {
      const Context = w.AudioContext ?? w.webkitAudioContext;
      return Context ? new Context() : null;
    },
    load: async (name) => {
      const response = await win.fetch(`${base}sounds/${name}.wav`);
      if (!response.ok) throw new Error(`sound ${name}: ${response.status}`);
      return response.arrayBuffer();
    },
  };
}

let current: SoundPlayer | null = null;

/** Sets (or, with null, removes) the page's player; returns the one it replaced. */
export function setSoundPlayer(player: SoundPlayer | null): SoundPlayer | null {
  const previous = current;
  current = player;
  return previous;
}

/** Plays a UI sound through the page's player; nothing before one is set, never throws. */
export function playSound(name: UiSound): void {
  current?.play(name).catch(() => undefined);
}

/** What a click sound answers: the shell's own controls (never the game's canvas). */
const CLICKABLE = 'button, [role="button"], [role="tab"], [role="radio"], [role="switch"], [role="checkbox"], [role="menuitem"], [role="option"], a[href]';

/**
 * A click sound for every enabled control of the shell, from one listener on the document.
 * A control (or an ancestor) with data-sound="off" stays silent: a control that plays its own sound.
 */
export function installClickSounds(doc: Document, play: (name: UiSound) => void = playSound): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(CLICKABLE) : null;
    if (!target || target.closest('[data-sound="off"]')) return;
    if (target.matches(':disabled, [aria-disabled="true"]')) return;
    play('click');
  };
  doc.addEventListener('click', onClick, true);
  return () => doc.removeEventListener('click', onClick, true);
}
