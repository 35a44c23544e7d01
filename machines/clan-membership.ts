// The player's place in the clan system: logged out, loading,
// non-member, member or admin, and the clan actions each role may start. The Clans section asks
// this machine which actions are possible (`snapshot.can({ type: 'ACT', ... })`), sends them
// here, and renders whatever state it is in.
// Pure: the two requests are injected actors (`loadStatus`, `perform`) and the side effects
// (toasts, telling the game to bootstrap, refreshing lists) are named actions the shell provides.
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { CLAN_TEXT } from '../contract/clans';
import { CLAN_CREATE_MIN_LEVEL } from '../contract/levels';

export type ClanRoleStatus = 'non-member' | 'member' | 'admin';

/** Every clan change the shell can ask the server for, with what it needs. */
export type ClanAction =
  | { kind: 'create'; clanName: string; clanTag: string; clanColor: string }
  | { kind: 'acceptInvite'; inviteId: string }
  | { kind: 'declineInvite'; inviteId: string }
  | { kind: 'request'; clanId: string }
  | { kind: 'leave' }
  | { kind: 'invite'; username: string }
  | { kind: 'cancelInvite'; inviteId: string }
  | { kind: 'removeMember'; uuid: string }
  | { kind: 'acceptRequest'; requestId: string }
  | { kind: 'declineRequest'; requestId: string }
  | { kind: 'transfer'; newAdminUuid: string }
  | { kind: 'color'; clanColor: string }
  | { kind: 'disband' };
export type ClanActionKind = ClanAction['kind'];

/** Which role may start which action. */
export const ACTIONS_BY_ROLE: Record<ClanRoleStatus, readonly ClanActionKind[]> = {
  'non-member': ['create', 'acceptInvite', 'declineInvite', 'request'],
  member: ['leave'],
  admin: ['invite', 'cancelInvite', 'removeMember', 'acceptRequest', 'declineRequest', 'transfer', 'color', 'disband'],
};

/** Actions after which the player's own status may differ: the machine loads it again. */
export const CHANGES_STATUS: readonly ClanActionKind[] = ['create', 'acceptInvite', 'leave', 'transfer', 'disband'];
/** Actions after which the game is told to bootstrap (every change to who is in which clan, and its colour). */
export const BOOTSTRAPS_GAME: readonly ClanActionKind[] = ['create', 'acceptInvite', 'leave', 'disband', 'color', 'acceptRequest'];

/** The default text of each action's failure, shown when the server gives none. */
export const ACTION_FALLBACK: Record<ClanActionKind, string> = {
  create: CLAN_TEXT.failed.create,
  acceptInvite: CLAN_TEXT.failed.accept,
  declineInvite: CLAN_TEXT.failed.decline,
  request: CLAN_TEXT.failed.request,
  leave: CLAN_TEXT.failed.leave,
  invite: CLAN_TEXT.failed.invite,
  cancelInvite: CLAN_TEXT.failed.revoke,
  removeMember: CLAN_TEXT.failed.remove,
  acceptRequest: CLAN_TEXT.failed.acceptRequest,
  declineRequest: CLAN_TEXT.failed.declineRequest,
  transfer: CLAN_TEXT.failed.transfer,
  color: CLAN_TEXT.failed.color,
  disband: CLAN_TEXT.failed.disband,
};

/** What the injected actors reject with: the server's text when it gave one. */
export type ClanFailure = { text?: string } | null | undefined;

export function failureText(kind: ClanActionKind | 'load', error: unknown): string {
  const text = (error as ClanFailure)?.text;
  if (typeof text === 'string' && text.trim()) return text;
  return kind === 'load' ? CLAN_TEXT.failed.load : ACTION_FALLBACK[kind];
}

export interface LoadedStatus { status: ClanRoleStatus; clanId: string | null; level: number }
export interface ActionResult { message: string }
/** What `perform` is given: the action and the player's clan (null for non-members). */
export interface PerformInput { action: ClanAction; clanId: string | null }

export interface ClanMembershipContext {
  loggedIn: boolean;
  /** A status-changing action just succeeded: load the status again. */
  reload: boolean;
  status: ClanRoleStatus | null;
  clanId: string | null;
  level: number;
  /** Clans this player asked to join during this visit (the server lists no own requests). */
  requested: string[];
  /** The action in flight, if any. */
  pending: ClanAction | null;
  /** The last failure's text (also toasted). */
  error: string | null;
  /** The last success's text (also toasted). */
  notice: string | null;
}

export type ClanMembershipEvent =
  | { type: 'LOGGED_IN' }
  | { type: 'LOGGED_OUT' }
  | { type: 'RETRY' }
  | { type: 'REFRESH' }
  | { type: 'ACT'; action: ClanAction };

/** Whether `role` at `level` may start `action` (the guard of ACT). */
export function allowed(role: ClanRoleStatus | null, level: number, action: ClanAction, requested: readonly string[] = []): boolean {
  if (!role || !ACTIONS_BY_ROLE[role].includes(action.kind)) return false;
  if (action.kind === 'create') return level >= CLAN_CREATE_MIN_LEVEL;
  if (action.kind === 'request') return !requested.includes(action.clanId);
  return true;
}

export const clanMembershipMachine = setup({
  types: {
    context: {} as ClanMembershipContext,
    events: {} as ClanMembershipEvent,
    input: {} as { loggedIn: boolean } | undefined,
  },
  actors: {
    // Replaced with .provide(); the defaults refuse so a missing provider is loud.
    loadStatus: fromPromise<LoadedStatus>(() => Promise.reject<LoadedStatus>({})),
    perform: fromPromise<ActionResult, PerformInput>(() => Promise.reject<ActionResult>({})),
  },
  actions: {
    /** Toast a success text (provided by the shell). */
    notifySuccess: (_, _params: { text: string; action: ClanActionKind }) => undefined,
    /** Toast a failure text (provided by the shell). */
    notifyFailure: (_, _params: { text: string; action: ClanActionKind | 'load' }) => undefined,
    /** Tell the game to bootstrap the player again (provided by the shell). */
    bootstrapGame: () => undefined,
    /** Refetch the lists the section shows: members, invites, requests, browse (provided by the shell). */
    refreshLists: () => undefined,
    recordSuccess: assign(({ context, event }) => {
      const action = context.pending;
      const output = (event as { output?: ActionResult }).output;
      return {
        reload: action !== null && CHANGES_STATUS.includes(action.kind),
        notice: output?.message ?? '',
        requested: action?.kind === 'request' ? [...context.requested, action.clanId] : context.requested,
      };
    }),
    recordFailure: assign(({ context, event }) => ({
      error: failureText(context.pending?.kind ?? 'load', (event as { error?: unknown }).error),
    })),
    clearPending: assign({ pending: null }),
    /** The player's role, clan and level as `loadStatus` answered them. */
    recordStatus: assign(({ event }) => {
      const { status, clanId, level } = (event as unknown as { output: LoadedStatus }).output;
      return { status, clanId, level };
    }),
  },
  guards: {
    loggedIn: ({ context }) => context.loggedIn,
    canAct: ({ context, event }) => event.type === 'ACT' && allowed(context.status, context.level, event.action, context.requested),
    reloadNeeded: ({ context }) => context.reload,
    isMember: ({ context }) => context.status === 'member',
    isAdmin: ({ context }) => context.status === 'admin',
  },
}).createMachine({
  id: 'clanMembership',
  context: ({ input }) => ({
    loggedIn: input?.loggedIn ?? false, reload: false, status: null, clanId: null, level: 0, requested: [], pending: null, error: null, notice: null,
  }),
  initial: 'session',
  on: {
    LOGGED_OUT: {
      target: '.loggedOut',
      actions: assign({ loggedIn: false, reload: false, status: null, clanId: null, level: 0, requested: [], pending: null, error: null, notice: null }),
    },
  },
  states: {
    session: { always: [{ guard: 'loggedIn', target: 'loading' }, { target: 'loggedOut' }] },
    loggedOut: { on: { LOGGED_IN: { target: 'loading', actions: assign({ loggedIn: true }) } } },
    loading: {
      invoke: {
        src: 'loadStatus',
        onDone: {
          target: 'routing',
          actions: ['recordStatus', assign({ error: null })],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ status: null, clanId: null, error: ({ event }) => failureText('load', event.error) }),
            { type: 'notifyFailure', params: ({ context }) => ({ text: context.error ?? '', action: 'load' as const }) },
          ],
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    routing: {
      entry: 'clearPending',
      always: [
        { guard: 'reloadNeeded', target: 'loading', actions: assign({ reload: false }) },
        { guard: 'isAdmin', target: 'admin' },
        { guard: 'isMember', target: 'member' },
        { target: 'nonMember' },
      ],
    },
    nonMember: { on: { ACT: { guard: 'canAct', target: 'working' }, REFRESH: 'refreshing' } },
    member: { on: { ACT: { guard: 'canAct', target: 'working' }, REFRESH: 'refreshing' } },
    admin: { on: { ACT: { guard: 'canAct', target: 'working' }, REFRESH: 'refreshing' } },
    // A read in the background (the window gained the focus): the player keeps the view they are
    // in, and whatever dialog they have open in it, until the answer says their role changed. It
    // never blanks the section into a loader, and a failed read changes nothing and says nothing:
    // the player asked for none. An action started meanwhile goes ahead (the read is dropped).
    refreshing: {
      on: { ACT: { guard: 'canAct', target: 'working' } },
      invoke: {
        src: 'loadStatus',
        onDone: {
          target: 'routing',
          actions: 'recordStatus',
        },
        onError: { target: 'routing' },
      },
    },
    working: {
      entry: assign({ pending: ({ event }) => (event.type === 'ACT' ? event.action : null), error: null, notice: null }),
      invoke: {
        src: 'perform',
        input: ({ context }) => ({ action: context.pending as ClanAction, clanId: context.clanId }),
        onDone: {
          target: 'routing',
          actions: [
            'recordSuccess',
            enqueueActions(({ context, enqueue }) => {
              const kind = context.pending?.kind;
              if (!kind) return;
              enqueue({ type: 'notifySuccess', params: { text: context.notice ?? '', action: kind } });
              if (BOOTSTRAPS_GAME.includes(kind)) enqueue('bootstrapGame');
              enqueue('refreshLists');
            }),
          ],
        },
        onError: {
          target: 'routing',
          actions: [
            'recordFailure',
            { type: 'notifyFailure', params: ({ context }) => ({ text: context.error ?? '', action: context.pending?.kind ?? 'load' }) },
            'refreshLists',
          ],
        },
      },
    },
  },
});

/** The view the section shows for a snapshot's state (`working` keeps the role's view, busy; `refreshing` keeps it as it is). */
export type ClanView = 'loggedOut' | 'loading' | 'failed' | 'nonMember' | 'member' | 'admin';

export function viewOf(snapshot: { value: unknown; context: ClanMembershipContext }): ClanView {
  const value = snapshot.value as string;
  if (value === 'working' || value === 'refreshing') return snapshot.context.status === 'admin' ? 'admin' : snapshot.context.status === 'member' ? 'member' : 'nonMember';
  if (value === 'loggedOut' || value === 'failed' || value === 'nonMember' || value === 'member' || value === 'admin') return value;
  return 'loading';
}
