// The Crate open modal (spec part 2 §2 Crate open, §4, §5, §8): the open view loads how many
// crates the player owns; 'Open 1 Crate' needs at least one ('You need at least 1 crate to
// open'), opens it ('Opening...') and shows the result view 'You Got:' with the won item, the
// count one lower locally; Continue returns to the open view and reloads the count. Every
// opening of the modal (RESET) returns to the open view and reloads the count. Pure: the two
// requests are injected actors (`loadCount`, `openCrate`).
import { assign, fromPromise, setup } from 'xstate';
import { CRATE_TEXT, type CrateVersionId } from '../contract/crates';

export interface WonItem {
  uuid: string;
  name: string;
}

export interface OpenResult {
  wonItemUuid: string;
  wonItemName: string;
  /** What the server says is left, when it says so. */
  crateBalance?: number;
}

export interface CrateOpenContext {
  crateVersionId: CrateVersionId;
  /** Crates owned; null until the first load answers (or when it failed). */
  count: number | null;
  won: WonItem | null;
  error: string | null;
}

export type CrateOpenEvent =
  | { type: 'OPEN' }
  | { type: 'CONTINUE' }
  | { type: 'RESET'; crateVersionId?: CrateVersionId }
  | { type: 'SET_VERSION'; crateVersionId: CrateVersionId };

/** The error text of a failed request: its own message when it has one, else the fallback. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export const crateOpenMachine = setup({
  types: {
    context: {} as CrateOpenContext,
    events: {} as CrateOpenEvent,
    input: {} as { crateVersionId?: CrateVersionId },
  },
  actors: {
    loadCount: fromPromise<number, { crateVersionId: CrateVersionId }>(() => Promise.reject(new Error('loadCount not provided'))),
    openCrate: fromPromise<OpenResult, { crateVersionId: CrateVersionId }>(() => Promise.reject(new Error('openCrate not provided'))),
  },
  guards: {
    hasCrate: ({ context }) => (context.count ?? 0) >= 1,
  },
}).createMachine({
  id: 'crateOpen',
  context: ({ input }) => ({ crateVersionId: input.crateVersionId ?? 0, count: null, won: null, error: null }),
  initial: 'loading',
  on: {
    RESET: {
      target: '.loading',
      actions: assign(({ context, event }) => ({ crateVersionId: event.crateVersionId ?? context.crateVersionId, count: null, won: null, error: null })),
    },
  },
  states: {
    /** The open view, waiting for the count. */
    loading: {
      invoke: {
        src: 'loadCount',
        input: ({ context }) => ({ crateVersionId: context.crateVersionId }),
        onDone: { target: 'ready', actions: assign({ count: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ count: null, error: ({ event }) => messageOf(event.error, CRATE_TEXT.balanceFailed) }) },
      },
    },
    /** The open view. */
    ready: {
      on: {
        OPEN: [
          { guard: 'hasCrate', target: 'opening', actions: assign({ error: null }) },
          { actions: assign({ error: CRATE_TEXT.needCrate }) },
        ],
        SET_VERSION: { target: 'loading', actions: assign(({ event }) => ({ crateVersionId: event.crateVersionId, count: null, won: null, error: null })) },
      },
    },
    /** 'Opening...': the button is busy and the modal cannot be closed. */
    opening: {
      invoke: {
        src: 'openCrate',
        input: ({ context }) => ({ crateVersionId: context.crateVersionId }),
        onDone: {
          target: 'result',
          actions: assign({
            won: ({ event }) => ({ uuid: event.output.wonItemUuid, name: event.output.wonItemName }),
            count: ({ context }) => Math.max(0, (context.count ?? 1) - 1),
          }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error, CRATE_TEXT.openFailed) }) },
      },
      on: { RESET: {} },
    },
    /** 'You Got:' and the won item. */
    result: {
      on: { CONTINUE: { target: 'loading', actions: assign({ won: null, error: null }) } },
    },
  },
});
