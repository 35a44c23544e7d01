// A stand-in for the CrazyGames portal's key server: serves {publicKey} (SPKI PEM) and signs
// user tokens with the matching private key, as the portal's SDK hands them to the game. Like
// the portal, it serves one game: every token names that game's id (gameId) unless a test asks
// for another game's token, or for one that names none (gameId: null).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CrazyGamesAdCallbacks, CrazyGamesSdk, CrazyGamesSettings } from '../../hosts/crazygames/sdk';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface FakePortal {
  keyUrl: string;
  /** The game this portal's tokens are for (the server's CRAZYGAMES_GAME_ID). */
  gameId: string;
  sign(claims: { userId: string; username: string; gameId?: string | null }, options?: { expiresIn?: string; key?: CryptoKey }): Promise<string>;
  /** Replaces the published key (rotation); old tokens stop verifying. */
  rotate(): Promise<void>;
  otherKey: CryptoKey;
  close(): Promise<void>;
}

export async function startFakePortal(options: { gameId: string; port?: number }): Promise<FakePortal> {
  let pair = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  let pem = await exportSPKI(pair.publicKey);
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ publicKey: pem }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    keyUrl: `http://127.0.0.1:${port}/publicKey.json`,
    gameId: options.gameId,
    otherKey: other.privateKey,
    async sign({ gameId, ...claims }, signing = {}) {
      const game = gameId === undefined ? options.gameId : gameId;
      return new SignJWT({ ...claims, ...(game === null ? {} : { gameId: game }) }).setProtectedHeader({ alg: 'RS256' }).setIssuedAt().setExpirationTime(signing.expiresIn ?? '1h')
        .sign(signing.key ?? pair.privateKey);
    },
    async rotate() {
      pair = await generateKeyPair('RS256', { extractable: true });
      pem = await exportSPKI(pair.publicKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// The portal's SDK v3 (window.CrazyGames.SDK), in process, for the host API's unit tests: the
// parts the shell uses, answering as the portal's script does. Ads: requestAd calls adStarted,
// then adFinished after the ad's length (or adError: 'unfilled' before it starts, or an error
// after it started); hasAdblock resolves true with the ad blocker on (and requestAd then errors
// with 'adblocker', as the real script does); invite links carry the parameters in the portal's
// URL; getInviteParam reads those the page was opened with. Habits on demand: an init() that
// rejects, an SDK that arrives late (loadSdk after a delay).

export type FakeAdBehaviour = 'plays' | 'unfilled' | 'errorAfterStart' | 'neverEnds';

export interface FakeCrazyGamesSdk extends CrazyGamesSdk {
  /** Lifecycle and ad calls, in order ('gameplayStop', 'requestAd:rewarded', 'adStarted', ...). */
  readonly calls: string[];
  adBehaviour: FakeAdBehaviour;
  adblock: boolean;
  adMs: number;
  /** The parameters the page was opened with (the portal's invite link). */
  inviteParams: Record<string, string>;
  /** game.isInstantMultiplayer: the player came through "Play with friends" (SDK v3 "Game" page). */
  instantMultiplayer: boolean;
  setSettings(next: Partial<CrazyGamesSettings>): void;
}

export function createFakeCrazyGamesSdk(options: { environment?: CrazyGamesSdk['environment']; initRejects?: boolean; systemInfo?: { locale?: string; countryCode?: string } } = {}): FakeCrazyGamesSdk {
  const calls: string[] = [];
  const listeners = new Set<(s: CrazyGamesSettings) => void>();
  const settings: CrazyGamesSettings = { muteAudio: false, disableChat: false };
  const at = (name: string) => () => { calls.push(name); };
  const fake: FakeCrazyGamesSdk = {
    calls,
    adBehaviour: 'plays',
    adblock: false,
    adMs: 1_000,
    inviteParams: {},
    instantMultiplayer: false,
    environment: options.environment ?? 'crazygames',
    init: async () => { if (options.initRejects) throw new Error('CrazyGames SDK init failed'); },
    setSettings(next) { Object.assign(settings, next); for (const l of [...listeners]) l({ ...settings }); },
    game: {
      loadingStart: at('loadingStart'), loadingStop: at('loadingStop'), gameplayStart: at('gameplayStart'), gameplayStop: at('gameplayStop'),
      settings,
      addSettingsChangeListener: (l) => { listeners.add(l); },
      removeSettingsChangeListener: (l) => { listeners.delete(l); },
      inviteLink: (params) => `https://www.crazygames.com/game/tripshell?${new URLSearchParams(params).toString()}`,
      showInviteButton: (params) => { calls.push(`showInviteButton:${new URLSearchParams(params).toString()}`); return `https://www.crazygames.com/game/tripshell?${new URLSearchParams(params).toString()}`; },
      hideInviteButton: at('hideInviteButton'),
      getInviteParam: (name) => fake.inviteParams[name] ?? null,
      get isInstantMultiplayer() { return fake.instantMultiplayer; },
      happytime: at('happytime'),
    },
    ad: {
      requestAd(kind: 'midgame' | 'rewarded', callbacks: CrazyGamesAdCallbacks) {
        calls.push(`requestAd:${kind}`);
        if (fake.adblock) { setTimeout(() => callbacks.adError?.({ code: 'adblocker', message: 'Ad blocker detected' }), 0); return; }
        if (fake.adBehaviour === 'unfilled') { setTimeout(() => callbacks.adError?.({ code: 'unfilled', message: 'No ad available' }), 0); return; }
        setTimeout(() => {
          calls.push('adStarted');
          callbacks.adStarted?.();
          if (fake.adBehaviour === 'neverEnds') return;
          setTimeout(() => {
            if (fake.adBehaviour === 'errorAfterStart') { calls.push('adError'); callbacks.adError?.({ code: 'other', message: 'The ad stopped' }); return; }
            calls.push('adFinished');
            callbacks.adFinished?.();
          }, fake.adMs);
        }, 10);
      },
      hasAdblock: async () => fake.adblock,
    },
    user: {
      isUserAccountAvailable: true,
      getUser: async () => null, showAuthPrompt: async () => null, getUserToken: async () => 'token',
      systemInfo: { locale: options.systemInfo?.locale ?? 'de-DE', countryCode: options.systemInfo?.countryCode ?? 'DE' },
    },
  };
  return fake;
}
