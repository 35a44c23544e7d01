// React's part of the shell, loaded after the game's first frame (src/main.ts): it takes the
// loading screen over from the plain-DOM one (the same screen, now React's) and brings the rest.
import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ShellBoot } from './boot';
import { Shell } from './Shell';

/**
 * Tells the plain-DOM screen to stop once React's first render is in the page, not before: until
 * then it keeps the screen alive, and if the game completes meanwhile it still removes the screen
 * and its stylesheet (React, finding the phase already 'hidden', renders no LoadingScreen to do it).
 */
function TakeOver({ done, children }: { done: () => void; children: ReactNode }) {
  useLayoutEffect(() => { done(); }, [done]);
  return children;
}

export function mountShell(root: HTMLElement, shell: ShellBoot, domScreenDone: () => void): void {
  createRoot(root).render(
    <StrictMode>
      <TakeOver done={domScreenDone}>
        <Shell shell={shell} />
      </TakeOver>
    </StrictMode>,
  );
}
