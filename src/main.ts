// Start-up, in order of urgency. This entry is small on purpose: it
// starts the game (src/app/gameStart.ts: its canvas, createUnityInstance once the build's loader
// is in, the hooks the game may call, the session check) before anything else of the shell is
// even evaluated, as a bare page would; the rest of the first screen (the loading screen kept
// alive, the player's language, then React) is src/app/shellStart.ts, downloaded alongside
// (index.html preloads it) and run right after. The studio's console (/admin) is its own lazily
// loaded chunk: the player's page never loads it, and the console never boots the game
// (src/admin/console.tsx).
import './ui/fonts.css';
import './game-link/GameCanvas.css';
import { startGame } from './app/gameStart';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
if (/^\/admin(\/|$)/.test(window.location.pathname)) {
  void import('./admin/console').then(({ mountConsole }) => mountConsole(root));
} else {
  const game = startGame(window);
  void import('./app/shellStart').then(({ startShellAround }) => { startShellAround(root, game); }, (error: unknown) => {
    // The game goes on without the shell's loading screen and overlays (its loader's own errors
    // are the controller's); a reload brings the shell back.
    console.error('The shell failed to load:', error);
  });
}
