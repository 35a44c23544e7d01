// Start-up in one table: the page's phases in order of urgency, what each starts, what it waits
// for and where it lives. src/main.ts only calls startPage; this chunk is the page's first and
// stays small (no xstate, no Lingui, no React: tests/e2e/shell-budget.spec.ts checks it).
//
// | phase            | starts                                                        | waits for                                                        | where                                  |
// |------------------|---------------------------------------------------------------|------------------------------------------------------------------|----------------------------------------|
// | 1. game first    | the canvas, createUnityInstance, the window hooks, page audio | the build's loader; the host gate where the host has one (3)     | gameStart.ts                           |
// | 2. session check | GET /api/whoami, before the game's download can queue it      | nothing                                                          | api/earlySession.ts, from gameStart.ts |
// | 3. host gate     | the host's adapter and API; the sign-in at start              | the host's SDK (startWaitMs), the second chunk and that sign-in (APP_CHUNK_WAIT_MS); on the web, the game's first frame | boot.ts (startHost, signInGate) |
// | 4. shell         | the loading screen in plain DOM, the player's language        | the loading screen's first paint                                 | shellStart.ts, boot.ts                 |
// | 5. React         | the second chunk (App.tsx): overlays, settings store, accounts | the game's first frame, an overlay asked for, a long download, or a sign-in at start | reactWanted.ts, mountShell.tsx |
//
// Every wait is bounded: the game starts anyway. What the game says before phase 5 is queued
// (game-link/earlyHooks.ts) and answered once React's part is in. The studio's console (/admin)
// is its own lazily loaded chunk and never starts the game (src/admin/console.tsx).
import { reportFailure, startErrorReporting } from '../reporting/errorReporting';
import { startGame } from './gameStart';
import { outsideRequestAllowed } from '../../hosts/outside';

const ADMIN_PATH = /^\/admin(\/|$)/;

/** Starts the page: the console under /admin, else the game (phases 1-2) and the shell around it (3-5). */
export function startPage(win: Window, root: HTMLElement): void {
  if (ADMIN_PATH.test(win.location.pathname)) {
    startErrorReporting(win, { host: 'web', surface: 'console' });
    void import('../admin/console').then(({ mountConsole }) => mountConsole(root), (error: unknown) => {
      console.error('The console failed to load:', error);
      reportFailure(error, 'console-chunk');
    });
    return;
  }
  const game = startGame(win);
  // After the game's start: only where the page data carries a DSN (errors we hear about).
  startErrorReporting(win, { host: game.detected.kind, surface: 'shell' }, undefined, (url) => outsideRequestAllowed(game.detected, url, win.location.origin));
  void import('./shellStart').then(({ startShellAround }) => { startShellAround(root, game); }, (error: unknown) => {
    // The game goes on without the shell's loading screen and overlays (its loader's own errors
    // are the controller's); a reload brings the shell back.
    console.error('The shell failed to load:', error);
    reportFailure(error, 'shell-chunk');
  });
}
