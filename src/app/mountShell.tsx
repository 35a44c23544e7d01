// React's part of the shell, mounted when it is wanted (src/app/shellStart.ts, showShell), in its
// own element beside the loading screen: that screen is index.html's, kept by its one
// implementation (features/loading/domScreen.ts), and React never draws it. After React's own
// first paint it brings the second chunk (App.tsx: Mantine, the query client, the game link's
// inbound half, the overlays). The game's canvas is not React's (gameStart.ts).
import { Component, StrictMode, Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { useLocale } from '../i18n/react';
import { whenCatalogComplete } from '../settings-store/language';
import type { ShellBoot } from './shellTypes';

export interface MountOptions {
  /** The second chunk (App.tsx), imported once (shellStart.ts). */
  loadApp: () => Promise<{ default: (props: { shell: ShellBoot }) => ReactNode }>;
  /** The page's one "after the first paint" (src/lib/afterFirstPaint.ts), handed down by startup.ts. */
  afterPaint: (start: () => void) => void;
}

/** The element React renders into: its own, after the loading screen (React empties what it is given). */
export const REACT_ROOT_ATTRIBUTE = 'data-shell-react';

/** If the second chunk cannot load or crashes, the game keeps running without the overlays. */
class AppBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  override componentDidCatch(error: unknown) { console.error('The shell\'s overlays failed to start:', error); }
  override render() { return this.state.failed ? null : this.props.children; }
}

export function Shell({ shell, options }: { shell: ShellBoot; options: MountOptions }) {
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
  return appWanted ? <AppBoundary><Suspense fallback={null}><App shell={shell} /></Suspense></AppBoundary> : null;
}

export function mountShell(root: HTMLElement, shell: ShellBoot, options: MountOptions): void {
  const own = root.ownerDocument.createElement('div');
  own.setAttribute(REACT_ROOT_ATTRIBUTE, '');
  root.appendChild(own);
  createRoot(own).render(
    <StrictMode>
      <Shell shell={shell} options={options} />
    </StrictMode>,
  );
}
