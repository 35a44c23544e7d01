// The market's client-side checks (spec part 2 §5), pure so they are tested without a browser.
// Each returns the spec's message for the first rule broken, or null.
import { ECONOMY_TEXT } from '../../../contract/economy';
import { ListingPrice, MARKET_TEXT } from '../../../contract/marketplace';
import { parseTripcoins } from '../../../contract/money';
import { tcFixed } from '../../../contract/economy';

/** A quantity typed in a number field: a whole number, or null when it is not one. */
export function readQuantity(value: number | string): number | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isSafeInteger(n) ? n : null;
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
  const quantity = readQuantity(input.quantity);
  if (!input.itemUuid || !input.recipient || quantity === null || quantity < 1) return ECONOMY_TEXT.transferIncomplete;
  if (quantity > input.owned) return ECONOMY_TEXT.onlyHave(input.owned);
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
  if (!price.success) return price.error.issues[0]?.message ?? MARKET_TEXT.invalidPrice;
  const quantity = readQuantity(input.quantity);
  if (quantity === null || quantity < 1) return MARKET_TEXT.quantityRule;
  if (quantity > input.owned) return ECONOMY_TEXT.onlyHave(input.owned);
  return null;
}

const hundredths = (amount: number): bigint => parseTripcoins(amount) ?? BigInt(Math.round(amount * 100));

/** Buy from the list (spec §5): refused before any request when the balance is short. */
export function listBuyError(price: number, balance: number): string | null {
  const p = hundredths(price);
  const b = hundredths(balance);
  return b < p ? `You need Ŧ${tcFixed(p)} but only have Ŧ${tcFixed(b)}` : null;
}

/** Confirm Purchase (spec §5): the same check, with the modal's wording. */
export function confirmBuyError(price: number, balance: number): string | null {
  const p = hundredths(price);
  const b = hundredths(balance);
  return b < p ? MARKET_TEXT.insufficient(p, b) : null;
}
