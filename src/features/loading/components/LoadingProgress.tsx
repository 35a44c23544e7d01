import { useSelector } from '@xstate/react';
import { megabytesLoaded, LOADING, LOADING_MESSAGES } from '../../../../machines/loading';
import type { LoadingActor } from '../types';
import { useT } from '../../../i18n/react';
import type { MessageId } from '../../../i18n';
import { formatMegabytes, formatPercent } from '../../../i18n/format';

/** The cycling message: it re-renders every 1.2 s, not with the bar. */
export function LoadingMessage({ actor }: { actor: LoadingActor }) {
  const index = useSelector(actor, (s) => s.context.messageIndex);
  const visible = useSelector(actor, (s) => s.context.messageVisible);
  const t = useT();
  return <p className="ls-message" data-testid="loading-message" data-visible={visible} aria-live="polite">{t(`loading.message.${index % LOADING_MESSAGES.length}` as MessageId)}</p>;
}

/** The bar, the percentage and the megabytes out of 27. */
export function LoadingProgress({ actor }: { actor: LoadingActor }) {
  // One decimal is all the bar can show: fewer renders than the 16 ms smoothing ticks.
  const shown = useSelector(actor, (s) => Math.round(s.context.displayed * 10) / 10);
  const percent = Math.floor(shown);
  const t = useT();
  return (
    <>
      <div className="ls-bar" role="progressbar" aria-label={t('loading.barLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="ls-fill" style={{ transform: `scaleX(${shown / 100})` }} />
      </div>
      <div className="ls-stats">
        <span className="ls-percent" data-testid="loading-percent">{formatPercent(percent)}</span>
        <span data-testid="loading-megabytes">{t('loading.megabytes', { loaded: formatMegabytes(megabytesLoaded(shown), 1), total: formatMegabytes(LOADING.totalMegabytes) })}</span>
      </div>
    </>
  );
}
