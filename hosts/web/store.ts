// The site's side of TripCoin packs (hosts/types.ts HostStore): our server creates a checkout
// session at the payment provider and the page goes there in the same tab (a popup is blocked
// inside frames); the provider sends the player back with `?purchase=<session>`, where the shell
// reads the session (src/host-bridge/purchases.ts) and tells the player and the game. The grant is
// the provider's signed webhook's, on the server. Prices: the server's, formatted by the shell.
import type { OfferedProduct } from '../../contract/purchases';
import { purchaseReturn, PURCHASE_RETURN_PARAM } from '../../contract/purchaseReturn';
import type { BuyOutcome, HostStore, PurchaseServer } from '../types';

/** The parameter the checkout's return address carries, and its reading (the contract's). */
export { purchaseReturn, PURCHASE_RETURN_PARAM };

export function createWebStore(win: Pick<Window, 'location'>): HostStore {
  return {
    host: 'web',
    async buy(product: OfferedProduct, server: PurchaseServer): Promise<BuyOutcome> {
      const { url } = await server.webCheckout(product.id);
      let target: URL;
      try { target = new URL(url, win.location.href); } catch { return { status: 'unavailable', reason: 'the checkout address is not valid' }; }
      if (target.protocol !== 'https:' && target.protocol !== 'http:') return { status: 'unavailable', reason: 'the checkout address is not valid' };
      win.location.assign(target.href);
      return { status: 'redirected' };
    },
  };
}
