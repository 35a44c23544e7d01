// The portal's side of TripCoin packs (hosts/types.ts HostStore): in-game purchases through
// Xsolla, for players signed in on the portal only (a guest is asked to sign in, never sold to).
// The purchase is the store module's buyItem(sku) (Xsolla's Pay Station, required for purchases
// in the portal's mobile app); it resolves with `{ itemId }` only, no order id. The grant comes
// from Xsolla's signed order_paid notification to our server (often before buyItem resolves):
// once it resolves we ask our server for this pack's recent grants, and the shell waits for the
// grant's live event. Nothing here consumes the item: Xsolla's consume is a client call of the
// player's inventory, and our ledger, not that inventory, is the record (the packs are consumable
// items). A rejection the player caused (closing Pay Station) is `cancelled`; anything else is
// `unavailable` with Xsolla's reason. Prices: the server's (the portal gives the client none).
import type { OfferedProduct } from '../../contract/purchases';
import type { BuyOutcome, HostStore, PurchaseServer } from '../types';
import { reasonOf, type CrazyGamesSdk } from './sdk';

/** A buyItem rejection that means the player closed the payment window. */
export function isStoreCancel(error: unknown): boolean {
  return /cancel|closed/i.test(reasonOf(error));
}

export function createCrazyGamesStore(usable: () => Promise<CrazyGamesSdk | string>, log: Pick<Console, 'warn'>): HostStore {
  return {
    host: 'crazygames',
    async blocked() {
      const s = await usable();
      if (typeof s === 'string' || !s.user.isUserAccountAvailable) return null;
      try { return (await s.user.getUser()) === null ? 'signInRequired' : null; } catch { return null; }
    },
    async buy(product: OfferedProduct, server: PurchaseServer): Promise<BuyOutcome> {
      const s = await usable();
      if (typeof s === 'string') return { status: 'unavailable', reason: s };
      if (!s.store || typeof s.store.buyItem !== 'function') return { status: 'unavailable', reason: 'this CrazyGames SDK has no store module' };
      try {
        if ((await s.user.getUser()) === null) return { status: 'unavailable', reason: 'signInRequired' };
      } catch (error) {
        return { status: 'unavailable', reason: `the portal could not tell who is signed in: ${reasonOf(error)}`.slice(0, 300) };
      }
      try {
        await s.store.buyItem(product.hostProductId);
      } catch (error) {
        if (isStoreCancel(error)) return { status: 'cancelled' };
        log.warn('CrazyGames buyItem failed:', error);
        return { status: 'unavailable', reason: `the purchase failed: ${reasonOf(error)}`.slice(0, 300) };
      }
      return { status: 'settled', settled: await server.crazygamesConfirm(product.id) };
    },
  };
}
