import { z } from 'zod';
/** The hosts that sell TripCoin packs (Poki has no purchases: `unavailable`). */
export const PURCHASE_HOSTS = ['web', 'discord', 'crazygames'] as const;
export type PurchaseHost = (typeof PURCHASE_HOSTS)[number];
export const ProductId = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/);
/** One pack as the server offers it on one host. `hostProductId`: the Discord SKU id, the Xsolla item sku, the web provider's price id. `price`: the server's price where the host gives none to the client (the web, the portal); Discord formats its own. */
export const OfferedProduct = z.object({
  id: ProductId, tripcoins: z.number().int().positive(), hostProductId: z.string().min(1).max(100),
  price: z.object({ amountMinor: z.number().int().nonnegative(), currency: z.string().regex(/^[A-Z]{3}$/) }).optional(),
});
export type OfferedProduct = z.infer<typeof OfferedProduct>;
/** GET /api/purchases/products?host=… */
export const ProductsAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('available'), host: z.enum(PURCHASE_HOSTS), products: z.array(OfferedProduct) }),
  z.object({ status: z.literal('unavailable'), reason: z.enum(['notConfigured', 'signInRequired', 'hostHasNoPurchases']) }),
]);
/** What a grant looks like to the client (answers of sync/confirm/session, the live event). */
export const Grant = z.object({ purchaseId: z.string(), productId: ProductId, tripcoins: z.number().int().positive(), host: z.enum(PURCHASE_HOSTS) });
export const SettleAnswer = z.object({ granted: z.array(Grant), balance: z.number() });
// POST /api/purchases/discord/sync            {}                          -> SettleAnswer (lists the player's entitlements with the bot token, grants, consumes)
// POST /api/purchases/crazygames/confirm      { productId }               -> SettleAnswer (the player's recent grants of it: Xsolla's order_paid grants)
// POST /api/purchases/web/checkout            { productId }               -> { url: string, sessionId: string }
// GET  /api/purchases/web/session/:sessionId                              -> { status: 'open' | 'paid' | 'expired' | 'refunded', grant?: Grant, balance?: number }
// POST /api/webhooks/discord   (Ed25519: X-Signature-Ed25519 + X-Signature-Timestamp, DISCORD_PUBLIC_KEY)
// POST /api/webhooks/xsolla    (Authorization: Signature <sha1(rawBody + XSOLLA_WEBHOOK_SECRET)>)
// POST /api/webhooks/web       (Stripe-Signature: t=…,v1=… HMAC-SHA256 of `${t}.${rawBody}`, WEB_CHECKOUT_WEBHOOK_SECRET)
/** Error codes (400/403/409/503 with these codes; texts go through the catalogs). */
export const PURCHASE_CODES = ['PRODUCT_UNKNOWN', 'PURCHASES_NOT_CONFIGURED', 'SIGN_IN_REQUIRED', 'PLAYER_IN_DEBT', 'WEBHOOK_SIGNATURE', 'PROVIDER_UNAVAILABLE'] as const;

// ---- Additions (after the shared starting content) ----

export type Grant = z.infer<typeof Grant>;
export type SettleAnswer = z.infer<typeof SettleAnswer>;
export type ProductsAnswer = z.infer<typeof ProductsAnswer>;
export type PurchaseCode = (typeof PURCHASE_CODES)[number];

/** The English texts of the refusals above (the server answers with them, the shell shows the
 * catalog's `text.purchase.<key>`; an error that names its own code is matched by its text). */
export const PURCHASE_TEXT = {
  productUnknown: 'This TripCoin pack is not sold here',
  notConfigured: 'TripCoin packs are not sold on this host',
  signInRequired: 'Sign in with the portal to buy TripCoins',
  playerInDebt: 'You owe TripCoins from a refunded purchase: transfers, listings, sales, wagers and the bridge are paused until it is repaid',
  webhookSignature: 'The webhook signature is not valid',
  providerUnavailable: 'The store could not be reached. Please try again in a moment',
} as const;

/** Each purchase code with its text key in PURCHASE_TEXT. */
export const PURCHASE_CODE_TEXT: Record<PurchaseCode, keyof typeof PURCHASE_TEXT> = {
  PRODUCT_UNKNOWN: 'productUnknown', PURCHASES_NOT_CONFIGURED: 'notConfigured', SIGN_IN_REQUIRED: 'signInRequired',
  PLAYER_IN_DEBT: 'playerInDebt', WEBHOOK_SIGNATURE: 'webhookSignature', PROVIDER_UNAVAILABLE: 'providerUnavailable',
};

/** The products file (PURCHASE_PRODUCTS_FILE): each pack once, with its id on every host that sells it. */
export const ProductConfig = z.object({
  id: ProductId,
  tripcoins: z.number().int().positive().max(10_000_000),
  discord: z.object({ skuId: z.string().regex(/^\d{1,25}$/) }).strict().optional(),
  // The portal's store module gives the client no price (buyItem only), so the pack's price on the
  // portal is ours, written here once: the same amount as the item's in the Xsolla project.
  crazygames: z.object({
    sku: z.string().min(1).max(100),
    amountMinor: z.number().int().nonnegative().optional(),
    currency: z.string().regex(/^[A-Z]{3}$/).optional(),
  }).strict().refine((c) => (c.amountMinor === undefined) === (c.currency === undefined), { message: 'amountMinor and currency go together', path: ['currency'] }).optional(),
  web: z.object({
    priceId: z.string().min(1).max(100),
    amountMinor: z.number().int().nonnegative(),
    currency: z.string().regex(/^[A-Z]{3}$/),
  }).strict().optional(),
}).strict();
export type ProductConfig = z.infer<typeof ProductConfig>;
export const ProductsFile = z.object({ products: z.array(ProductConfig).min(1).max(100) }).strict();
export type ProductsFile = z.infer<typeof ProductsFile>;

export { CHECKOUT_CANCELLED, PURCHASE_RETURN_PARAM, purchaseReturn } from './purchaseReturn';
