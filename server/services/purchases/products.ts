// The TripCoin packs for real money: data, not code. PURCHASE_PRODUCTS_FILE (default
// config/products.json) lists each pack once with its id on every host that sells it (the
// Discord SKU id, the Xsolla item sku, the web provider's price id). The file is checked when the
// server starts: a bad one stops it with the field named, so a typo never reaches a player.
// The amounts a grant gives come from here, never from a client.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ProductsFile, type OfferedProduct, type ProductConfig, type PurchaseHost } from '../../../contract/purchases';

export type Product = ProductConfig;

/** The packs as loaded: in file order, and by id. */
export interface Products {
  readonly list: readonly Product[];
  readonly byId: ReadonlyMap<string, Product>;
}

export const DEFAULT_PRODUCTS_FILE = 'config/products.json';

export class ProductsError extends Error {}

/** The host's own id of a pack (the Discord SKU id, the Xsolla sku, the web price id), or undefined where it is not sold there. */
export function hostProductIdOf(product: Product, host: PurchaseHost): string | undefined {
  switch (host) {
    case 'discord': return product.discord?.skuId;
    case 'crazygames': return product.crazygames?.sku;
    case 'web': return product.web?.priceId;
  }
}

/** Checks parsed JSON: the schema, then no id and no host id twice. Throws ProductsError naming the field. */
export function parseProducts(raw: unknown, source = 'the products file'): Products {
  const parsed = ProductsFile.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ProductsError(`Invalid products in ${source}: ${lines.join('; ')}`);
  }
  const byId = new Map<string, Product>();
  const hostIds = new Map<string, number>();
  parsed.data.products.forEach((product, index) => {
    if (byId.has(product.id)) throw new ProductsError(`Invalid products in ${source}: products.${index}.id: "${product.id}" is listed twice`);
    byId.set(product.id, product);
    for (const host of ['discord', 'crazygames', 'web'] as const) {
      const hostId = hostProductIdOf(product, host);
      if (hostId === undefined) continue;
      const key = `${host}\u0000${hostId}`;
      const field = host === 'discord' ? 'discord.skuId' : host === 'crazygames' ? 'crazygames.sku' : 'web.priceId';
      if (hostIds.has(key)) throw new ProductsError(`Invalid products in ${source}: products.${index}.${field}: "${hostId}" is also products.${hostIds.get(key)}'s`);
      hostIds.set(key, index);
    }
  });
  return { list: parsed.data.products, byId };
}

/** Reads and checks the file (relative paths from the working directory, where `npm start` runs). */
export function loadProducts(path: string = DEFAULT_PRODUCTS_FILE): Products {
  const full = resolve(process.cwd(), path);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(full, 'utf8'));
  } catch (error) {
    throw new ProductsError(`Cannot read the products file at ${full}: ${(error as Error).message}`);
  }
  return parseProducts(raw, full);
}

/** The server's own price of a pack on a host that gives the client none (the web, the portal). */
function ownPrice(product: Product, host: PurchaseHost): OfferedProduct['price'] {
  if (host === 'web' && product.web) return { amountMinor: product.web.amountMinor, currency: product.web.currency };
  const portal = product.crazygames;
  if (host === 'crazygames' && portal?.amountMinor !== undefined && portal.currency !== undefined) return { amountMinor: portal.amountMinor, currency: portal.currency };
  return undefined;
}

/** The packs one host sells, as the products endpoint offers them (with the server's price where it has one). */
export function offeredProducts(products: Products, host: PurchaseHost): OfferedProduct[] {
  const out: OfferedProduct[] = [];
  for (const product of products.list) {
    const hostProductId = hostProductIdOf(product, host);
    if (hostProductId === undefined) continue;
    const price = ownPrice(product, host);
    out.push({ id: product.id, tripcoins: product.tripcoins, hostProductId, ...(price ? { price } : {}) });
  }
  return out;
}

/** Whether any pack maps to this host (half of "configured"; the host's credentials are the other). */
export function hostSellsProducts(products: Products, host: PurchaseHost): boolean {
  return products.list.some((p) => hostProductIdOf(p, host) !== undefined);
}
