// The purchase endpoints (the shapes are contract/purchases.ts's). The player's calls settle a
// purchase their host's flow just made; the server asks the provider itself and grants only what
// the provider confirms for this player. The providers' webhooks are server to server and signed:
// declared here for the API document, they are not in ALL_ENDPOINTS (the harness that walks it
// calls as a browser, which can never make a valid call of them); tests/api/purchases-webhooks
// covers their refusals.
import { z } from 'zod';
import { defineEndpoint, EmptyBody } from './http';
import { Grant, ProductId, ProductsAnswer, PURCHASE_HOSTS, SettleAnswer } from './purchases';

export const purchaseProducts = defineEndpoint({
  method: 'GET', path: '/api/purchases/products', access: 'public', readsPlayer: true, feature: 'purchases',
  summary: 'The TripCoin packs this host sells (unavailable with the reason when it sells none)',
  query: z.object({ host: z.enum([...PURCHASE_HOSTS, 'poki']) }), response: ProductsAnswer,
});
export const discordSync = defineEndpoint({
  method: 'POST', path: '/api/purchases/discord/sync', access: 'user',
  summary: "Grant the player's unconsumed Discord entitlements of our packs (asked of Discord with the bot token), then consume them",
  body: EmptyBody, response: SettleAnswer,
});
export const crazygamesConfirm = defineEndpoint({
  method: 'POST', path: '/api/purchases/crazygames/confirm', access: 'user',
  summary: "After the portal's buyItem: the player's grants of this pack from the last minutes (Xsolla's signed order_paid grants; nothing is asked of Xsolla)",
  body: z.object({ productId: ProductId }), response: SettleAnswer,
});
export const webCheckoutStart = defineEndpoint({
  method: 'POST', path: '/api/purchases/web/checkout', access: 'user', feature: 'purchases',
  summary: 'Create a checkout session for one pack; the player pays on the provider\'s page',
  body: z.object({ productId: ProductId }), response: z.object({ url: z.string(), sessionId: z.string() }),
});
export const webSession = defineEndpoint({
  method: 'GET', path: '/api/purchases/web/session/:sessionId', access: 'user',
  summary: 'Where one of your checkout sessions stands (paid: its grant and your balance)',
  params: z.object({ sessionId: z.string().regex(/^[\w-]{1,255}$/) }),
  response: z.object({ status: z.enum(['open', 'paid', 'expired', 'refunded']), grant: Grant.optional(), balance: z.number().optional() }),
});

export const purchaseEndpoints = { purchaseProducts, discordSync, crazygamesConfirm, webCheckoutStart, webSession };

/** The providers' webhooks (raw signed bodies; 2xx once taken, 400/401 with a code when refused). */
const webhook = (host: string, summary: string) => defineEndpoint({ method: 'POST', path: `/api/webhooks/${host}`, access: 'public', summary, response: z.unknown(), raw: true });
export const webhookEndpoints = {
  discordWebhook: webhook('discord', "Discord's webhook events (Ed25519 X-Signature-Ed25519 over X-Signature-Timestamp + body)"),
  xsollaWebhook: webhook('xsolla', "Xsolla's webhooks (Authorization: Signature sha1(body + secret))"),
  webWebhook: webhook('web', "The web checkout's webhook events (Stripe-Signature, checked by the official SDK)"),
};
