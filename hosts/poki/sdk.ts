// A typed shim over Poki's HTML5 SDK (window.PokiSDK), which Poki serves as a script, not an npm
// package. Only what the shell uses is typed; the loader checks the global has that shape.
// As documented: init() resolves when ready and rejects when an ad blocker keeps it from
// starting (the game goes on, and the SDK's other calls still answer); commercialBreak(onStart)
// resolves when the break is over, whether or not an ad played; rewardedBreak({size, onStart})
// resolves whether the reward was earned; shareableURL(params) resolves a link to the game with
// those parameters, and getURLParam(name) reads one back on the page the link opened.
import activity from '../../activity.config.json';
import { localPokiSdkUrl } from './page';

export interface PokiSdk {
  init(): Promise<unknown>;
  gameLoadingFinished(): void;
  gameplayStart(): void;
  gameplayStop(): void;
  commercialBreak(onStart?: () => void): Promise<unknown>;
  rewardedBreak(options?: { size?: 'small' | 'medium' | 'large'; onStart?: () => void }): Promise<boolean>;
  shareableURL(params: Record<string, string>): Promise<string>;
  /** A string at once in some versions, a promise in others: the adapter awaits either. */
  getURLParam(name: string): string | null | Promise<string | null>;
}

const METHODS = ['init', 'gameLoadingFinished', 'gameplayStart', 'gameplayStop', 'commercialBreak', 'rewardedBreak', 'shareableURL', 'getURLParam'] as const;

export function isPokiSdk(value: unknown): value is PokiSdk {
  if (typeof value !== 'object' || value === null) return false;
  const sdk = value as Record<string, unknown>;
  return METHODS.every((m) => typeof sdk[m] === 'function');
}

export const POKI_SDK_URL: string = activity.poki.sdkUrl;
/** What loading gave: the SDK, and whether its init() was refused (an ad blocker). */
export interface LoadedPoki { sdk: PokiSdk; initRefused: boolean }

/** Adds the SDK script (once), waits for it, checks the global's shape and awaits init(). */
export async function loadPokiSdk(win: Window = window, url: string = localPokiSdkUrl(win.location.href) ?? POKI_SDK_URL): Promise<LoadedPoki> {
  const global = () => (win as Window & { PokiSDK?: unknown }).PokiSDK;
  if (!global()) {
    await new Promise<void>((resolve, reject) => {
      let script = win.document.querySelector<HTMLScriptElement>('script[data-poki-sdk]');
      if (!script) {
        script = win.document.createElement('script');
        script.src = url;
        script.async = true;
        script.dataset.pokiSdk = 'true';
        win.document.head.appendChild(script);
      }
      script.addEventListener('load', () => resolve(), { once: true });
      script.addEventListener('error', () => reject(new Error(`The Poki SDK (${url}) could not be loaded`)), { once: true });
    });
  }
  const sdk = global();
  if (!isPokiSdk(sdk)) throw new Error('window.PokiSDK is missing or not the Poki SDK');
  try { await sdk.init(); return { sdk, initRefused: false }; } catch { return { sdk, initRefused: true }; }
}
