import { useEffect, useRef } from 'react';
import { followPointer } from '../drift';

/** The background image, moving slightly with the mouse; styled directly, never re-rendered. */
export function LoadingBackground() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    return element ? followPointer(element) : undefined;
  }, []);
  return <div ref={ref} className="ls-bg" data-testid="loading-background" aria-hidden="true" />;
}
