// The shell's UI sounds (src/ui/sounds.ts): loudness is master × effects, and
// a sound stays silent (not even loaded) while the page is muted (the host's mute, an ad:
// pageAudio.ts, the real one here), hidden, or at volume 0. Toasts and clicks play through it.
import { afterEach, describe, expect, it } from 'vitest';
import { browserSoundEnvironment, createSoundPlayer, installClickSounds, playSound, setSoundPlayer, soundGain, type SoundContext, type SoundEnvironment, type SoundPlayer, type SoundVolumes, type UiSound } from '../../src/ui/sounds';
import { installPageAudio } from '../../src/host-bridge/pageAudio';
import { showToast } from '../../src/ui/toast';

/** A stand-in for an AudioContext: what started, at which gain. */
class FakeContext implements SoundContext {
  state = 'running';
  readonly destination = {} as AudioNode;
  readonly started: Array<{ buffer: unknown; gain: number }> = [];
  resumed = 0;
  resume() { this.resumed += 1; this.state = 'running'; return Promise.resolve(); }
  decodeAudioData(data: ArrayBuffer) { return Promise.resolve({ decodedFrom: data } as unknown as AudioBuffer); }
  createGain() {
    return { gain: { value: 1 }, connect: () => undefined } as unknown as GainNode;
  }
  createBufferSource() {
    const source = {
      buffer: null as unknown,
      gainNode: null as { gain: { value: number } } | null,
      connect: (node: { gain: { value: number } }) => { source.gainNode = node; return node; },
      start: () => { this.started.push({ buffer: source.buffer, gain: source.gainNode?.gain.value ?? 1 }); },
    };
    return source as unknown as AudioBufferSourceNode;
  }
}

function environment(over: Partial<{ volumes: SoundVolumes; muted: () => boolean; hidden: () => boolean; fail: number }> = {}) {
  const context = new FakeContext();
  const loads: UiSound[] = [];
  let failures = over.fail ?? 0;
  let contexts = 0;
  const env: SoundEnvironment = {
    volumes: () => over.volumes ?? { masterVolume: 80, sfxVolume: 90 },
    muted: over.muted ?? (() => false),
    hidden: over.hidden ?? (() => false),
    createContext: () => { contexts += 1; return context; },
    load: (name) => {
      loads.push(name);
      if (failures > 0) { failures -= 1; return Promise.reject(new Error('offline')); }
      return Promise.resolve(new ArrayBuffer(8));
    },
  };
  return { env, context, loads, contexts: () => contexts };
}

describe('soundGain', () => {
  it('is master × effects, each a percentage', () => {
    expect(soundGain({ masterVolume: 80, sfxVolume: 90 })).toBeCloseTo(0.72);
    expect(soundGain({ masterVolume: 100, sfxVolume: 100 })).toBe(1);
    expect(soundGain({ masterVolume: 50, sfxVolume: 50 })).toBeCloseTo(0.25);
  });
  it('is 0 when either is 0, and clamps what is out of range', () => {
    expect(soundGain({ masterVolume: 0, sfxVolume: 100 })).toBe(0);
    expect(soundGain({ masterVolume: 100, sfxVolume: 0 })).toBe(0);
    expect(soundGain({ masterVolume: 150, sfxVolume: 50 })).toBeCloseTo(0.5);
    expect(soundGain({ masterVolume: -10, sfxVolume: 50 })).toBe(0);
    expect(soundGain({ masterVolume: Number.NaN, sfxVolume: 50 })).toBe(0);
  });
});

describe('createSoundPlayer', () => {
  it('plays at master × effects, loading each file once and only when first played', async () => {
    const { env, context, loads, contexts } = environment();
    const player = createSoundPlayer(env);
    expect(loads).toEqual([]);
    expect(contexts()).toBe(0);
    expect(await player.play('click')).toBe(true);
    expect(await player.play('click')).toBe(true);
    expect(loads).toEqual(['click']);
    expect(contexts()).toBe(1);
    expect(context.started).toHaveLength(2);
    expect(context.started[0]!.gain).toBeCloseTo(0.72);
  });

  it('follows a volume change at the next play', async () => {
    let volumes: SoundVolumes = { masterVolume: 100, sfxVolume: 100 };
    const { env, context } = environment();
    const player = createSoundPlayer({ ...env, volumes: () => volumes });
    await player.play('toast');
    volumes = { masterVolume: 50, sfxVolume: 40 };
    await player.play('toast');
    expect(context.started.map((s) => s.gain)).toEqual([1, expect.closeTo(0.2) as number]);
  });

  it('is silent and loads nothing at volume 0', async () => {
    const { env, context, loads, contexts } = environment({ volumes: { masterVolume: 0, sfxVolume: 90 } });
    const player = createSoundPlayer(env);
    expect(player.audible()).toBe(false);
    expect(await player.play('purchase')).toBe(false);
    expect(loads).toEqual([]);
    expect(contexts()).toBe(0);
    expect(context.started).toEqual([]);
  });

  it('is silent while the page is hidden', async () => {
    let hidden = true;
    const { env, context, loads } = environment({ hidden: () => hidden });
    const player = createSoundPlayer(env);
    expect(await player.play('reveal')).toBe(false);
    expect(loads).toEqual([]);
    hidden = false;
    expect(await player.play('reveal')).toBe(true);
    expect(context.started).toHaveLength(1);
  });

  it("is silent while the page's audio is muted for the host or an ad (pageAudio's reasons), and plays again once both are lifted", async () => {
    const pageAudio = installPageAudio({} as Window);
    const { env, context, loads } = environment({ muted: () => pageAudio.isMuted() });
    const player = createSoundPlayer(env);
    pageAudio.mute('host');
    expect(await player.play('click')).toBe(false);
    pageAudio.mute('ad');
    pageAudio.unmute('host');
    expect(await player.play('click')).toBe(false);
    expect(loads).toEqual([]);
    pageAudio.unmute('ad');
    expect(await player.play('click')).toBe(true);
    expect(context.started).toHaveLength(1);
  });

  it('does not start a sound whose file finished loading after the page was muted', async () => {
    let muted = false;
    let release: (data: ArrayBuffer) => void = () => undefined;
    const { env, context } = environment({ muted: () => muted });
    const player = createSoundPlayer({ ...env, load: () => new Promise((resolve) => { release = resolve; }) });
    const playing = player.play('reveal');
    muted = true;
    release(new ArrayBuffer(8));
    expect(await playing).toBe(false);
    expect(context.started).toEqual([]);
  });

  it('resumes a context the browser started suspended (autoplay rule)', async () => {
    const { env, context } = environment();
    context.state = 'suspended';
    expect(await createSoundPlayer(env).play('click')).toBe(true);
    expect(context.resumed).toBe(1);
  });

  it('tries a file that failed to load again at the next play', async () => {
    const { env, context, loads } = environment({ fail: 1 });
    const player = createSoundPlayer(env);
    expect(await player.play('toast')).toBe(false);
    expect(await player.play('toast')).toBe(true);
    expect(loads).toEqual(['toast', 'toast']);
    expect(context.started).toHaveLength(1);
  });

  it('stays silent where the browser has no Web Audio', async () => {
    const { env } = environment();
    expect(await createSoundPlayer({ ...env, createContext: () => null }).play('click')).toBe(false);
  });
});

describe('the browser environment', () => {
  it('says the page is hidden from document.visibilityState and loads /sounds/<name>.wav under the base', async () => {
    const fetched: string[] = [];
    let state = 'visible';
    const win = {
      document: { get visibilityState() { return state; } },
      fetch: (url: string) => { fetched.push(url); return Promise.resolve(new Response(new ArrayBuffer(4))); },
    } as unknown as Window;
    const env = browserSoundEnvironment(win, { volumes: () => ({ masterVolume: 1, sfxVolume: 1 }), muted: () => false }, '/shell/');
    expect(env.hidden()).toBe(false);
    state = 'hidden';
    expect(env.hidden()).toBe(true);
    expect((await env.load('purchase')).byteLength).toBe(4);
    expect(fetched).toEqual(['/shell/sounds/purchase.wav']);
  });
});

describe('what plays a sound', () => {
  const heard: UiSound[] = [];
  const spy: SoundPlayer = { audible: () => true, play: (name) => { heard.push(name); return Promise.resolve(true); } };
  afterEach(() => { setSoundPlayer(null); heard.length = 0; document.body.innerHTML = ''; });

  it('playSound is silent before the page sets a player, then plays through it', () => {
    playSound('click');
    expect(heard).toEqual([]);
    setSoundPlayer(spy);
    playSound('click');
    expect(heard).toEqual(['click']);
  });

  it('a toast plays the toast sound, an error toast the error sound, a purchase its own', () => {
    setSoundPlayer(spy);
    showToast({ message: 'Saved' });
    showToast({ message: 'Nope', tone: 'error' });
    showToast({ message: 'Bought', tone: 'success', sound: 'purchase' });
    showToast({ message: 'Quiet', sound: false });
    expect(heard).toEqual(['toast', 'error', 'purchase']);
  });

  it("a click on an enabled control of the shell plays 'click'; a disabled one, plain text, or data-sound=\"off\" does not", () => {
    document.body.innerHTML = `<button id="ok"><span id="inner">OK</span></button><button id="off" disabled>Off</button>
      <div role="tab" id="tab">Tab</div><p id="text">text</p><button id="own" data-sound="off">Own</button>`;
    const uninstall = installClickSounds(document, (name) => heard.push(name));
    for (const id of ['inner', 'off', 'tab', 'text', 'own']) document.getElementById(id)!.click();
    expect(heard).toEqual(['click', 'click']);
    uninstall();
    document.getElementById('ok')!.click();
    expect(heard).toHaveLength(2);
  });
});
