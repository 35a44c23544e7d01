// The coin flip wager checks, in the spec's order, with its messages: a valid
// positive number, at least 10, at most 100,000,000, at most two decimals, not above the balance
// (said as what the wager needs against what the player has).
// The server checks the same rules (contract/coinflip.ts); this answers before any request.
import { WagerAmount } from '../../../contract/coinflip';
import { readAmount } from '../../../contract/economy';
import { COINFLIP_TEXT, CRATE_TEXT } from '../../i18n/texts';
import { localServerText } from '../../i18n/serverTexts';

/** Balance as the API answers it (a number with two decimals) -> hundredths. */
export function balanceHundredths(balance: number): bigint {
  return BigInt(Math.round(balance * 100));
}

/** The first broken rule's message, or null when the wager can be offered. */
export function validateWager(input: string, balance: number | undefined): string | null {
  const parsed = WagerAmount.safeParse(input.trim());
  // The schema's messages are the contract's English: said in the player's language.
  if (!parsed.success) return localServerText(parsed.error.issues[0]?.message ?? COINFLIP_TEXT.invalidWager);
  const amount = readAmount(input);
  if (!amount || amount.hundredths === null) return COINFLIP_TEXT.invalidWager;
  // The spec's sentence for a wager above the balance ('Insufficient balance. You have {n} TC'),
  // finished with what the wager needs, in the crate shop's own words for the same refusal.
  if (balance !== undefined && amount.hundredths > balanceHundredths(balance)) {
    return CRATE_TEXT.insufficient(balanceHundredths(balance), amount.hundredths);
  }
  return null;
}
