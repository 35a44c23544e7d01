// The game asks the page for a bot-check token (GAME_HOOKS.requestBotCheckToken). A feature may
// register the widget that produces tokens here; without one, the fallback the app composition
// passes (the accounts feature's off-screen widget, loaded on the first request) does it. The game's request waits at most 30 s, trying
// again every 8 s.
import { BOT_CHECK_TOKEN_RETRY_MS, BOT_CHECK_TOKEN_WAIT_MS } from '../../../contract/gameConstants';

export type BotCheckTokenProvider = () => Promise<string>;

export const BOT_CHECK_TEXT = {
  timeout: 'Turnstile timeout',
  failed: 'Turnstile verification failed',
} as const;

let provider: BotCheckTokenProvider | null = null;

/** Registers the widget's token function; returns the function that unregisters it. */
export function setBotCheckTokenProvider(next: BotCheckTokenProvider): () => void {
  provider = next;
  return () => { if (provider === next) provider = null; };
}

export interface TokenRequestOptions {
  waitMs?: number;
  retryMs?: number;
  getProvider?: () => BotCheckTokenProvider | null;
  /** Used while no widget is registered (src/app passes the accounts feature's off-screen one). */
  fallback?: BotCheckTokenProvider;
}

/** Resolves with a token, or rejects with 'Turnstile timeout' / 'Turnstile verification failed'. */
export function requestBotCheckToken(options: TokenRequestOptions = {}): Promise<string> {
  const waitMs = options.waitMs ?? BOT_CHECK_TOKEN_WAIT_MS;
  const retryMs = options.retryMs ?? BOT_CHECK_TOKEN_RETRY_MS;
  const getProvider = options.getProvider ?? (() => provider ?? options.fallback ?? null);

  return new Promise<string>((resolve, reject) => {
    let settled = false;
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const deadline = setTimeout(() => finish(() => reject(new Error(failures > 0 ? BOT_CHECK_TEXT.failed : BOT_CHECK_TEXT.timeout))), waitMs);
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(retry);
      settle();
    };
    const attempt = () => {
      if (settled) return;
      const current = getProvider();
      if (!current) { retry = setTimeout(attempt, retryMs); return; }
      current().then(
        (token) => {
          if (typeof token === 'string' && token.length > 0) finish(() => resolve(token));
          else { failures += 1; retry = setTimeout(attempt, retryMs); }
        },
        () => { failures += 1; retry = setTimeout(attempt, retryMs); },
      );
    };
    attempt();
  });
}
