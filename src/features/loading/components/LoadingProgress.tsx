import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { LOADING_MESSAGES } from '../../../../machines/loading';
import { pageData } from '../../../api/pageData';
import { megabytesText } from '../megabytes';
import type { LoadingActor } from '../types';
import { useT } from '../../../i18n/react';
import type { MessageId } from '../../../i18n';
import { formatPercent } from '../../../i18n/format';

/** The cycling message: it re-renders every 1.2 s, not with the bar. */
export function LoadingMessage({ actor }: { actor: LoadingActor }) {
  const index = useSelector(actor, (s) => s.context.messageIndex);
  const visible = useSelector(actor, (s) => s.context.messageVisible);
  const t = useT();
  return <p className="ls-message" data-testid="loading-message" data-visible={visible} aria-live="polite">{t(`loading.message.${index % LOADING_MESSAGES.length}` as MessageId)}</p>;
}

/** The bar, the percentage and the megabytes out of the served build's size (none when unknown). */
export function LoadingProgress({ actor }: { actor: LoadingActor }) {
  // One decimal is all the bar can show: fewer renders than the 16 ms smoothing ticks.
  const shown = useSelector(actor, (s) => Math.round(s.context.displayed * 10) / 10);
  const percent = Math.floor(shown);
  const t = useT();
  const [gameBytes] = useState(() => pageData().gameBytes);
  return (
    <>
      <div className="ls-bar" role="progressbar" aria-label={t('loading.barLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="ls-fill" style={{ transform: `scaleX(${shown / 100})` }} />
      </div>
      <div className="ls-stats">
        <span className="ls-percent" data-testid="loading-percent">{formatPercent(percent)}</span>
        <span data-testid="loading-megabytes">{megabytesText(t, shown, gameBytes)}</span>
      </div>
    </>
  );
}
