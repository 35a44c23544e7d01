// No wallet in the browser: a desktop player is told to install a wallet extension; a player on
// a touch phone, where there are no extensions, to open the page in their wallet app's browser.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkInjectedWallet } from '../../src/features/accounts/api/linkWallet';

const pointer = (coarse: boolean) => vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
  matches: coarse && query.includes('coarse'), media: query, onchange: null,
  addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
}) as MediaQueryList);

afterEach(() => { vi.restoreAllMocks(); });

describe('linking a wallet with none in the browser', () => {
  it('tells a phone player to use the wallet app\'s browser, not to install an extension', async () => {
    pointer(true);
    const failure = await linkInjectedWallet().then(() => null, (error: unknown) => error as Error);
    expect(failure?.message).toMatch(/wallet app/);
    expect(failure?.message).not.toMatch(/extension/);
  });

  it('tells a desktop player to install a wallet extension', async () => {
    pointer(false);
    const failure = await linkInjectedWallet().then(() => null, (error: unknown) => error as Error);
    expect(failure?.message).toMatch(/extension/);
  });
});
