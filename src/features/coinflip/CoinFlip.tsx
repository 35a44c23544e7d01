// The coin in the air before a settled flip's result: about a second of spin (CSS) that lands on
// the side the server drew. A click, a tap or a key skips it; with prefers-reduced-motion there is
// no spin at all and the result shows at once. A fallback timer ends it when the animation never
// runs (a hidden tab, a browser without CSS animations).
import { Button, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../i18n';
import classes from './CoinFlip.module.css';

const SPIN_MS = 1000;

export function prefersReducedMotion(win: Window = window): boolean {
  return typeof win.matchMedia === 'function' && win.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Shows `children` (the result) after the coin has flipped onto `outcome` (0 heads, 1 tails). */
export function CoinFlip({ outcome, children, onLanded }: { outcome: number; children: React.ReactNode; onLanded?: () => void }) {
  const [landed, setLanded] = useState(() => prefersReducedMotion());
  const told = useRef(false);
  const onLandedRef = useRef(onLanded);
  onLandedRef.current = onLanded;
  const coin = useRef<HTMLDivElement>(null);
  const land = useCallback(() => { setLanded(true); }, []);
  useEffect(() => {
    if (landed) {
      if (!told.current) { told.current = true; onLandedRef.current?.(); }
      return;
    }
    const fallback = window.setTimeout(land, SPIN_MS + 400);
    // The DOM event itself (React names it by the browser's vendor prefix, which it may guess wrong).
    const spun = coin.current;
    spun?.addEventListener('animationend', land);
    // Any key skips (Escape and Tab keep their own meaning: closing, moving the focus).
    const onKey = (event: KeyboardEvent) => { if (event.key !== 'Escape' && event.key !== 'Tab') land(); };
    window.addEventListener('keydown', onKey);
    return () => { window.clearTimeout(fallback); window.removeEventListener('keydown', onKey); spun?.removeEventListener('animationend', land); };
  }, [landed, land]);

  if (landed) return <>{children}</>;
  return (
    <Stack align="center" gap={6} data-testid="coin-flip" onClick={land} className={classes.stage}>
      <div ref={coin} className={classes.coin} data-side={outcome === 0 ? 'heads' : 'tails'} role="img" aria-label={t('coinflip.CoinFlip.flipping')}>
        <span className={classes.heads} aria-hidden>{t('coinflip.CoinflipModal.heads')}</span>
        <span className={classes.tails} aria-hidden>{t('coinflip.CoinflipModal.tails')}</span>
      </div>
      <Text size="sm" aria-live="polite">{t('coinflip.CoinFlip.flipping')}</Text>
      <Button variant="subtle" size="compact-sm" onClick={land} data-testid="coin-flip-skip">{t('coinflip.CoinFlip.skip')}</Button>
    </Stack>
  );
}
