// The host API's TripCoin packs (contract/hostApi.ts `products`, `purchase`, the `purchase` event)
// over the host's store (hosts/types.ts HostStore) and our server (purchaseServer.ts):
// - products: the server's packs for this host, priced by the host where it formats its own
//   (Discord's SKUs), else the server's price through Intl in the player's language; `unavailable`
//   with the reason (no purchases on this host, the portal's guest or nobody signed in, not configured);
// - purchase: the host's flow, then the server settles and grants; the answer carries the grant.
//   Paid but not yet granted (the provider's webhook is on its way) waits for the grant's news;
// - news: every grant and reversal (the settle answers, Discord's ENTITLEMENT_CREATE, the live
//   events, the checkout's return) is told once (purchaseNews.ts) and reaches the game as the event;
// - the checkout's return (`?purchase=<session>` on the web) is read until paid or expired.
import { HOST_LIMITS, type HostAnswer, type HostEvent, type HostName, type HostProduct, type PurchaseUnavailable } from '../../contract/hostApi';
import type { OfferedProduct } from '../../contract/purchases';
import { CHECKOUT_CANCELLED, purchaseReturn, PURCHASE_RETURN_PARAM } from '../../contract/purchaseReturn';
import type { HostAdapter, Settled } from '../../hosts/types';
import { ApiError } from '../api/client';
import { onPurchaseNews, setCheckoutReturn, tellPurchase, type PurchaseNews } from './purchaseNews';
import type { ShellPurchaseServer } from './purchaseServer';

export interface PurchasesDeps {
  adapter: HostAdapter;
  host: HostName;
  server: ShellPurchaseServer;
  /** Our own player is signed in (a purchase is theirs). */
  signedIn(): boolean;
  /** The player's language for prices (an Intl locale). */
  locale(): string;
  /** The price text where neither the host nor the server gives one. */
  noPrice(): string;
  emit(event: HostEvent): void;
  win?: Pick<Window, 'location' | 'history'>;
  /** How long a paid purchase waits for its grant (the webhook), and the return page polls. */
  graceMs?: number;
  pollMs?: number;
  log?: Pick<Console, 'warn'>;
}

type Unavailable = { status: 'unavailable'; reason: PurchaseUnavailable | string };
const unavailable = (reason: PurchaseUnavailable | string): Unavailable => ({ status: 'unavailable', reason: reason.slice(0, 300) });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A price as Intl writes it in `locale` (minor units by the currency's own digits). */
export function formatPrice(price: { amountMinor: number; currency: string }, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: price.currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(price.amountMinor / 10 ** digits);
}

/** A server refusal as an `unavailable` reason. */
function refusal(error: unknown): Unavailable {
  if (error instanceof ApiError) {
    if (error.code === 'SIGN_IN_REQUIRED' || error.status === 401) return unavailable('signInRequired');
    if (error.code === 'PURCHASES_NOT_CONFIGURED') return unavailable('notConfigured');
    return unavailable(`the server refused: ${error.message}`);
  }
  return unavailable(`the server could not be reached: ${error instanceof Error ? error.message : String(error)}`);
}

export function createPurchases(deps: PurchasesDeps) {
  const { adapter, server } = deps;
  const store = adapter.store;
  const log = deps.log ?? console;
  const graceMs = deps.graceMs ?? 60_000;
  // Every 2 s: the server counts a player's purchase calls (PURCHASE_CALLS_PER_MINUTE).
  const pollMs = deps.pollMs ?? 2_000;
  const pricesWaitMs = 3_000;
  const cleanups: Array<() => void> = [];

  // Every grant and reversal reaches the game once.
  cleanups.push(onPurchaseNews((news: PurchaseNews) => {
    deps.emit({ type: 'purchase', status: news.kind, productId: news.productId, tripcoins: news.tripcoins, balance: news.balance });
  }));
  const tellSettled = (settled: Settled) => {
    for (const g of settled.granted) tellPurchase({ kind: 'granted', ...g, balance: settled.balance });
  };

  /** The server's packs for this host, or why there are none. */
  const offered = async (): Promise<OfferedProduct[] | Unavailable> => {
    if (!store) return unavailable('hostHasNoPurchases');
    if ((await store.blocked?.()) === 'signInRequired' || !deps.signedIn()) return unavailable('signInRequired');
    let answer;
    try { answer = await server.products(store.host); } catch (error) { return refusal(error); }
    if (answer.status === 'unavailable') return unavailable(answer.reason);
    return answer.products;
  };

  const products = async (): Promise<HostAnswer<'products'>> => {
    const found = await offered();
    if (!Array.isArray(found)) return found;
    const locale = deps.locale();
    // The host's prices, bounded: a host that never answers leaves the server's prices.
    const asked = store?.prices?.(found, locale).catch(() => ({})) ?? Promise.resolve({});
    const hostPrices: Record<string, string> = await Promise.race([asked, wait(pricesWaitMs).then(() => ({}))]);
    const list: HostProduct[] = found.map((p) => ({
      id: p.id, tripcoins: p.tripcoins,
      price: (hostPrices[p.hostProductId] ?? (p.price ? formatPrice(p.price, locale) : deps.noPrice())).slice(0, HOST_LIMITS.priceTextMax),
    }));
    return { status: 'done', value: { host: deps.host, products: list } };
  };

  /** The grant of `productId` told after `since` (the webhook's, the live event's), within graceMs. */
  const laterGrant = (productId: string) => new Promise<PurchaseNews | null>((resolve) => {
    const stop = onPurchaseNews((news) => { if (news.kind === 'granted' && news.productId === productId) { stop(); clearTimeout(timer); resolve(news); } });
    const timer = setTimeout(() => { stop(); resolve(null); }, graceMs);
  });

  let buying = false;
  const purchase = async (productId: string): Promise<HostAnswer<'purchase'>> => {
    const found = await offered();
    if (!Array.isArray(found)) return found;
    const product = found.find((p) => p.id === productId);
    if (!product) return unavailable(`no pack ${productId} is sold here`);
    if (buying) return unavailable('a purchase is already in progress');
    buying = true;
    try {
      const later = laterGrant(productId);
      let outcome;
      try { outcome = await store!.buy(product, server); } catch (error) { return refusal(error); }
      if (outcome.status === 'cancelled') return { status: 'cancelled' };
      if (outcome.status === 'unavailable') return unavailable(outcome.reason);
      // The page is going to the provider's checkout: the answer comes back with the player.
      if (outcome.status === 'redirected') return await new Promise<never>(() => undefined);
      tellSettled(outcome.settled);
      const grant = outcome.settled.granted.find((g) => g.productId === productId);
      if (grant) return { status: 'done', value: { productId, tripcoins: grant.tripcoins, balance: outcome.settled.balance } };
      const news = await later;
      return news
        ? { status: 'done', value: { productId, tripcoins: news.tripcoins, balance: news.balance } }
        : unavailable('paymentPending');
    } finally { buying = false; }
  };

  // Discord says an entitlement was created (also one that completed after its dialog closed).
  if (store?.onPurchaseNews) {
    cleanups.push(store.onPurchaseNews(() => {
      if (!deps.signedIn()) return;
      server.discordSync().then(tellSettled, (error: unknown) => log.warn('Purchases: settling after the host\'s news failed:', error));
    }));
  }

  // Back from the checkout: read the session until it is paid (the webhook may come after the player).
  const win = deps.win ?? (typeof window === 'undefined' ? undefined : window);
  const returned = store?.host === 'web' && win ? purchaseReturn(win.location.href) : null;
  if (returned && win) {
    const url = new URL(win.location.href);
    url.searchParams.delete(PURCHASE_RETURN_PARAM);
    win.history.replaceState(win.history.state, '', url.toString());
    // The cancel address names no session: the player closed the checkout, which is said at once
    // (reading it as a session would wait a minute for a payment nobody made).
    if (returned === CHECKOUT_CANCELLED) setCheckoutReturn({ sessionId: returned, status: 'cancelled' });
    else setCheckoutReturn({ sessionId: returned, status: 'waiting' });
    if (returned !== CHECKOUT_CANCELLED) void (async () => {
      const until = Date.now() + graceMs;
      while (Date.now() < until) {
        try {
          const session = await server.webSession(returned);
          if (session.status === 'paid' && session.grant && session.balance !== undefined) {
            tellPurchase({ kind: 'granted', ...session.grant, balance: session.balance });
            setCheckoutReturn({ sessionId: returned, status: 'paid', tripcoins: session.grant.tripcoins, balance: session.balance });
            return;
          }
          if (session.status === 'expired') { setCheckoutReturn({ sessionId: returned, status: 'expired' }); return; }
          if (session.status === 'refunded') { setCheckoutReturn({ sessionId: returned, status: 'refunded' }); return; }
        } catch (error) {
          log.warn('Purchases: reading the checkout failed:', error);
        }
        await wait(pollMs);
      }
      setCheckoutReturn({ sessionId: returned, status: 'failed' });
    })();
  }

  return {
    products,
    purchase,
    available: () => Boolean(store),
    dispose() { for (const c of cleanups.splice(0)) c(); },
  };
}
