// React's part of the shell, loaded after the game's first frame (src/main.ts): it takes the
// loading screen over from the plain-DOM one (the same screen, now React's) and brings the rest.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ShellBoot } from './boot';
import { Shell } from './Shell';

export function mountShell(root: HTMLElement, shell: ShellBoot): void {
  createRoot(root).render(
    <StrictMode>
      <Shell shell={shell} />
    </StrictMode>,
  );
}
