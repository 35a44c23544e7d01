// Our server's purchase routes as the shell calls them (contract/purchases.ts): the packs a host
// sells, and the settle calls a host's flow ends with. The server grants; the client only asks it
// to look (Discord's entitlements, the portal's grants) or to open a checkout.
import { z } from 'zod';
import { defineEndpoint } from '../../contract/http';
import { Grant, ProductsAnswer, SettleAnswer, type PurchaseHost } from '../../contract/purchases';
import type { PurchaseServer } from '../../hosts/types';
import { call } from '../api/client';

/** A checkout session as the return page reads it. */
export const WebSession = z.object({ status: z.enum(['open', 'paid', 'expired', 'refunded']), grant: Grant.optional(), balance: z.number().optional() });
export type WebSession = z.infer<typeof WebSession>;

export const purchaseEndpoints = {
  products: defineEndpoint({ method: 'GET', path: '/api/purchases/products', access: 'public', readsPlayer: true, summary: 'The TripCoin packs a host sells', query: z.object({ host: z.string() }), response: ProductsAnswer }),
  discordSync: defineEndpoint({ method: 'POST', path: '/api/purchases/discord/sync', access: 'user', summary: "Grants the player's paid Discord entitlements", body: z.object({}), response: SettleAnswer }),
  crazygamesConfirm: defineEndpoint({ method: 'POST', path: '/api/purchases/crazygames/confirm', access: 'user', summary: "The player's recent grants of a pack on the portal", body: z.object({ productId: z.string() }), response: SettleAnswer }),
  webCheckout: defineEndpoint({ method: 'POST', path: '/api/purchases/web/checkout', access: 'user', summary: 'Opens a checkout session for a pack', body: z.object({ productId: z.string() }), response: z.object({ url: z.string().min(1), sessionId: z.string().min(1) }) }),
  webSession: defineEndpoint({ method: 'GET', path: '/api/purchases/web/session/:sessionId', access: 'user', summary: 'A checkout session after the return', params: z.object({ sessionId: z.string() }), response: WebSession }),
} as const;

export interface ShellPurchaseServer extends PurchaseServer {
  products(host: PurchaseHost): Promise<ProductsAnswer>;
  webSession(sessionId: string): Promise<WebSession>;
}

export const purchaseServer: ShellPurchaseServer = {
  products: (host) => call(purchaseEndpoints.products, { query: { host } }),
  discordSync: () => call(purchaseEndpoints.discordSync, { body: {} }),
  crazygamesConfirm: (productId) => call(purchaseEndpoints.crazygamesConfirm, { body: { productId } }),
  webCheckout: (productId) => call(purchaseEndpoints.webCheckout, { body: { productId } }),
  webSession: (sessionId) => call(purchaseEndpoints.webSession, { params: { sessionId } }),
};
