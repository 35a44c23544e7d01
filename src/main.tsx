// Start-up, in order of urgency: the game loader download and the loading screen's clock
// (bootShell), then React with the first screen only (Shell). Everything else follows lazily.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadApp } from './app/appChunk';
import { bootShell } from './app/boot';
import { Shell } from './app/Shell';

const shell = bootShell(window, { appChunk: loadApp });

// A lazily loaded chunk failed to load (typically a deploy replaced it). No reload in the middle
// of a game: the error reaches the lazy component, whose boundary keeps the game running.
window.addEventListener('vite:preloadError', (event) => {
  console.warn('A part of the shell failed to load:', event.payload);
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <Shell shell={shell} />
  </StrictMode>,
);
