// The page's own audio (src/host-bridge/pageAudio.ts): a host's mute reaches every AudioContext and
// media element the page made, whatever the build does with the shell's messages, and unmuting
// restores exactly what the page wanted.
import { describe, expect, it, vi } from 'vitest';
import { installPageAudio } from '../../src/host-bridge/pageAudio';
import { wireHost } from '../../src/host-bridge/hostWiring';
import type { HostAdapter } from '../../hosts/types';
import { flush } from '../support/async';

/** Stand-ins with the browser's shapes: AudioContext (state, suspend, resume, statechange) and HTMLMediaElement (muted on the prototype, play). */
function fakeWindow() {
  class FakeAudioContext extends EventTarget {
    state: AudioContextState;
    constructor() { super(); this.state = 'running'; }
    suspend(): Promise<void> { return this.set('suspended'); }
    resume(): Promise<void> { return this.set('running'); }
    close(): Promise<void> { return this.set('closed'); }
    private set(state: AudioContextState) {
      if (this.state !== state && this.state !== 'closed') { this.state = state; this.dispatchEvent(new Event('statechange')); }
      return Promise.resolve();
    }
  }
  const mutedOf = new WeakMap<object, boolean>();
  class FakeMedia {
    paused = true;
    play(): Promise<void> { this.paused = false; return Promise.resolve(); }
    pause(): void { this.paused = true; }
  }
  Object.defineProperty(FakeMedia.prototype, 'muted', {
    configurable: true, enumerable: true,
    get(this: object) { return mutedOf.get(this) ?? false; },
    set(this: object, v: boolean) { mutedOf.set(this, v); },
  });
  const win = { AudioContext: FakeAudioContext, HTMLMediaElement: FakeMedia, document: { querySelectorAll: () => [] } };
  /** What the element really does (the browser's own flag, under any wrapper). */
  const reallyMuted = (m: object) => mutedOf.get(m) ?? false;
  return { win, FakeMedia, reallyMuted };
}

type Ctx = { state: AudioContextState; suspend(): Promise<void>; resume(): Promise<void> };
type Media = { paused: boolean; muted: boolean; play(): Promise<void> };

describe('page audio', () => {
  it('suspends the running contexts a build made after install, and resumes only those', async () => {
    const { win } = fakeWindow();
    const audio = installPageAudio(win as unknown as Window);
    const AC = win.AudioContext as unknown as new () => Ctx;
    const playing = new AC();
    const gameSuspended = new AC();
    await gameSuspended.suspend(); // the game paused its own audio
    audio.mute('host');
    await flush();
    expect([playing.state, gameSuspended.state]).toEqual(['suspended', 'suspended']);
    audio.unmute('host');
    await flush();
    expect([playing.state, gameSuspended.state]).toEqual(['running', 'suspended']);
  });

  it('keeps what the page asks for during the mute for the unmute, and hears nothing meanwhile', async () => {
    const { win } = fakeWindow();
    const audio = installPageAudio(win as unknown as Window);
    const AC = win.AudioContext as unknown as new () => Ctx;
    const a = new AC();
    const b = new AC();
    await b.suspend();
    audio.mute('host');
    await a.suspend(); // the game pauses a during the mute
    await b.resume(); // and resumes b (Unity does on a click)
    expect(b.state).toBe('suspended');
    const late = new AC(); // made during the mute: silent at once
    await flush();
    expect(late.state).toBe('suspended');
    audio.unmute('host');
    await flush();
    expect([a.state, b.state, late.state]).toEqual(['suspended', 'running', 'running']);
  });

  it('mutes media elements without pausing them and restores each one\'s own muted flag', async () => {
    const { win, FakeMedia, reallyMuted } = fakeWindow();
    const audio = installPageAudio(win as unknown as Window);
    const music = new FakeMedia() as unknown as Media;
    const ownMuted = new FakeMedia() as unknown as Media;
    const paused = new FakeMedia() as unknown as Media;
    await music.play();
    ownMuted.muted = true;
    await ownMuted.play();
    await paused.play();
    (paused as unknown as { pause(): void }).pause();
    audio.mute('host');
    expect([reallyMuted(music), reallyMuted(ownMuted), reallyMuted(paused)]).toEqual([true, true, true]);
    expect(music.paused).toBe(false);
    expect(music.muted).toBe(false); // the page still sees its own choice
    music.muted = true; // and may change it: applied after the mute
    const started = new FakeMedia() as unknown as Media;
    await started.play();
    expect(reallyMuted(started)).toBe(true);
    audio.unmute('host');
    expect([reallyMuted(music), reallyMuted(ownMuted), reallyMuted(paused), reallyMuted(started)]).toEqual([true, true, false, false]);
    expect(paused.paused).toBe(true);
  });

  it('composes reasons: an ad and the host each hold the mute', async () => {
    const { win } = fakeWindow();
    const audio = installPageAudio(win as unknown as Window);
    const ctx = new (win.AudioContext as unknown as new () => Ctx)();
    audio.mute('host');
    audio.mute('ad');
    audio.unmute('ad');
    await flush();
    expect(ctx.state).toBe('suspended');
    expect(audio.reasons()).toEqual(['host']);
    audio.unmute('host');
    await flush();
    expect(ctx.state).toBe('running');
    expect(audio.isMuted()).toBe(false);
  });

  it('follows the host adapter\'s mute next to OnAudioMuted', async () => {
    const { win } = fakeWindow();
    const audio = installPageAudio(win as unknown as Window);
    const ctx = new (win.AudioContext as unknown as new () => Ctx)();
    let onMute: (muted: boolean) => void = () => undefined;
    const adapter = {
      kind: 'crazygames', hidden: new Set(), start: async () => undefined, login: async () => ({ kind: 'shellModal' }),
      connectWallet: () => 'unsupported', loadingStart: vi.fn(), loadingStop: vi.fn(), gameplayStart: vi.fn(), gameplayStop: vi.fn(),
      onMuteChange: (l: (m: boolean) => void) => { onMute = l; l(true); return () => undefined; },
    } as HostAdapter;
    const loading = { getSnapshot: () => ({ value: 'loading' }), subscribe: () => ({ unsubscribe: () => undefined }) };
    wireHost(adapter, {
      loading: loading as never, overlays: { isAnyOpen: () => false, subscribe: () => () => undefined } as never,
      link: { send: vi.fn() }, audio,
    });
    await flush();
    expect(ctx.state).toBe('suspended');
    onMute(false);
    await flush();
    expect(ctx.state).toBe('running');
  });
});
