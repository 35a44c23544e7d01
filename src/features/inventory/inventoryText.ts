// How the overlay words a history entry (texts: INVENTORY_TEXT in contract/myEconomy.ts).
import type { HistoryEntry } from '../../../contract/myEconomy';
import { INVENTORY_TEXT } from '../../i18n/texts';
import { formatTc, formatTcAmount } from '../../ui/formatTc';

/** The ledger's reason for a purchase's refund (server/services/economy/purchases.ts). */
const PURCHASE_REVERSAL = 'purchase reversed';

/** What happened, in words: a real-money purchase (or its refund) names its pack. */
export function reasonLabel(reason: string, pack?: HistoryEntry['pack']): string {
  if (pack) return (reason === PURCHASE_REVERSAL ? INVENTORY_TEXT.packRefunded : INVENTORY_TEXT.packBought)(formatTc(pack.tripcoins));
  return INVENTORY_TEXT.reasons[reason] ?? reason;
}

export function counterpartyLabel(entry: Pick<HistoryEntry, 'counterparty'>): string {
  const c = entry.counterparty;
  if (c.kind === 'store') return INVENTORY_TEXT.stores[c.host];
  return c.kind === 'player' ? c.username : INVENTORY_TEXT.counterparties[c.kind];
}

/** "+Ŧ12.50", "−1 × Base Set Crate". */
export function amountLabel(entry: Pick<HistoryEntry, 'asset' | 'amount' | 'itemName'>): string {
  const sign = entry.amount < 0 ? '−' : '+';
  const size = Math.abs(entry.amount);
  return entry.asset === 'TC' ? `${sign}Ŧ${formatTcAmount(size)}` : `${sign}${size} × ${entry.itemName ?? entry.asset}`;
}

export function balanceLabel(entry: Pick<HistoryEntry, 'asset' | 'balanceAfter'>): string {
  return entry.asset === 'TC' ? `Ŧ${formatTcAmount(entry.balanceAfter)}` : String(entry.balanceAfter);
}
