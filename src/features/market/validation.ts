// The market's client-side checks, pure so they are tested without a browser.
// Each returns the spec's message for the first rule broken, or null.

import { ListingPrice } from '../../../contract/marketplace';
import { parseTripcoins } from '../../../contract/money';
import { ECONOMY_TEXT, MARKET_TEXT } from '../../i18n/texts';
import { localServerText } from '../../i18n/serverTexts';
import { t } from '../../i18n';
import { coinsPlain } from '../../i18n/format';

/**
 * What a quantity field holds, read exactly as typed: nothing, something that is not a whole
 * number ("1.5", "-2", "1e3", "abc"), or a whole number of any size (compared as a bigint, so
 * a huge one is "more than you have", not "less than 1").
 */
export type QuantityReading = { kind: 'empty' } | { kind: 'notWhole' } | { kind: 'whole'; value: bigint };

export function readQuantityText(value: number | string): QuantityReading {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? { kind: 'whole', value: BigInt(value) } : { kind: 'notWhole' };
  const text = value.trim();
  if (text === '') return { kind: 'empty' };
  return /^\d+$/.test(text) ? { kind: 'whole', value: BigInt(text) } : { kind: 'notWhole' };
}

/** A quantity typed in a number field: a whole number, or null when it is not one. */
export function readQuantity(value: number | string): number | null {
  const reading = readQuantityText(value);
  return reading.kind === 'whole' && reading.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(reading.value) : null;
}

/** The first thing wrong with a quantity (empty or below 1 says `missing`), or null. */
function quantityError(value: number | string, owned: number, missing: string): string | null {
  const reading = readQuantityText(value);
  if (reading.kind === 'empty') return missing;
  if (reading.kind === 'notWhole') return ECONOMY_TEXT.wholeNumber;
  if (reading.value < 1n) return missing;
  if (reading.value > BigInt(owned)) return ECONOMY_TEXT.onlyHave(owned);
  return null;
}

export interface TransferInput {
  itemUuid: string | null;
  recipient: { uuid: string; username: string } | null;
  quantity: number | string;
  /** How many of the item the player has. */
  owned: number;
  self: { uuid: string; username: string } | null;
}

export function transferError(input: TransferInput): string | null {
  if (!input.itemUuid || !input.recipient) return ECONOMY_TEXT.transferIncomplete;
  const quantity = quantityError(input.quantity, input.owned, ECONOMY_TEXT.transferIncomplete);
  if (quantity) return quantity;
  const self = input.self;
  if (self && (input.recipient.uuid === self.uuid || input.recipient.username.toLowerCase() === self.username.toLowerCase())) {
    return ECONOMY_TEXT.transferToSelf;
  }
  return null;
}

export interface ListingInput {
  itemUuid: string | null;
  price: string;
  quantity: number | string;
  owned: number;
}

export function listingError(input: ListingInput): string | null {
  if (!input.itemUuid || input.price.trim() === '') return MARKET_TEXT.itemAndPriceRequired;
  const price = ListingPrice.safeParse(input.price);
  // The schema's messages are the contract's English: said in the player's language.
  if (!price.success) return localServerText(price.error.issues[0]?.message ?? MARKET_TEXT.invalidPrice);
  return quantityError(input.quantity, input.owned, MARKET_TEXT.quantityRule);
}

const hundredths = (amount: number): bigint => parseTripcoins(amount) ?? BigInt(Math.round(amount * 100));

/** Buy from the list: refused before any request when the balance is short. */
export function listBuyError(price: number, balance: number): string | null {
  const p = hundredths(price);
  const b = hundredths(balance);
  return b < p ? t('market.needButHave', { price: coinsPlain(p), balance: coinsPlain(b) }) : null;
}

/** Confirm Purchase: the same check, with the modal's wording. */
export function confirmBuyError(price: number, balance: number): string | null {
  const p = hundredths(price);
  const b = hundredths(balance);
  return b < p ? MARKET_TEXT.insufficient(p, b) : null;
}
