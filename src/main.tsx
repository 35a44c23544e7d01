// Start-up, in order of urgency: the game loader download and the loading screen's clock
// (bootShell), then React with the first screen only (Shell). Everything else follows lazily.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootShell } from './app/boot';
import { Shell } from './app/Shell';
import { startI18n } from './i18n';

const shell = bootShell(window);

// A lazily loaded chunk failed to load (typically a deploy replaced it). No reload in the middle
// of a game: the error reaches the lazy component, whose boundary keeps the game running.
window.addEventListener('vite:preloadError', (event) => {
  console.warn('A part of the shell failed to load:', event.payload);
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The player's language before the first render (only the loading screen's texts of its catalog,
// under 1 KiB; the rest follows before the overlays); the game's files are already on their way. Until then index.html's first frame shows no words.
void startI18n(window).then(() => {
  createRoot(root).render(
    <StrictMode>
      <Shell shell={shell} />
    </StrictMode>,
  );
});
