// A hold on what the player is about to do (give, list, the bridge), shown before they fill the
// form: what is held, why and until when (the date in their language), the same words the
// server's refusal would say. The dialog disables its action while one is shown.
import { Alert } from '@mantine/core';
import { saleFeeOf, type TradeAction, type TradeHold, type TradeStatus } from '../../contract/trade';
import { formatNumber } from '../i18n/format';
import { wordCode } from '../i18n/serverTexts';

/** The hold covering `action` that ends last (the server lists holds so), or null. */
export function holdFor(status: TradeStatus | undefined, action: TradeAction): TradeHold | null {
  return status?.holds.find((h) => h.actions.includes(action)) ?? null;
}

/** "Giving items: on hold until 9 Dec 2026, 04:00, because your password was changed", in the player's language. */
export function holdText(hold: TradeHold, action: TradeAction): string {
  return wordCode('TRADE_HELD', { action, reason: hold.reason, until: hold.until }) ?? hold.until;
}

export function TradeHoldNotice({ status, action }: { status: TradeStatus | undefined; action: TradeAction }) {
  const hold = holdFor(status, action);
  if (!hold) return null;
  return <Alert color="yellow" variant="light" role="status" data-testid="trade-hold">{holdText(hold, action)}</Alert>;
}

/** What the seller receives of `price` hundredths after the sale fee (the server's rounding: the fee rounds down). */
export function afterFee(priceHundredths: bigint, feePercent: number): { fee: bigint; receives: bigint } {
  const fee = saleFeeOf(priceHundredths, Math.round(feePercent * 100));
  return { fee, receives: priceHundredths - fee };
}

/** A fee rate as the locale writes a percentage, to two decimals ("5 %", "2.5%"). */
export const feePercentText = (percent: number) => formatNumber(percent / 100, { style: 'percent', maximumFractionDigits: 2 });
