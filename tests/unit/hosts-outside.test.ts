// Poki blocks requests off the game's origin (its "Requirements", Privacy & Security): on Poki the
// shell makes none. The rule (hosts/outside.ts), the error tracker that stays off there when its
// address is another origin's, and the game's bot check that is refused rather than loading
// Cloudflare's widget.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, pageDataElement } from '../../contract/pageData';
import { hostOf } from '../../hosts/list';
import { outsideRequestAllowed } from '../../hosts/outside';

const ORIGIN = 'https://game.example';

describe('outside requests by host', () => {
  it('on Poki only our own origin; elsewhere any address', () => {
    const poki = hostOf('poki');
    expect(outsideRequestAllowed(poki, 'https://o1.ingest.sentry.io/api/5/envelope/', ORIGIN)).toBe(false);
    expect(outsideRequestAllowed(poki, 'https://challenges.cloudflare.com/turnstile/v0/api.js', ORIGIN)).toBe(false);
    expect(outsideRequestAllowed(poki, '/api/system/altcha', ORIGIN)).toBe(true);
    expect(outsideRequestAllowed(poki, `${ORIGIN}/errors`, ORIGIN)).toBe(true);
    expect(outsideRequestAllowed(poki, 'not a url at all ::', 'also not')).toBe(false);
    for (const kind of ['web', 'crazygames', 'discord'] as const) expect(outsideRequestAllowed(hostOf(kind), 'https://o1.ingest.sentry.io/5', ORIGIN)).toBe(true);
  });
});

describe('on Poki', () => {
  beforeEach(() => { vi.resetModules(); });
  afterEach(() => { document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove(); vi.restoreAllMocks(); });

  it('the error tracker at another origin stays off: nothing listened to, its SDK never loaded', async () => {
    document.head.insertAdjacentHTML('beforeend', pageDataElement({ errorReporting: { dsn: 'https://k@o1.ingest.sentry.io/5', release: '1.3.0', environment: 'test' } }));
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { startErrorReporting } = await import('../../src/reporting/errorReporting');
    const load = vi.fn();
    const poki = hostOf('poki');
    expect(startErrorReporting(window, { host: 'poki', surface: 'shell' }, load, (url) => outsideRequestAllowed(poki, url, ORIGIN))).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it("the game's bot-check token is refused instead of loading Cloudflare's widget", async () => {
    const { setRequestHost } = await import('../../src/api/requestHost');
    setRequestHost('poki');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({
      botCheck: { provider: 'turnstile', siteKey: '1x00000000000000000000AA' },
      discord: { enabled: false, clientId: null, authorizeUrl: '' }, version: '1.0.0', demoRounds: null,
    }), { headers: { 'content-type': 'application/json' } }));
    const { gameBotCheckToken } = await import('../../src/features/accounts/headlessBotCheck');
    await expect(gameBotCheckToken({ location: { origin: ORIGIN } as Location })).rejects.toThrow('the bot check is an outside request, which the poki host blocks');
    expect(document.querySelector('script[src*="challenges.cloudflare.com"]')).toBeNull();
    setRequestHost(null);
  });
});
