// The first screen around a game that has started already (src/main.ts, gameStart.ts), in order
// of urgency and all in plain DOM: what answers the game (the loading actor, the host, the hooks'
// answers: bootShell), index.html's loading screen kept alive from the loading actor, the
// player's language for its words. React and the first screen's components are not in this
// chunk: they render after the game's first frame (or, on a host that signs the player in at
// start, as soon as the texts are in, as before), and everything else follows lazily from there.
import { loadApp } from './appChunk';
import { bootShell, type ShellBoot } from './boot';
import type { GameStart } from './gameStart';
import { whenReactWanted } from './reactWanted';
import { driveLoadingScreen } from '../features/loading/domScreen';
import { startI18n, subscribeLocale, whenCatalogComplete } from '../i18n';
import { afterFirstPaint } from '../lib/afterFirstPaint';
import { storedLanguageChoice } from '../settings-store/language';

const mountChunk = () => import('./mountShell');

function startShell(root: HTMLElement, shell: ShellBoot, language: Promise<void>): void {
  const screen = driveLoadingScreen(root, shell.loading, window);

  // A lazily loaded chunk failed to load (typically a deploy replaced it). No reload in the middle
  // of a game: the error reaches the lazy component, whose boundary keeps the game running.
  window.addEventListener('vite:preloadError', (event) => {
    console.warn('A part of the shell failed to load:', event.payload);
  });

  // The player's language (only the loading screen's texts of its catalog, under 1 KiB; the rest
  // follows before the overlays). Until then index.html's first frame shows no words.
  // The host's language may arrive later (Discord's user locale, the portal's): the words follow,
  // once a language is active (Lingui reports a catalog's loading too, before any is active).
  let stopFollowingLocale = () => undefined as void;
  const texts = language.then(() => {
    screen.localize();
    stopFollowingLocale = subscribeLocale(() => { screen.localize(); });
  });

  // React after the game's first frame, so neither its download nor its first render competes
  // with the game's; sooner when an overlay or modal is asked for over the loading screen, or a
  // long download has run a while; at once on a host that signs the player in at start, whose
  // game waits for the second chunk (boot.ts). The rule: src/app/reactWanted.ts.
  const wanted = whenReactWanted(shell);
  void Promise.all([texts, wanted])
    .then(mountChunk)
    .then(({ mountShell }) => {
      mountShell(root, shell, () => {
        stopFollowingLocale();
        screen.stop();
      });
    }, (error: unknown) => {
      // The plain-DOM loading screen goes on and hides when the game completes: the game runs without the overlays.
      console.error('The shell failed to start:', error);
    });
}

/** Everything of the first screen around the started game; the rest waits for the loading screen's first paint. */
export function startShellAround(root: HTMLElement, game: GameStart): void {
  const shell = bootShell(game.win, { game, appChunk: loadApp });
  // The player's language is asked for now too (its first texts are under 1 KiB).
  const language = startI18n(game.win, storedLanguageChoice(game.win));
  // On a host that signs the player in at start, what that sign-in needs besides the second chunk
  // (asked for by boot.ts) is asked for now, as the game waits for it anyway: React's part and
  // the whole catalog (Shell waits for it before it renders the second chunk, whose accounts sign
  // the player in).
  if (shell.signInAtStart) {
    void mountChunk().catch(() => undefined);
    void language.then(() => whenCatalogComplete());
  }
  afterFirstPaint(game.win, () => { startShell(root, shell, language); });
}
