// The checkout's return address, read by the shell's first chunk: zod-free, so the loading screen
// does not carry the schema library (tests/e2e/shell-budget.spec.ts).
/** The query parameter of the checkout's return address (WEB_CHECKOUT_RETURN_URL's `?purchase={SESSION}`). */
export const PURCHASE_RETURN_PARAM = 'purchase';

/**
 * What the checkout's cancel address puts where a session id would be: the player closed the
 * checkout, so there is no session to read and nothing to wait for.
 */
export const CHECKOUT_CANCELLED = 'cancelled';

/** The checkout session a return address names (or CHECKOUT_CANCELLED), or null. */
export function purchaseReturn(href: string): string | null {
  try {
    const id = new URL(href).searchParams.get(PURCHASE_RETURN_PARAM);
    return id && /^[A-Za-z0-9_-]{1,200}$/.test(id) ? id : null;
  } catch { return null; }
}
