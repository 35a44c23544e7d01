// Start-up, in order of urgency: the game loader download and the loading screen's clock
// (bootShell), then React with the first screen only (Shell). Everything else follows lazily.
// The studio's console (/admin) is its own lazily loaded chunk: the player's page never loads
// it, and the console never boots the game (src/admin/console.tsx).
import './ui/fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadApp } from './app/appChunk';
import { bootShell } from './app/boot';
import { Shell } from './app/Shell';
import { startI18n } from './i18n';

function startShell(root: HTMLElement): void {
  const shell = bootShell(window, { appChunk: loadApp });

  // A lazily loaded chunk failed to load (typically a deploy replaced it). No reload in the middle
  // of a game: the error reaches the lazy component, whose boundary keeps the game running.
  window.addEventListener('vite:preloadError', (event) => {
    console.warn('A part of the shell failed to load:', event.payload);
  });

  // The player's language before the first render (only the loading screen's texts of its
  // catalog, under 1 KiB; the rest follows before the overlays); the game's files are already on
  // their way. Until then index.html's first frame shows no words.
  void startI18n(window).then(() => {
    createRoot(root).render(
      <StrictMode>
        <Shell shell={shell} />
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
if (/^\/admin(\/|$)/.test(window.location.pathname)) {
  void import('./admin/console').then(({ mountConsole }) => mountConsole(root));
} else {
  startShell(root);
}
