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
//
// Open all (OPEN_ALL, two crates or more): the same open request, one crate after another, up to
// OPEN_ALL_MAX of them ('batch'). Each won item gets its reveal; SKIP ends the current one,
// SKIP_ALL ends them all (the rest open without one), and under reduced motion none plays. The
// count follows each answer. STOP ends the batch after the crate being opened; a failed open ends
// it with the error. Either way the list of everything won so far ('summary') is shown, so no
// won item goes unseen; Continue returns to the open view. RESET (the modal opened again) stops
// further opens at once.
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

/**
 * The most crates one "open all" opens. The won list stays one screen on a phone (5 rows of 5),
 * the reveals at most about a minute (OPEN_ALL_MAX × REVEAL_MS, each skippable), and the opens
 * one after another stay far below the per-address rate limit. A player with more opens again.
 */
export const OPEN_ALL_MAX = 25;

/** How many crates "open all" opens for a player who owns `count`: all of them, at most OPEN_ALL_MAX. */
export function openAllSize(count: number | null): number {
  return Math.max(0, Math.min(count ?? 0, OPEN_ALL_MAX));
}

/** One "open all": how many it opens, what it has won so far (in order), whether reveals still play. */
export interface CrateBatch {
  total: number;
  won: WonItem[];
  reveals: boolean;
  /** STOP was asked while a crate was opening: the batch ends when it answers. */
  stopping: boolean;
  /** What the server said is left after the last open, when it said so. */
  left: number | null;
}

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
  /** The "open all" under way or just ended (its list); null otherwise. */
  batch: CrateBatch | null;
}

export type CrateOpenEvent =
  | { type: 'OPEN' }
  | { type: 'OPEN_ALL' }
  | { type: 'SKIP_ALL' }
  | { type: 'STOP' }
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
    hasCrates: ({ context }) => openAllSize(context.count) >= 2,
    /** Another crate to open: fewer won than planned, not stopped, and the server said some are left. */
    moreToOpen: ({ context }) => {
      const batch = context.batch;
      return batch !== null && !batch.stopping && batch.won.length < batch.total && batch.left !== 0;
    },
    reveals: ({ context }) => context.batch?.reveals === true && !context.batch.stopping,
    wonSome: ({ context }) => (context.batch?.won.length ?? 0) > 0,
  },
  delays: { REVEAL_MS },
}).createMachine({
  id: 'crateOpen',
  context: ({ input }) => ({
    crateVersionId: input.crateVersionId ?? 0, counts: { 0: null, 1: null }, reducedMotion: input.reducedMotion ?? false, choose: input.choose ?? false, count: null, won: null, error: null, batch: null,
  }),
  initial: 'start',
  on: {
    RESET: {
      target: '.loading',
      actions: assign(({ context, event }) => ({ crateVersionId: event.crateVersionId ?? context.crateVersionId, count: null, won: null, error: null, batch: null })),
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
        OPEN_ALL: {
          guard: 'hasCrates',
          target: 'batch',
          actions: assign(({ context }) => ({
            error: null,
            batch: { total: openAllSize(context.count), won: [], reveals: !context.reducedMotion, stopping: false, left: null },
          })),
        },
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
    /** "Open all": one open after another, each won item revealed unless skipped. */
    batch: {
      initial: 'opening',
      on: {
        SKIP_ALL: { actions: assign({ batch: ({ context }) => context.batch && { ...context.batch, reveals: false } }) },
      },
      states: {
        opening: {
          invoke: {
            src: 'openCrate',
            input: ({ context }) => ({ crateVersionId: context.crateVersionId }),
            onDone: {
              target: 'landed',
              actions: assign(({ context, event }) => {
                const won = { uuid: event.output.wonItemUuid, name: event.output.wonItemName };
                const count = event.output.crateBalance ?? Math.max(0, (context.count ?? 1) - 1);
                const batch = context.batch!;
                return {
                  won,
                  count,
                  counts: { ...context.counts, [context.crateVersionId]: count },
                  batch: { ...batch, won: [...batch.won, won], left: event.output.crateBalance ?? null },
                };
              }),
            },
            onError: [
              { guard: 'wonSome', target: '#crateOpen.summary', actions: assign({ error: ({ event }) => messageOf(event.error, CRATE_TEXT.openFailed) }) },
              { target: '#crateOpen.ready', actions: assign({ batch: null, error: ({ event }) => messageOf(event.error, CRATE_TEXT.openFailed) }) },
            ],
          },
          on: { STOP: { actions: assign({ batch: ({ context }) => context.batch && { ...context.batch, stopping: true } }) } },
        },
        /** An item won: its reveal, unless reveals are off. */
        landed: {
          always: [{ guard: 'reveals', target: 'revealing' }, { target: 'next' }],
        },
        revealing: {
          after: { REVEAL_MS: 'next' },
          on: { SKIP: 'next', SKIP_ALL: { target: 'next', actions: assign({ batch: ({ context }) => context.batch && { ...context.batch, reveals: false } }) }, STOP: '#crateOpen.summary' },
        },
        next: {
          always: [{ guard: 'moreToOpen', target: 'opening' }, { target: '#crateOpen.summary' }],
        },
      },
    },
    /** The end of "open all": everything it won, and the error that stopped it if one did. */
    summary: {
      on: { CONTINUE: { target: 'loading', actions: assign({ won: null, error: null, batch: null }) } },
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
