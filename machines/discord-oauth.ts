// The Discord popup flow on the web: open a
// 500x700 popup on the authorize page with a fresh 32-byte state kept in session storage, poll
// it every 500 ms up to 120 times (about 60 s), read the code and check the state every 4th
// poll, then exchange the code (sign-in) or link it to the logged-in player (verification).
// Pure: the popup, the storage, the randomness and the requests are injected, so the shell
// provides the browser's and the tests provide fakes.
import { assign, fromPromise, setup } from 'xstate';
import { DISCORD_TEXT } from '../contract/accounts';

export const DISCORD_POPUP = { width: 500, height: 700 } as const;
export const DISCORD_POLL_MS = 500;
export const DISCORD_MAX_POLLS = 120;
/** The callback is read (and its state checked) on every 4th poll. */
export const DISCORD_CHECK_EVERY = 4;
export const DISCORD_STATE_BYTES = 32;
export const DISCORD_STATE_KEY = 'discord_oauth_state';

export type DiscordPurpose = 'login' | 'link';

/** What the popup's address says once Discord sent it back to our callback (null: not yet). */
export interface DiscordCallback { code?: string | null; state?: string | null; error?: string | null }

export interface DiscordPopup {
  readonly closed: boolean;
  /** The callback parameters once the popup is back on our origin, else null (never throws). */
  read(): DiscordCallback | null;
  close(): void;
}

export interface DiscordEnv {
  /** window.open; null when the browser blocked it. Called synchronously from START (the click). */
  openPopup(url: string): DiscordPopup | null;
  /** DISCORD_STATE_BYTES random bytes, as text. */
  randomState(): string;
  storage: { get(key: string): string | null; set(key: string, value: string): void; remove(key: string): void };
}

export interface DiscordOAuthInput {
  purpose: DiscordPurpose;
  authorizeUrl: string;
  clientId: string;
  /** `${origin}/api/discord/callback`. */
  redirectUri: string;
  env: DiscordEnv;
}

/** What the injected request actors reject with: the server's text if it gave one, else a kind. */
export type DiscordFailure = { kind: 'server'; text?: string } | { kind: 'network' };

export function authorizeUrl(base: string, clientId: string, redirectUri: string, state: string): string {
  const url = new URL(base);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'identify');
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

export const DISCORD_FLOW_TEXT: Record<DiscordPurpose, { popupBlocked: string; providerError: string; requestFailed: string; network: string }> = {
  login: {
    popupBlocked: DISCORD_TEXT.popupBlocked,
    providerError: DISCORD_TEXT.loginFailed,
    requestFailed: DISCORD_TEXT.exchangeFailed,
    network: DISCORD_TEXT.loginFailed,
  },
  link: {
    popupBlocked: DISCORD_TEXT.popupBlockedConnect,
    providerError: DISCORD_TEXT.connectFailed,
    requestFailed: DISCORD_TEXT.linkFailed,
    network: 'An unexpected error occurred while connecting Discord',
  },
};

export function requestFailureText(purpose: DiscordPurpose, error: unknown): string {
  const failure = error as Partial<DiscordFailure> | null;
  if (failure && failure.kind === 'server' && 'text' in failure && failure.text) return failure.text;
  if (failure && failure.kind === 'network') return DISCORD_FLOW_TEXT[purpose].network;
  return DISCORD_FLOW_TEXT[purpose].requestFailed;
}

export interface DiscordOAuthContext extends DiscordOAuthInput {
  popup: DiscordPopup | null;
  polls: number;
  code: string | null;
  error: string | null;
  /** The popup was closed without a code (the player gave up): back to idle, no error. */
  cancelled: boolean;
  /** The exchange's or link's answer (final states). */
  result: unknown;
  /** What the latest poll found. */
  lastPoll: PollResult | null;
}

export type DiscordOAuthEvent = { type: 'START' } | { type: 'CANCEL' };

type Ctx = DiscordOAuthContext;

function closePopup(context: Ctx) {
  try { context.popup?.close(); } catch { /* already gone */ }
}

/** The outcome of one poll. */
export type PollResult = { kind: 'wait' } | { kind: 'closed' } | { kind: 'timeout' } | { kind: 'code'; code: string } | { kind: 'fail'; text: string };

export function pollOnce(context: Ctx, poll: number): PollResult {
  const popup = context.popup;
  if (!popup) return { kind: 'closed' };
  if (poll % DISCORD_CHECK_EVERY === 0) {
    const callback = popup.read();
    if (callback && (callback.code || callback.error)) {
      const stored = context.env.storage.get(DISCORD_STATE_KEY);
      if (callback.error) return { kind: 'fail', text: DISCORD_FLOW_TEXT[context.purpose].providerError };
      if (!stored || callback.state !== stored) return { kind: 'fail', text: DISCORD_FLOW_TEXT[context.purpose].requestFailed };
      return { kind: 'code', code: callback.code as string };
    }
  }
  if (popup.closed) return { kind: 'closed' };
  if (poll >= DISCORD_MAX_POLLS) return { kind: 'timeout' };
  return { kind: 'wait' };
}

export const discordOAuthMachine = setup({
  types: {
    context: {} as Ctx,
    events: {} as DiscordOAuthEvent,
    input: {} as DiscordOAuthInput,
  },
  actors: {
    // Replaced with .provide(); the defaults refuse so a missing provider is loud.
    exchange: fromPromise<unknown, { code: string }>(() => Promise.reject<unknown>({ kind: 'network' })),
    link: fromPromise<unknown, { code: string }>(() => Promise.reject<unknown>({ kind: 'network' })),
  },
  guards: {
    isLink: ({ context }) => context.purpose === 'link',
    popupOpen: ({ context }) => context.popup !== null,
    newDiscordUser: ({ event }) => (event as { output?: { status?: string } }).output?.status === 'new_discord_user',
  },
  actions: {
    closePopup: ({ context }) => closePopup(context),
    forgetState: ({ context }) => context.env.storage.remove(DISCORD_STATE_KEY),
  },
}).createMachine({
  id: 'discordOAuth',
  context: ({ input }) => ({ ...input, popup: null, polls: 0, code: null, error: null, cancelled: false, result: null, lastPoll: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: {
          target: 'opening',
          // Synchronous on purpose: the popup must open inside the click that sent START.
          actions: assign(({ context }) => {
            const state = context.env.randomState();
            context.env.storage.set(DISCORD_STATE_KEY, state);
            let popup: DiscordPopup | null;
            try { popup = context.env.openPopup(authorizeUrl(context.authorizeUrl, context.clientId, context.redirectUri, state)); } catch { popup = null; }
            return { popup, polls: 0, code: null, error: null, cancelled: false, result: null, lastPoll: null };
          }),
        },
      },
    },
    opening: {
      always: [
        { guard: 'popupOpen', target: 'polling' },
        { target: 'idle', actions: [assign({ error: ({ context }) => DISCORD_FLOW_TEXT[context.purpose].popupBlocked }), 'forgetState'] },
      ],
    },
    polling: {
      after: {
        [DISCORD_POLL_MS]: {
          target: 'checking',
          actions: assign(({ context }) => ({ polls: context.polls + 1, lastPoll: pollOnce(context, context.polls + 1) })),
        },
      },
      on: { CANCEL: { target: 'idle', actions: ['closePopup', 'forgetState', assign({ popup: null, cancelled: true })] } },
    },
    checking: {
      always: [
        {
          guard: ({ context }) => context.lastPoll?.kind === 'code',
          target: 'requesting',
          actions: [
            assign({ code: ({ context }) => (context.lastPoll as { code: string }).code }),
            'closePopup', 'forgetState', assign({ popup: null }),
          ],
        },
        {
          guard: ({ context }) => context.lastPoll?.kind === 'fail',
          target: 'idle',
          actions: [
            assign({ error: ({ context }) => (context.lastPoll as { text: string }).text }),
            'closePopup', 'forgetState', assign({ popup: null }),
          ],
        },
        {
          guard: ({ context }) => context.lastPoll?.kind === 'closed',
          target: 'idle',
          actions: ['forgetState', assign({ popup: null, cancelled: true })],
        },
        {
          guard: ({ context }) => context.lastPoll?.kind === 'timeout',
          target: 'idle',
          actions: ['closePopup', 'forgetState', assign({ popup: null, error: DISCORD_TEXT.timedOut })],
        },
        { target: 'polling' },
      ],
    },
    requesting: {
      always: [{ guard: 'isLink', target: 'linking' }, { target: 'exchanging' }],
    },
    exchanging: {
      invoke: {
        src: 'exchange',
        input: ({ context }) => ({ code: context.code ?? '' }),
        onDone: [
          { guard: 'newDiscordUser', target: 'needsAccount', actions: assign({ result: ({ event }) => event.output }) },
          { target: 'loggedIn', actions: assign({ result: ({ event }) => event.output }) },
        ],
        onError: { target: 'idle', actions: assign({ error: ({ context, event }) => requestFailureText(context.purpose, event.error) }) },
      },
    },
    linking: {
      invoke: {
        src: 'link',
        input: ({ context }) => ({ code: context.code ?? '' }),
        onDone: { target: 'linked', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ error: ({ context, event }) => requestFailureText(context.purpose, event.error) }) },
      },
    },
    loggedIn: { type: 'final' },
    needsAccount: { type: 'final' },
    linked: { type: 'final' },
  },
});
