// The page's start, in order, each step one call into its owner. src/main.ts only calls
// startPage. This file and gameStart.ts are the page's first chunk and stay small (no xstate, no
// Lingui, no React: tests/e2e/shell-budget.spec.ts checks it); the steps after the game are the
// shell chunk's (shellStart.ts), asked for at once and run as soon as it is in.
//
//   0. the session check and the window's hooks and message queue (game-link/earlyHooks.ts), and
//      the browser paints index.html's loading screen, flat: nothing else runs before that first
//      paint (lib/afterFirstPaint.ts, the page's one such wait: none where the page painted while
//      the entry was on its way, and over as soon as the browser reports the paint).
//   1. the game: its canvas, its loader and code, createUnityInstance, the page's audio
//      (gameStart.ts); on a host with a gate, its download waits for step 3's.
//   2. the loading screen's effects (features/loading/effects.ts).
//   3. the host: its adapter and API, the loading actor, the answers to the game's early hooks, the
//      gate the game's download waits for where the host has one (shellStart.ts, bootShell).
//   4. the player's language: its first texts, under 1 KiB (settings-store/language.ts).
//   5. the sign-in at start, where the host signs the player in: React's part and the whole
//      catalog asked for now, as the game waits for them (shellStart.ts, prepareSignIn).
//   6. the shell: after the first paint, the loading screen alive in the player's language, then
//      React's part when it is wanted, and from there the second chunk and its preloads
//      (shellStart.ts, showShell; mountShell.tsx; App.tsx).
//
// Every wait is bounded: the game starts anyway. The studio's console (/admin) is its own lazily
// loaded chunk and never starts the game (src/admin/console.tsx).
import { showLoadingEffects } from '../features/loading/effects';
import { afterFirstPaint, afterPagePainted } from '../lib/afterFirstPaint';
import { reportFailure, startErrorReporting } from '../reporting/errorReporting';
import { installEarlyHooks, startGame, startSessionCheck, type EarlyHooks } from './gameStart';
import { outsideRequestAllowed } from '../../hosts/outside';

const ADMIN_PATH = /^\/admin(\/|$)/;

/** Starts the page: the console under /admin, else the game and the shell around it. */
export function startPage(win: Window, root: HTMLElement): void {
  if (ADMIN_PATH.test(win.location.pathname)) {
    startErrorReporting(win, { host: 'web', surface: 'console' });
    void import('../admin/console').then(({ mountConsole }) => mountConsole(root), (error: unknown) => {
      console.error('The console failed to load:', error);
      reportFailure(error, 'console-chunk');
    });
    return;
  }
  // 0. The session check goes out with the page (the sign-in waits for its answer, nothing waits
  // for it here); everything else waits for the first paint. The game's loader, its code and the
  // entry's own work, run before it, held that paint back to 1.6-1.9x a blank page's on a 2-core
  // machine; a real build's start read the same either way, within that machine's noise
  // (docs/performance.md).
  startSessionCheck();
  // The window's hooks and message listener are in before the paint too (a listener and a queue):
  // the page's load event can come before its first paint on a busy machine, and a message
  // heard then (from the host's frame, from anything that runs once the page has loaded) is kept
  // for the shell, not lost.
  const early = installEarlyHooks(win);
  afterPagePainted(win, () => { startAfterFirstPaint(win, root, early); });
}

function startAfterFirstPaint(win: Window, root: HTMLElement, early: EarlyHooks): void {
  // 1. The game.
  const game = startGame(win, early);
  // After the game's start: only where the page data carries a DSN (errors we hear about).
  startErrorReporting(win, { host: game.detected.kind, surface: 'shell' }, undefined, (url) => outsideRequestAllowed(game.detected, url, win.location.origin));
  // 2. The loading screen's effects, its flat first frame being on screen.
  showLoadingEffects(root);
  const afterPaint = (start: () => void) => { afterFirstPaint(win, start); };
  void import('./shellStart').then((shell) => {
    // 3. The host (and what answers the game).
    const boot = shell.bootShell(win, game);
    // 4. The player's language.
    const language = shell.startLanguage(win);
    // 5. The sign-in at start.
    shell.prepareSignIn(boot, language);
    // 6. The shell around the game.
    shell.showShell(root, boot, language, afterPaint);
  }, (error: unknown) => {
    // The game goes on without the shell's loading screen and overlays (its loader's own errors
    // are the controller's); a reload brings the shell back.
    console.error('The shell failed to load:', error);
    reportFailure(error, 'shell-chunk');
  });
}
