// TripCoins (Ŧ, TC) have two decimals. Everything that stores or moves them uses integer
// hundredths (bigint on the server); the API shows them as decimal numbers with at most two
// decimals. Parsing never goes through floating-point multiplication. No zod here: the shell's
// first chunk (its number formats) reads these, and the schema library stays out of it
// (tests/e2e/shell-budget.spec.ts); the API's schemas for amounts are in ./money.ts.
export const TC_SYMBOL = 'Ŧ';
/** Hundredths in one TripCoin. */
export const TC_SCALE = 100n;

const DECIMAL = /^(\d{1,15})(?:\.(\d{1,2}))?$/;

/** "12.3" | 12.3 -> 1230n; null for anything that is not a non-negative amount with at most two decimals. */
export function parseTripcoins(input: string | number): bigint | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    // Shortest round-trip representation: 0.1 -> "0.1", 1e21 -> "1e+21" (rejected below).
    text = String(input);
  } else {
    text = input.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const whole = BigInt(match[1] ?? '0');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return whole * TC_SCALE + BigInt(fraction);
}

/** 1230n -> 12.3 (a JSON number; exact for every amount below 2^53 hundredths). */
export function hundredthsToNumber(hundredths: bigint): number {
  return Number(hundredths) / 100;
}

/** 1230n | 12.3 -> "12.30" */
export function formatTripcoins(amount: bigint | number): string {
  const hundredths = typeof amount === 'bigint' ? amount : BigInt(Math.round(amount * 100));
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  const whole = (abs / TC_SCALE).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % TC_SCALE).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
