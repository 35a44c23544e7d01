// The Activity's side of TripCoin packs (hosts/types.ts HostStore), over the embedded-app SDK's
// in-app purchases: prices from getSkus (formatted by the SDK's PriceUtils.formatPrice in the
// player's language), the purchase through startPurchase({sku_id}) (Discord's own dialog), and
// ENTITLEMENT_CREATE heard as news. The client never grants: after the dialog, and at every
// entitlement Discord announces (it may come after the dialog closed, or not at all: the server's
// webhook and reconcile cover that), our server lists the player's entitlements and grants.
import { PriceUtils, type DiscordSDK } from '@discord/embedded-app-sdk';
import type { OfferedProduct } from '../../contract/purchases';
import type { BuyOutcome, HostStore, PurchaseServer } from '../types';

export interface DiscordStoreDeps {
  sdk(): DiscordSDK | null;
  /** The Discord user signed in (authenticate done), or null. */
  userId(): string | null;
  log: Pick<Console, 'error'>;
}

const reasonOf = (error: unknown) => (typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error)).slice(0, 250);

/** The SDK's error for a purchase the player closed (RPC error code 4xxx/5xxx with "cancel"). */
export function isPurchaseCancel(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { message } = error as { message?: unknown };
  return typeof message === 'string' && /cancel|closed|abort/i.test(message);
}

export function createDiscordStore(deps: DiscordStoreDeps): HostStore & { entitlementCreated(): void } {
  const news = new Set<() => void>();
  return {
    host: 'discord',
    entitlementCreated() { for (const listener of news) listener(); },
    async prices(products: readonly OfferedProduct[], locale: string) {
      const sdk = deps.sdk();
      if (!sdk || deps.userId() === null) return {};
      try {
        const { skus } = await sdk.commands.getSkus();
        const wanted = new Set(products.map((p) => p.hostProductId));
        const out: Record<string, string> = {};
        for (const sku of skus) {
          if (!wanted.has(sku.id) || typeof sku.price?.amount !== 'number' || typeof sku.price.currency !== 'string') continue;
          out[sku.id] = PriceUtils.formatPrice(sku.price, locale);
        }
        return out;
      } catch (error) {
        deps.log.error('Discord getSkus failed:', error);
        return {};
      }
    },
    async buy(product: OfferedProduct, server: PurchaseServer): Promise<BuyOutcome> {
      const sdk = deps.sdk();
      if (!sdk) return { status: 'unavailable', reason: 'Discord is not ready' };
      if (deps.userId() === null) return { status: 'unavailable', reason: 'signInRequired' };
      let entitlements: Awaited<ReturnType<DiscordSDK['commands']['startPurchase']>>;
      try {
        entitlements = await sdk.commands.startPurchase({ sku_id: product.hostProductId });
      } catch (error) {
        if (isPurchaseCancel(error)) return { status: 'cancelled' };
        deps.log.error('Discord startPurchase failed:', error);
        return { status: 'unavailable', reason: `Discord refused the purchase: ${reasonOf(error)}` };
      }
      // No entitlement: the player closed the dialog (a late one still comes as ENTITLEMENT_CREATE).
      if (!entitlements || entitlements.length === 0) return { status: 'cancelled' };
      return { status: 'settled', settled: await server.discordSync() };
    },
    onPurchaseNews(listener) {
      news.add(listener);
      return () => { news.delete(listener); };
    },
  };
}
