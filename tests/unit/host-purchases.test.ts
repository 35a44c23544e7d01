// The shell's side of TripCoin packs (src/host-bridge/purchases.ts) past what the conformance
// suite holds every host to: the web checkout's return read until paid and told once (also when
// the live event brings the same grant), a paid purchase the server has not granted yet answered
// when its grant arrives, and the server's refusals as the reasons the game and the overlay read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostEvent } from '../../contract/hostApi';
import type { OfferedProduct } from '../../contract/purchases';
import type { HostAdapter, HostStore } from '../../hosts/types';
import { ApiError } from '../../src/api/client';
import { purchasesLiveEvent } from '../../src/features/purchases/liveEvents';
import { getCheckoutReturn, resetPurchaseNews } from '../../src/host-bridge/purchaseNews';
import { createPurchases, formatPrice } from '../../src/host-bridge/purchases';
import type { ShellPurchaseServer } from '../../src/host-bridge/purchaseServer';
import type { LiveEvent } from '../../contract/liveEvents';
import { createCrazyGamesStore } from '../../hosts/crazygames/store';
import type { CrazyGamesSdk } from '../../hosts/crazygames/sdk';

const PACK: OfferedProduct = { id: 'tc-1200', tripcoins: 1200, hostProductId: 'price_tc_1200', price: { amountMinor: 999, currency: 'USD' } };
const grant = { purchaseId: 'cs_1', productId: 'tc-1200', tripcoins: 1200, host: 'web' as const };

function server(over: Partial<ShellPurchaseServer> = {}): ShellPurchaseServer {
  return {
    products: async (host) => ({ status: 'available', host, products: [PACK] }),
    discordSync: async () => ({ granted: [], balance: 0 }),
    crazygamesConfirm: async () => ({ granted: [], balance: 0 }),
    webCheckout: async () => ({ url: 'https://checkout.example/pay/cs_1', sessionId: 'cs_1' }),
    webSession: async () => ({ status: 'open' }),
    ...over,
  };
}

function make(store: HostStore | undefined, s: ShellPurchaseServer, href = 'https://game.example/', signedIn = true) {
  const events: HostEvent[] = [];
  const replaced: string[] = [];
  const win = { location: { href }, history: { state: null, replaceState: (_s: unknown, _t: string, url: string) => { replaced.push(url); } } } as unknown as Pick<Window, 'location' | 'history'>;
  const adapter = { kind: store?.host ?? 'poki', ...(store ? { store } : {}) } as unknown as HostAdapter;
  const p = createPurchases({ adapter, host: adapter.kind as 'web', server: s, signedIn: () => signedIn, locale: () => 'en-US', noPrice: () => 'at checkout', emit: (e) => events.push(e), win, graceMs: 2_000, pollMs: 20, log: { warn: vi.fn() } });
  return { p, events, replaced };
}

afterEach(() => { resetPurchaseNews(); });

describe('TripCoin packs in the shell', () => {
  it('reads the checkout the player came back from until it is paid, tells the game once (the live event of the same grant adds nothing) and clears the address', async () => {
    let reads = 0;
    const web: HostStore = { host: 'web', buy: vi.fn() };
    const { events, replaced, p } = make(web, server({ webSession: async () => (++reads < 3 ? { status: 'open' } : { status: 'paid', grant, balance: 1300 }) }), 'https://game.example/?purchase=cs_1&join=r1');
    expect(getCheckoutReturn()).toEqual({ sessionId: 'cs_1', status: 'waiting' });
    expect(replaced).toEqual(['https://game.example/?join=r1']);
    await vi.waitFor(() => expect(getCheckoutReturn()).toEqual({ sessionId: 'cs_1', status: 'paid', tripcoins: 1200, balance: 1300 }));
    purchasesLiveEvent({ type: 'purchaseGranted', ...grant, balance: 1300 } as unknown as LiveEvent);
    expect(events).toEqual([{ type: 'purchase', status: 'granted', productId: 'tc-1200', tripcoins: 1200, balance: 1300 }]);
    expect(reads).toBe(3);
    p.dispose();
  });

  it('says at once that a checkout the player cancelled is cancelled, and never reads the cancel address as a session', async () => {
    const reads: string[] = [];
    const web: HostStore = { host: 'web', buy: vi.fn() };
    const { events, replaced, p } = make(web, server({ webSession: async (id) => { reads.push(id); return { status: 'open' }; } }), 'https://game.example/?purchase=cancelled');
    expect(getCheckoutReturn()).toEqual({ sessionId: 'cancelled', status: 'cancelled' });
    expect(replaced).toEqual(['https://game.example/']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads).toEqual([]);
    expect(getCheckoutReturn()?.status).toBe('cancelled');
    expect(events).toEqual([]);
    p.dispose();
  });

  it('stops reading a checkout the server says was refunded, and says so (not paid, not slow)', async () => {
    const web: HostStore = { host: 'web', buy: vi.fn() };
    const { events, p } = make(web, server({ webSession: async () => ({ status: 'refunded', balance: 0 }) }), 'https://game.example/?purchase=cs_1');
    await vi.waitFor(() => expect(getCheckoutReturn()).toEqual({ sessionId: 'cs_1', status: 'refunded' }));
    expect(events).toEqual([]);
    p.dispose();
  });

  it('answers a paid purchase the server has not granted yet when its grant arrives (the webhook after the dialog), and a refund reaches the game as reversed', async () => {
    const portal: HostStore = { host: 'crazygames', buy: async (_p, s) => ({ status: 'settled', settled: await s.crazygamesConfirm('tc-1200') }) };
    const { p, events } = make(portal, server());
    const answer = p.purchase('tc-1200');
    await new Promise((r) => setTimeout(r, 50));
    purchasesLiveEvent({ type: 'purchaseGranted', purchaseId: 'order-9', productId: 'tc-1200', tripcoins: 1200, host: 'crazygames', balance: 1200 } as unknown as LiveEvent);
    expect(await answer).toEqual({ status: 'done', value: { productId: 'tc-1200', tripcoins: 1200, balance: 1200 } });
    purchasesLiveEvent({ type: 'purchaseReversed', purchaseId: 'order-9', productId: 'tc-1200', tripcoins: 1200, host: 'crazygames', balance: -200, debt: 200 } as unknown as LiveEvent);
    expect(events.map((e) => e.type === 'purchase' && [e.status, e.balance])).toEqual([['granted', 1200], ['reversed', -200]]);
    p.dispose();
  });

  it('the portal: buyItem, then the confirm names only the pack; no grant within the wait answers paymentPending, not a failure', async () => {
    const buyItem = vi.fn(async (itemId: string) => ({ itemId }));
    const sdk = { user: { isUserAccountAvailable: true, getUser: async () => ({ username: 'Cheese', profilePictureUrl: '' }) }, store: { buyItem } } as unknown as CrazyGamesSdk;
    const confirm = vi.fn(async (..._args: unknown[]) => ({ granted: [], balance: 0 }));
    const { p } = make(createCrazyGamesStore(async () => sdk, { warn: vi.fn() }), server({ crazygamesConfirm: confirm }));
    expect(await p.purchase('tc-1200')).toEqual({ status: 'unavailable', reason: 'paymentPending' });
    expect(buyItem).toHaveBeenCalledWith('price_tc_1200');
    expect(confirm.mock.calls).toEqual([['tc-1200']]);
    p.dispose();
  });

  it("gives the server's refusals and the player's state as the reasons the game reads", async () => {
    const web: HostStore = { host: 'web', buy: vi.fn() };
    const refused = (code: string, status = 503) => server({ products: async () => { throw new ApiError(status, { error: 'no', code }, 'no'); } });
    expect(await make(web, refused('PURCHASES_NOT_CONFIGURED')).p.products()).toEqual({ status: 'unavailable', reason: 'notConfigured' });
    expect(await make(web, refused('SIGN_IN_REQUIRED', 403)).p.products()).toEqual({ status: 'unavailable', reason: 'signInRequired' });
    expect(await make(web, server(), undefined, false).p.purchase('tc-1200')).toEqual({ status: 'unavailable', reason: 'signInRequired' });
    expect(await make(undefined, server()).p.products()).toEqual({ status: 'unavailable', reason: 'hostHasNoPurchases' });
    expect(await make(web, server({ products: async () => ({ status: 'unavailable', reason: 'notConfigured' }) })).p.purchase('tc-1200')).toEqual({ status: 'unavailable', reason: 'notConfigured' });
    expect(await make(web, server()).p.purchase('tc-9999')).toMatchObject({ status: 'unavailable', reason: expect.stringContaining('tc-9999') });
    expect(web.buy).not.toHaveBeenCalled();
  });

  it('prices in the player\'s language by the currency\'s own digits', () => {
    expect(formatPrice({ amountMinor: 999, currency: 'EUR' }, 'de-DE')).toBe('9,99\u00a0€');
    expect(formatPrice({ amountMinor: 1999, currency: 'JPY' }, 'en-US')).toBe('¥1,999');
    expect(formatPrice({ amountMinor: 499, currency: 'USD' }, 'en-US')).toBe('$4.99');
  });
});
