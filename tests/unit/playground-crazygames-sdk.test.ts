// The host playground's stand-in for the CrazyGames v3 SDK (playground/crazygames-sdk.js),
// evaluated as the browser would run it, held to the documented v3 API: video ads through
// requestAd's callbacks (adStarted, then adFinished or adError), ad-blocker detection, invite
// links carrying the room, the invite parameters the portal hands the game's frame, happy time,
// the chat setting, the player's system info.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync('playground/crazygames-sdk.js', 'utf8');

interface AdCallbacks { adStarted?: () => void; adFinished?: () => void; adError?: (error: { code: string; message: string }) => void }
interface StandIn {
  CrazyGames: { SDK: {
    ad: { requestAd(kind: string, callbacks: AdCallbacks): void; hasAdblock(): Promise<boolean> };
    game: {
      settings: { muteAudio: boolean; disableChat: boolean };
      inviteLink(params: Record<string, string>): string;
      showInviteButton(params: Record<string, string>): string;
      getInviteParam(name: string): string | null;
      inviteParams: Record<string, string> | null;
      happytime(): void;
      addSettingsChangeListener(l: (s: { muteAudio: boolean; disableChat: boolean }) => void): void;
      addJoinRoomListener(l: (params: Record<string, string>) => void): void;
    };
    user: { systemInfo: { locale: string; countryCode: string } };
  } };
  __crazyGames: { setChatDisabled(on: boolean): void; finishAd(how?: string): void; joinRoom(params: Record<string, string>): void; adEvents: Array<{ kind: string; event: string }> };
}

/** Runs the script with its own URL and the game frame's query, as a page under a portal parent would. */
function load(scriptQuery: string, gameQuery = '') {
  const toPortal = vi.fn();
  const listeners: Array<(e: { source: unknown; data: unknown }) => void> = [];
  const parent = { postMessage: toPortal };
  const win = {
    location: { search: gameQuery, origin: 'http://localhost:9202' },
    parent,
    addEventListener: (type: string, l: (e: { source: unknown; data: unknown }) => void) => { if (type === 'message') listeners.push(l); },
  } as unknown as StandIn & Record<string, unknown>;
  const doc = { currentScript: { src: `http://127.0.0.1:9202/crazygames-sdk-v3.js?${scriptQuery}` }, referrer: 'http://127.0.0.1:9202/crazygames' };
  new Function('window', 'document', 'navigator', SOURCE)(win, doc, { userAgent: 'Chromium' });
  const fromPortal = (data: unknown) => { for (const l of listeners) l({ source: parent, data }); };
  return { win, sdk: win.CrazyGames.SDK, toPortal, fromPortal };
}

function callbacks() {
  const heard: string[] = [];
  const errors: Array<{ code: string }> = [];
  return {
    heard, errors,
    cb: { adStarted: () => heard.push('adStarted'), adFinished: () => heard.push('adFinished'), adError: (e: { code: string }) => { heard.push('adError'); errors.push(e); } } satisfies AdCallbacks,
  };
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('the stand-in CrazyGames SDK', () => {
  it('plays an ad: adStarted after the auction, adFinished after adMs, and tells the portal page both', async () => {
    const { sdk, toPortal } = load('adMs=1000');
    const { heard, cb } = callbacks();
    sdk.ad.requestAd('rewarded', cb);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(150);
    expect(heard).toEqual(['adStarted']);
    expect(toPortal).toHaveBeenCalledWith({ crazyGamesSdk: 'adStarted', kind: 'rewarded' }, '*');
    await vi.advanceTimersByTimeAsync(900);
    expect(heard).toEqual(['adStarted']);
    await vi.advanceTimersByTimeAsync(200);
    expect(heard).toEqual(['adStarted', 'adFinished']);
    expect(await sdk.ad.hasAdblock()).toBe(false);
  });

  it('lets the portal page end the ad: watched to the end, or closed (adError), and refuses a second ad meanwhile', async () => {
    const { sdk, fromPortal } = load('adMs=60000');
    const first = callbacks();
    sdk.ad.requestAd('midgame', first.cb);
    await vi.advanceTimersByTimeAsync(150);
    const second = callbacks();
    sdk.ad.requestAd('midgame', second.cb);
    await vi.advanceTimersByTimeAsync(100);
    expect(second.heard).toEqual(['adError']);
    fromPortal({ crazyGamesPlayground: 'finishAd', how: 'closed' });
    expect(first.heard).toEqual(['adStarted', 'adError']);
    expect(first.errors[0]?.code).toBe('other');
  });

  it('with an ad blocker: hasAdblock is true and every ad ends in adError without starting; unfilled says so', async () => {
    const blocked = load('adblock=ads');
    expect(await blocked.sdk.ad.hasAdblock()).toBe(true);
    const a = callbacks();
    blocked.sdk.ad.requestAd('rewarded', a.cb);
    await vi.advanceTimersByTimeAsync(3000);
    expect(a.heard).toEqual(['adError']);
    const empty = load('ads=unfilled');
    const b = callbacks();
    empty.sdk.ad.requestAd('midgame', b.cb);
    await vi.advanceTimersByTimeAsync(3000);
    expect(b.errors).toEqual([{ code: 'unfilled', message: 'No ad available' }]);
  });

  it('makes invite links to the portal page with the room, and reads the invite parameters the portal put on the game frame', () => {
    const { sdk, toPortal } = load('portalUrl=http%3A%2F%2F127.0.0.1%3A9202%2Fcrazygames', '?useLocalSdk=true&czy_invite=true&roomId=r-42');
    const link = new URL(sdk.game.inviteLink({ roomId: 'r-7' }));
    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:9202/crazygames');
    expect(link.searchParams.get('roomId')).toBe('r-7');
    expect(link.searchParams.get('czy_invite')).toBe('true');
    expect(sdk.game.getInviteParam('roomId')).toBe('r-42');
    expect(sdk.game.getInviteParam('other')).toBeNull();
    expect(sdk.game.inviteParams).toEqual({ roomId: 'r-42' });
    expect(load('').sdk.game.inviteParams).toBeNull();
    sdk.game.showInviteButton({ roomId: 'r-7' });
    expect(toPortal).toHaveBeenCalledWith({ crazyGamesSdk: 'showInviteButton', link: link.href }, '*');
    sdk.game.happytime();
    expect(toPortal).toHaveBeenCalledWith({ crazyGamesSdk: 'happytime' }, '*');
  });

  it('has the chat setting (from its URL and the portal page), the system info locale, and hands a followed invite to the join-room listeners', () => {
    const { sdk, fromPortal } = load('disableChat=1&locale=de-DE&country=DE');
    expect(sdk.game.settings.disableChat).toBe(true);
    expect(sdk.user.systemInfo).toMatchObject({ locale: 'de-DE', countryCode: 'DE' });
    const seen: unknown[] = [];
    sdk.game.addSettingsChangeListener((s) => seen.push(s));
    fromPortal({ crazyGamesPlayground: 'chat', disabled: false });
    expect(seen).toEqual([{ muteAudio: false, disableChat: false }]);
    const rooms: unknown[] = [];
    sdk.game.addJoinRoomListener((p) => rooms.push(p));
    fromPortal({ crazyGamesPlayground: 'joinRoom', params: { roomId: 'r-9' } });
    expect(rooms).toEqual([{ roomId: 'r-9' }]);
    expect(load('').sdk.user.systemInfo.locale).toBe('en-US');
  });
});
