// React's first screen, rendered after the game's first frame (src/main.ts): the loading screen
// (taking over from the plain-DOM one), in plain CSS. The game's canvas is not React's (boot.ts).
// Mantine, the query client, the game link's inbound half and the overlays (App.tsx) load as a
// second chunk after React's first paint.
import { Component, Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { loadingPhase } from '../../machines/loading';
import { LoadingScreen } from '../features/loading/components/LoadingScreen';
import type { ShellBoot } from './boot';
import { loadApp } from './appChunk';
import { whenCatalogComplete } from '../i18n';
import { useLocale } from '../i18n/react';

const App = lazy(loadApp);

/** If the second chunk cannot load or crashes, the game keeps running without the overlays. */
class AppBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  override componentDidCatch(error: unknown) { console.error('The shell\'s overlays failed to start:', error); }
  override render() { return this.state.failed ? null : this.props.children; }
}

export function Shell({ shell }: { shell: ShellBoot }) {
  const phase = useSelector(shell.loading, loadingPhase);
  // A language switch re-renders the whole shell from here, so every text (t() in any component) changes at once.
  useLocale();
  const [appWanted, setAppWanted] = useState(false);
  useEffect(() => {
    // After the first paint: two frames, so the loading screen is on screen first (or half a
    // second, for a tab opened in the background, where frames do not run).
    let second = 0;
    // ...and the whole catalog of the player's language (the first screen needed only its own texts).
    let cancelled = false;
    let framesDone = false;
    let textsDone = false;
    const ready = () => { if (framesDone && textsDone && !cancelled) setAppWanted(true); };
    void whenCatalogComplete().then(() => { textsDone = true; ready(); });
    const want = () => { framesDone = true; ready(); };
    const first = requestAnimationFrame(() => { second = requestAnimationFrame(want); });
    const fallback = setTimeout(want, 500);
    return () => { cancelled = true; cancelAnimationFrame(first); cancelAnimationFrame(second); clearTimeout(fallback); };
  }, []);
  return (
    <>
      {phase !== 'hidden' && <LoadingScreen actor={shell.loading} onRetry={shell.retry} />}
      {appWanted && <AppBoundary><Suspense fallback={null}><App shell={shell} /></Suspense></AppBoundary>}
    </>
  );
}
