// The first thing a player sees: full screen, background that follows
// the mouse, version and daily-streak badges (the streak: the release notes' figure, which the
// server writes into the page; the spec's 223 when it has none), cycling messages, the bar with percent and MB.
// It fades out (0.5 s, slight scale) once the game says it is ready, and if the game cannot be
// loaded it says so with a Retry button instead of freezing.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { loadingPhase } from '../../../../machines/loading';
import type { LoadingActor } from '../types';
import { DEFAULT_DAILY_STREAK, DEFAULT_VERSION_LABEL, FLAME_PATH, LOADING_STYLE_ID } from '../firstFrame';
import { LoadingBackground } from './LoadingBackground';
import { LoadingMessage, LoadingProgress } from './LoadingProgress';
import css from './LoadingScreen.css?inline';
import { useInjectedStyles } from './useInjectedStyles';
import { useT } from '../../../i18n/react';
import { pageData } from '../../../api/pageData';
import { streakBadge } from '../streakBadge';

export { DEFAULT_DAILY_STREAK, DEFAULT_VERSION_LABEL };

export interface LoadingScreenProps {
  actor: LoadingActor;
  onRetry: () => void;
  version?: string;
  /** Default: the release notes' streak the server wrote into the page, else the spec's 223. */
  dailyStreak?: number;
}

function FlameIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d={FLAME_PATH} />
    </svg>
  );
}

export function LoadingScreen({ actor, onRetry, version = DEFAULT_VERSION_LABEL, dailyStreak }: LoadingScreenProps) {
  useInjectedStyles(LOADING_STYLE_ID, css);
  // One streak: the figure the release notes count, delivered with the page.
  const [page] = useState(() => pageData());
  const t = useT();
  const badge = streakBadge(page, dailyStreak);
  const phase = useSelector(actor, loadingPhase);
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <div className="ls-root" data-testid="loading-screen" data-phase={phase}>
      <LoadingBackground />
      <div className="ls-shade" />
      <div className="ls-top">
        <span className="ls-badge" data-testid="version-badge">{version}</span>
        <span className="ls-badge ls-streak" data-testid="streak-badge" data-ended={badge.ended || undefined} title={badge.title}>
          {!badge.ended && <FlameIcon />}{badge.text}
        </span>
      </div>
      <div className="ls-center"><h1 className="ls-title">TRIPSHELL</h1></div>
      <div className="ls-bottom">
        {phase === 'failed' ? (
          <div className="ls-error" role="alert" data-testid="loading-error">
            <h2>{t('loading.failedTitle')}</h2>
            <p>{t('loading.failedHint')}</p>
            {/* The loader's own diagnostic stays in English (it names files and is what support
                searches for); the label before it is in the player's language, and lang="en" lets
                a screen reader pronounce it as English. */}
            {error && <p className="ls-error-detail">{t('loading.failedDetail')} <span lang="en">{error}</span></p>}
            <button type="button" className="ls-retry" onClick={onRetry}>{t('common.retry')}</button>
          </div>
        ) : (
          <>
            <LoadingMessage actor={actor} />
            <LoadingProgress actor={actor} />
          </>
        )}
      </div>
    </div>
  );
}
