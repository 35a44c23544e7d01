// Wires the page's UI sounds (src/ui/sounds.ts): loudness from the settings
// store's master and sound effects volumes, silence while the page's audio is muted (the host's
// mute or an ad, pageAudio.ts), and a click sound for the shell's controls. Once per page.
import { browserSoundEnvironment, createSoundPlayer, installClickSounds, setSoundPlayer } from '../ui/sounds';
import type { PageAudio } from '../host-bridge/pageAudio';
import type { SettingsStore } from '../settings-store/store';

let started = false;

export function startUiSounds(win: Window, store: Pick<SettingsStore, 'getValues'>, audio: Pick<PageAudio, 'isMuted'>): void {
  if (started) return;
  started = true;
  setSoundPlayer(createSoundPlayer(browserSoundEnvironment(win, {
    volumes: () => store.getValues(),
    muted: () => audio.isMuted(),
  }, import.meta.env.BASE_URL)));
  installClickSounds(win.document);
}
