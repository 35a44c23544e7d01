// React's part of the shell, mounted when it is wanted (src/app/shellStart.ts, showShell): it
// takes the loading screen over from the plain-DOM one (the same screen, now React's), and after
// React's own first paint brings the second chunk (App.tsx: Mantine, the query client, the game
// link's inbound half, the overlays). The game's canvas is not React's (gameStart.ts).
import { Component, StrictMode, Suspense, lazy, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { useSelector } from '@xstate/react';
import { loadingPhase } from '../../machines/loading';
import { LoadingScreen } from '../features/loading/components/LoadingScreen';
import { useLocale } from '../i18n/react';
import { whenCatalogComplete } from '../settings-store/language';
import type { ShellBoot } from './shellTypes';

export interface MountOptions {
  /** The second chunk (App.tsx), imported once (shellStart.ts). */
  loadApp: () => Promise<{ default: (props: { shell: ShellBoot }) => ReactNode }>;
  /** The page's one "after the first paint" (src/lib/afterFirstPaint.ts), handed down by startup.ts. */
  afterPaint: (start: () => void) => void;
  /** The plain-DOM loading screen, told to stop once React's first render is in the page. */
  screen: { stop(): void };
}

/** If the second chunk cannot load or crashes, the game keeps running without the overlays. */
class AppBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  override componentDidCatch(error: unknown) { console.error('The shell\'s overlays failed to start:', error); }
  override render() { return this.state.failed ? null : this.props.children; }
}

export function Shell({ shell, options }: { shell: ShellBoot; options: Pick<MountOptions, 'loadApp' | 'afterPaint'> }) {
  const phase = useSelector(shell.loading, loadingPhase);
  // A language switch re-renders the whole shell from here, so every text (t() in any component) changes at once.
  useLocale();
  const [App] = useState(() => lazy(options.loadApp));
  const [appWanted, setAppWanted] = useState(false);
  useEffect(() => {
    // After React's first paint (the loading screen is on screen first), and the whole catalog of
    // the player's language (the first screen needed only its own texts).
    let cancelled = false;
    const painted = new Promise<void>((resolve) => { options.afterPaint(resolve); });
    void Promise.all([painted, whenCatalogComplete()]).then(() => { if (!cancelled) setAppWanted(true); });
    return () => { cancelled = true; };
  }, [options]);
  return (
    <>
      {phase !== 'hidden' && <LoadingScreen actor={shell.loading} onRetry={shell.retry} />}
      {appWanted && <AppBoundary><Suspense fallback={null}><App shell={shell} /></Suspense></AppBoundary>}
    </>
  );
}

/**
 * Tells the plain-DOM screen to stop once React's first render is in the page, not before: until
 * then it keeps the screen alive, and if the game completes meanwhile it still removes the screen
 * and its stylesheet (React, finding the phase already 'hidden', renders no LoadingScreen to do it).
 */
function TakeOver({ done, children }: { done: () => void; children: ReactNode }) {
  useLayoutEffect(() => { done(); }, [done]);
  return children;
}

export function mountShell(root: HTMLElement, shell: ShellBoot, options: MountOptions): void {
  const done = () => { options.screen.stop(); };
  createRoot(root).render(
    <StrictMode>
      <TakeOver done={done}>
        <Shell shell={shell} options={options} />
      </TakeOver>
    </StrictMode>,
  );
}
