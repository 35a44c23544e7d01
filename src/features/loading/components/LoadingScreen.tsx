// The first thing a player sees (spec part 1 §2.1, §4.1): full screen, background that follows
// the mouse, version and daily-streak badges, cycling messages, the bar with percent and MB.
// It fades out (0.5 s, slight scale) once the game says it is ready, and if the game cannot be
// loaded it says so with a Retry button instead of freezing.
import { useSelector } from '@xstate/react';
import { loadingPhase } from '../../../../machines/loading';
import type { LoadingActor } from '../types';
import { LoadingBackground } from './LoadingBackground';
import { LoadingMessage, LoadingProgress } from './LoadingProgress';
import css from './LoadingScreen.css?inline';
import { useInjectedStyles } from './useInjectedStyles';

/** Defaults when the page passes none (spec part 1 §3.5: dailyStreak defaults to 223). */
export const DEFAULT_VERSION_LABEL = 'v1.3';
export const DEFAULT_DAILY_STREAK = 223;

export interface LoadingScreenProps {
  actor: LoadingActor;
  onRetry: () => void;
  version?: string;
  dailyStreak?: number;
}

function FlameIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 2c1 3.5-1.6 5.4-2.9 7.3C7.7 11.2 7 12.8 7 14.6A5 5 0 0 0 17 15c0-2.3-1.1-3.9-2.2-5.2.1 1.6-.5 2.8-1.6 3.4.5-3.7-.4-8.3-1.2-11.2z" />
    </svg>
  );
}

export function LoadingScreen({ actor, onRetry, version = DEFAULT_VERSION_LABEL, dailyStreak = DEFAULT_DAILY_STREAK }: LoadingScreenProps) {
  useInjectedStyles('loading-screen-styles', css);
  const phase = useSelector(actor, loadingPhase);
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <div className="ls-root" data-testid="loading-screen" data-phase={phase}>
      <LoadingBackground />
      <div className="ls-shade" />
      <div className="ls-top">
        <span className="ls-badge" data-testid="version-badge">{version}</span>
        <span className="ls-badge ls-streak" data-testid="streak-badge" title="Days in a row with a game update">
          <FlameIcon />{dailyStreak} day streak
        </span>
      </div>
      <div className="ls-center"><h1 className="ls-title">TRIPSHELL</h1></div>
      <div className="ls-bottom">
        {phase === 'failed' ? (
          <div className="ls-error" role="alert" data-testid="loading-error">
            <h2>The game could not be loaded</h2>
            <p>Check your connection and try again.</p>
            {error && <p className="ls-error-detail">{error}</p>}
            <button type="button" className="ls-retry" onClick={onRetry}>Retry</button>
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
