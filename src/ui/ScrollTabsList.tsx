// A row of tabs that may be wider than the screen (a phone, a long German word): it scrolls
// sideways without wrapping, and says so: the edge it can scroll towards fades out and shows an
// arrow that scrolls it one step, so no tab is hidden off the edge without a sign it is there.
import { Tabs, type TabsListProps } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../i18n';
import classes from './ScrollTabsList.module.css';

export interface Overflow { start: boolean; end: boolean }

/** Which edges still hide tabs, from the row's scroll position (1 px of slack for rounding). */
export function overflowOf(scrollLeft: number, clientWidth: number, scrollWidth: number): Overflow {
  return { start: scrollLeft > 1, end: scrollLeft + clientWidth < scrollWidth - 1 };
}

export function ScrollTabsList({ children, className, ...props }: TabsListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const next = overflowOf(Math.abs(el.scrollLeft), el.clientWidth, el.scrollWidth);
    setOverflow((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => { observer?.disconnect(); el.removeEventListener('scroll', measure); };
  }, [measure]);
  const step = (direction: 1 | -1) => ref.current?.scrollBy({ left: direction * ref.current.clientWidth * 0.6, behavior: 'smooth' });
  return (
    <div className={classes.frame} data-overflow-start={overflow.start || undefined} data-overflow-end={overflow.end || undefined} data-testid="scroll-tabs">
      <Tabs.List ref={ref} className={[classes.list, className].filter(Boolean).join(' ')} {...props}>{children}</Tabs.List>
      {overflow.start && (
        <button type="button" className={`${classes.arrow} ${classes.arrowStart}`} tabIndex={-1} aria-label={t('ui.scrollTabs.back')} onClick={() => step(-1)}>
          <IconChevronLeft size={16} aria-hidden />
        </button>
      )}
      {overflow.end && (
        <button type="button" className={`${classes.arrow} ${classes.arrowEnd}`} tabIndex={-1} aria-label={t('ui.scrollTabs.more')} onClick={() => step(1)} data-testid="scroll-tabs-more">
          <IconChevronRight size={16} aria-hidden />
        </button>
      )}
    </div>
  );
}
