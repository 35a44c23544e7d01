// The Mythical Bridge modal's flow: enter a wallet address →
// Continue ('Verifying...') → 'Confirm that this is you' ('No, go back' | 'YES THIS IS ME') →
// Final Confirmation (Go Back | Finalize Airdrop, 'Finalizing...') → complete: the modal's own
// success step ('Transaction Complete!', the explorer link, Done), with no way back. Closing the modal drops the actor, which clears everything.
//
// Pure: the two requests are injected actors (`verify`, `finalize`) and so is the source of
// Idempotency-Keys. A finalize that got no answer at all keeps its key, so pressing Finalize
// again can never burn a second ticket or send twice (an internal error counts as no answer);
// one the server refused gets a new key
// (the server would otherwise replay the refusal for the old one).
import { assign, fromPromise, setup } from 'xstate';
import { BRIDGE_TEXT, WALLET_PATTERN, type MarketplaceProfile } from '../contract/bridge';

export interface FinalizeRequest { destinationWallet: string; idempotencyKey: string }
export interface FinalizeResult { transactionHash: string; explorerUrl: string; status: 'sent' | 'confirmed' | 'signed' }

/**
 * What the injected actors reject with: the server's answer (its text, and whether the outcome
 * is unknown, as after an internal error), or no answer at all.
 */
export type BridgeFailure = { kind: 'server'; status?: number; text?: string; outcomeUnknown?: boolean } | { kind: 'network' };

export function isValidWallet(wallet: string): boolean {
  return WALLET_PATTERN.test(wallet);
}

/** The text shown for a failed request: the server's own text, else the spec's fallback. */
export function failureText(error: unknown, fallback: string): string {
  const failure = error as Partial<BridgeFailure> | null;
  if (failure && failure.kind === 'server' && 'text' in failure && failure.text) return failure.text;
  return fallback;
}

/** The request may have been carried out: only the same Idempotency-Key may ask again. */
function outcomeUnknown(error: unknown): boolean {
  const failure = error as { kind?: string; outcomeUnknown?: boolean } | null;
  return failure?.kind === 'network' || failure?.outcomeUnknown === true;
}

export interface BridgeContext {
  wallet: string;
  /** The text of the red box (and of the toast), or null. */
  error: string | null;
  /** Where the error came from: the address field's check or a request. */
  errorSource: 'input' | 'request' | null;
  /** Bumped on every new error, so the view can toast each one once. */
  errors: number;
  profile: MarketplaceProfile | null;
  /** The key of the finalize request for the wallet on screen (reused on a no-answer retry). */
  idempotencyKey: string | null;
  result: FinalizeResult | null;
}

export type BridgeEvent =
  | { type: 'EDIT'; wallet: string }
  | { type: 'CONTINUE' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'FINALIZE' };

export interface BridgeInput {
  /** A fresh Idempotency-Key (8-100 of [A-Za-z0-9_.:-]). */
  newKey: () => string;
  wallet?: string;
}

const rejectUnprovided = () => Promise.reject<never>({ kind: 'network' } satisfies BridgeFailure);

export const bridgeMachine = setup({
  types: {
    context: {} as BridgeContext & { newKey: () => string },
    events: {} as BridgeEvent,
    input: {} as BridgeInput,
  },
  actors: {
    // Replaced with .provide(); the defaults refuse so a missing provider is loud.
    verify: fromPromise<MarketplaceProfile, { wallet: string }>(rejectUnprovided),
    finalize: fromPromise<FinalizeResult, FinalizeRequest>(rejectUnprovided),
  },
  guards: {
    validWallet: ({ context }) => isValidWallet(context.wallet.trim()),
    outcomeUnknown: ({ event }) => outcomeUnknown((event as { error?: unknown }).error),
  },
  actions: {
    clearError: assign({ error: null, errorSource: null }),
  },
}).createMachine({
  id: 'bridge',
  context: ({ input }) => ({
    wallet: input.wallet ?? '', error: null, errorSource: null, errors: 0, profile: null, idempotencyKey: null, result: null, newKey: input.newKey,
  }),
  initial: 'address',
  states: {
    address: {
      on: {
        EDIT: {
          // A different address is a different transfer: it gets its own key.
          actions: assign(({ event, context }) => ({
            wallet: event.wallet,
            idempotencyKey: event.wallet.trim().toLowerCase() === context.wallet.trim().toLowerCase() ? context.idempotencyKey : null,
            error: context.errorSource === 'input' ? null : context.error,
            errorSource: context.errorSource === 'input' ? null : context.errorSource,
          })),
        },
        CONTINUE: [
          { guard: 'validWallet', target: 'verifying', actions: [assign(({ context }) => ({ wallet: context.wallet.trim() })), 'clearError'] },
          { actions: assign(({ context }) => ({ error: BRIDGE_TEXT.invalidWallet, errorSource: 'input' as const, errors: context.errors + 1 })) },
        ],
      },
    },
    verifying: {
      invoke: {
        src: 'verify',
        input: ({ context }) => ({ wallet: context.wallet }),
        onDone: { target: 'profile', actions: assign({ profile: ({ event }) => event.output }) },
        onError: {
          target: 'address',
          actions: assign(({ event, context }) => ({ error: failureText(event.error, BRIDGE_TEXT.verifyFailed), errorSource: 'request' as const, errors: context.errors + 1 })),
        },
      },
    },
    profile: {
      on: {
        BACK: { target: 'address', actions: [assign({ profile: null }), 'clearError'] },
        CONFIRM: { target: 'confirm', actions: 'clearError' },
      },
    },
    confirm: {
      on: {
        BACK: { target: 'profile', actions: 'clearError' },
        FINALIZE: {
          target: 'finalizing',
          actions: [assign(({ context }) => ({ idempotencyKey: context.idempotencyKey ?? context.newKey() })), 'clearError'],
        },
      },
    },
    finalizing: {
      invoke: {
        src: 'finalize',
        input: ({ context }) => ({ destinationWallet: context.wallet, idempotencyKey: context.idempotencyKey ?? '' }),
        onDone: { target: 'complete', actions: assign({ result: ({ event }) => event.output }) },
        onError: [
          {
            // The burn may have happened: the same key makes a retry safe (it resumes that transfer).
            guard: 'outcomeUnknown', target: 'confirm',
            actions: assign(({ event, context }) => ({ error: failureText(event.error, BRIDGE_TEXT.finalizeFailed), errorSource: 'request' as const, errors: context.errors + 1 })),
          },
          {
            target: 'confirm',
            actions: assign(({ event, context }) => ({ error: failureText(event.error, BRIDGE_TEXT.finalizeFailed), errorSource: 'request' as const, errors: context.errors + 1, idempotencyKey: null })),
          },
        ],
      },
    },
    complete: { type: 'final' },
  },
});

export type BridgeStep = 'address' | 'verifying' | 'profile' | 'confirm' | 'finalizing' | 'complete';
