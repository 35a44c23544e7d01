// The Get TripCoins overlay's sentences for what the host API answered (contract/hostApi.ts
// PURCHASE_UNAVAILABLE reasons, a host's own reason otherwise).
import { PURCHASE_UNAVAILABLE, type PurchaseUnavailable } from '../../../contract/hostApi';
import { t } from '../../i18n';

const isKnown = (reason: string): reason is PurchaseUnavailable => (PURCHASE_UNAVAILABLE as readonly string[]).includes(reason);

/** Why the store is closed here, as a sentence; `portal`: the host's own account name (the portal's guest signs in there). */
export function unavailableText(reason: string, portal?: string): string {
  if (!isKnown(reason)) return t('purchases.unavailable.other', { reason });
  if (reason === 'signInRequired') return portal ? t('purchases.unavailable.signInPortal', { host: portal }) : t('purchases.unavailable.signInRequired');
  return t(`purchases.unavailable.${reason}`);
}

export const needsSignIn = (reason: string) => reason === 'signInRequired';
