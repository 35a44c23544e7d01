// The Crate open modal: the open view loads how many
// crates the player owns; 'Open 1 Crate' needs at least one ('You need at least 1 crate to
// open'), opens it ('Opening...') and shows the result view 'You Got:' with the won item, the
// count one lower locally; Continue returns to the open view and reloads the count. Every
// opening of the modal (RESET) returns to the open view and reloads the count. Pure: the two
// requests are injected actors (`loadCount`, `openCrate`).
//
// Opened without a set (`choose`), it first asks both counts (`loadCounts`) and starts
// on the set the player owns crates of (Base Set when both or neither), and it keeps each set's
// count it has heard for the set tabs. The result view starts with the reveal ('revealing',
// REVEAL_MS long, skipped by SKIP or at once under reduced motion) before the item is 'shown'.
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

/** How long the reveal builds up before it lands on the won item. */
export const REVEAL_MS = 2600;

/** Crates owned per set, as last heard (null: not known). */
export type CrateCounts = Record<CrateVersionId, number | null>;

/** The set to start on: the one the player owns crates of; Base Set when both or neither. */
export function pickCrateVersion(counts: CrateCounts): CrateVersionId {
  return (counts[0] ?? 0) < 1 && (counts[1] ?? 0) >= 1 ? 1 : 0;
}

export interface CrateOpenContext {
  crateVersionId: CrateVersionId;
  /** Each set's count as last heard, for the set tabs. */
  counts: CrateCounts;
  /** Whether the player asked for reduced motion: the reveal lands at once. */
  reducedMotion: boolean;
  /** Opened without a set: pick it from both counts first. */
  choose: boolean;
  /** Crates owned; null until the first load answers (or when it failed). */
  count: number | null;
  won: WonItem | null;
  error: string | null;
}

export type CrateOpenEvent =
  | { type: 'OPEN' }
  | { type: 'CONTINUE' }
  | { type: 'SKIP' }
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
    input: {} as { crateVersionId?: CrateVersionId; choose?: boolean; reducedMotion?: boolean },
  },
  actors: {
    loadCounts: fromPromise<CrateCounts, void>(() => Promise.reject(new Error('loadCounts not provided'))),
    loadCount: fromPromise<number, { crateVersionId: CrateVersionId }>(() => Promise.reject(new Error('loadCount not provided'))),
    openCrate: fromPromise<OpenResult, { crateVersionId: CrateVersionId }>(() => Promise.reject(new Error('openCrate not provided'))),
  },
  guards: {
    hasCrate: ({ context }) => (context.count ?? 0) >= 1,
    reducedMotion: ({ context }) => context.reducedMotion,
  },
  delays: { REVEAL_MS },
}).createMachine({
  id: 'crateOpen',
  context: ({ input }) => ({
    crateVersionId: input.crateVersionId ?? 0, counts: { 0: null, 1: null }, reducedMotion: input.reducedMotion ?? false, choose: input.choose ?? false, count: null, won: null, error: null,
  }),
  initial: 'start',
  on: {
    RESET: {
      target: '.loading',
      actions: assign(({ context, event }) => ({ crateVersionId: event.crateVersionId ?? context.crateVersionId, count: null, won: null, error: null })),
    },
  },
  states: {
    start: {
      always: [{ guard: ({ context }) => context.choose, target: 'choosing' }, { target: 'loading' }],
    },
    /** Opened without a set: both counts, then the set the player owns crates of. */
    choosing: {
      invoke: {
        src: 'loadCounts',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => {
            const crateVersionId = pickCrateVersion(event.output);
            return { counts: event.output, crateVersionId, count: event.output[crateVersionId] };
          }),
        },
        onError: { target: 'loading' },
      },
    },
    /** The open view, waiting for the count. */
    loading: {
      invoke: {
        src: 'loadCount',
        input: ({ context }) => ({ crateVersionId: context.crateVersionId }),
        onDone: { target: 'ready', actions: assign({ count: ({ event }) => event.output, counts: ({ context, event }) => ({ ...context.counts, [context.crateVersionId]: event.output }) }) },
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
            counts: ({ context }) => ({ ...context.counts, [context.crateVersionId]: Math.max(0, (context.count ?? 1) - 1) }),
          }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error, CRATE_TEXT.openFailed) }) },
      },
      on: { RESET: {} },
    },
    /** 'You Got:' and the won item, after the reveal. */
    result: {
      initial: 'revealing',
      on: { CONTINUE: { target: 'loading', actions: assign({ won: null, error: null }) } },
      states: {
        /** The build-up: lands on the won item after REVEAL_MS, or at once on SKIP or under reduced motion. */
        revealing: {
          always: { guard: 'reducedMotion', target: 'shown' },
          after: { REVEAL_MS: 'shown' },
          on: { SKIP: 'shown' },
        },
        shown: {},
      },
    },
  },
});
