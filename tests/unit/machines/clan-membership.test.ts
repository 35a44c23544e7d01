import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CLAN_TEXT } from '../../../contract/clans';
import {
  ACTION_FALLBACK, ACTIONS_BY_ROLE, allowed, clanMembershipMachine, failureText, viewOf,
  type ActionResult, type ClanAction, type ClanActionKind, type LoadedStatus, type PerformInput,
} from '../../../machines/clan-membership';

const CLAN = '11111111-1111-4111-8111-111111111111';

const SAMPLE: Record<ClanActionKind, ClanAction> = {
  create: { kind: 'create', clanName: 'Night Owls', clanTag: 'OWL', clanColor: '#228be6' },
  acceptInvite: { kind: 'acceptInvite', inviteId: 'i1' },
  declineInvite: { kind: 'declineInvite', inviteId: 'i1' },
  request: { kind: 'request', clanId: CLAN },
  leave: { kind: 'leave' },
  invite: { kind: 'invite', username: 'bob' },
  cancelInvite: { kind: 'cancelInvite', inviteId: 'i1' },
  removeMember: { kind: 'removeMember', uuid: 'u1' },
  acceptRequest: { kind: 'acceptRequest', requestId: 'r1' },
  declineRequest: { kind: 'declineRequest', requestId: 'r1' },
  transfer: { kind: 'transfer', newAdminUuid: 'u1' },
  color: { kind: 'color', clanColor: '#e03131' },
  disband: { kind: 'disband' },
};

interface Harness {
  statuses: LoadedStatus[];
  performResult?: (action: ClanAction) => Promise<ActionResult>;
}

/** A started actor whose requests answer from `statuses` (one per load, the last repeats). */
function start(h: Harness, loggedIn = true) {
  const spies = { notifySuccess: vi.fn(), notifyFailure: vi.fn(), bootstrapGame: vi.fn(), refreshLists: vi.fn(), loads: 0, performed: [] as ClanAction[], clanIds: [] as Array<string | null> };
  const machine = clanMembershipMachine.provide({
    actors: {
      loadStatus: fromPromise(async () => {
        const s = h.statuses[Math.min(spies.loads, h.statuses.length - 1)];
        spies.loads += 1;
        if (!s) throw { text: undefined };
        return s;
      }),
      perform: fromPromise<ActionResult, PerformInput>(async ({ input }) => {
        spies.performed.push(input.action);
        spies.clanIds.push(input.clanId);
        return h.performResult ? h.performResult(input.action) : { message: `done ${input.action.kind}` };
      }),
    },
    actions: {
      notifySuccess: (_, params) => spies.notifySuccess(params),
      notifyFailure: (_, params) => spies.notifyFailure(params),
      bootstrapGame: () => spies.bootstrapGame(),
      refreshLists: () => spies.refreshLists(),
    },
  });
  const actor = createActor(machine, { input: { loggedIn } }).start();
  return { actor, spies };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => ['loggedOut', 'failed', 'nonMember', 'member', 'admin'].includes(s.value as string), { timeout: 1000 });

const nonMember: LoadedStatus = { status: 'non-member', clanId: null, level: 20 };
const member: LoadedStatus = { status: 'member', clanId: CLAN, level: 5 };
const admin: LoadedStatus = { status: 'admin', clanId: CLAN, level: 30 };

describe('clan membership machine: session and loading', () => {
  it('starts logged out without loading anything, and loads on LOGGED_IN', async () => {
    const { actor, spies } = start({ statuses: [nonMember] }, false);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(viewOf(actor.getSnapshot())).toBe('loggedOut');
    expect(spies.loads).toBe(0);
    actor.send({ type: 'ACT', action: SAMPLE.create });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    actor.send({ type: 'LOGGED_IN' });
    expect(viewOf(actor.getSnapshot())).toBe('loading');
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('nonMember');
    expect(actor.getSnapshot().context.level).toBe(20);
  });

  it.each([
    [nonMember, 'nonMember'],
    [member, 'member'],
    [admin, 'admin'],
  ] as const)('routes status %o to %s', async (status, view) => {
    const { actor } = start({ statuses: [status] });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe(view);
    expect(actor.getSnapshot().context.clanId).toBe(status.clanId);
  });

  it('a failed load shows the default failure text, toasts it, and RETRY loads again', async () => {
    const h: Harness = { statuses: [] };
    const { actor, spies } = start(h);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(CLAN_TEXT.failed.load);
    expect(spies.notifyFailure).toHaveBeenCalledWith({ text: CLAN_TEXT.failed.load, action: 'load' });
    h.statuses.push(member);
    actor.send({ type: 'RETRY' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('member');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('LOGGED_OUT from any state forgets the clan', async () => {
    const { actor } = start({ statuses: [admin] });
    await settled(actor);
    actor.send({ type: 'LOGGED_OUT' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ status: null, clanId: null, level: 0, requested: [] });
  });

  it('REFRESH loads the status again from every role view', async () => {
    const h: Harness = { statuses: [nonMember, member, admin] };
    const { actor, spies } = start(h);
    await settled(actor);
    actor.send({ type: 'REFRESH' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('member');
    actor.send({ type: 'REFRESH' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('admin');
    actor.send({ type: 'REFRESH' });
    await settled(actor);
    expect(spies.loads).toBe(4);
  });

  it('a refresh keeps the view the player is in while it reads (a dialog open in it stays open), and a failed one changes nothing and says nothing', async () => {
    let answer: (s: LoadedStatus) => void = () => undefined;
    let fail: () => void = () => undefined;
    let loads = 0;
    const machine = clanMembershipMachine.provide({
      actors: {
        loadStatus: fromPromise<LoadedStatus>(() => {
          loads += 1;
          return loads === 1 ? Promise.resolve(nonMember) : new Promise<LoadedStatus>((resolve, reject) => { answer = resolve; fail = () => reject({ text: 'offline' }); });
        }),
      },
    });
    const notifyFailure = vi.fn();
    const actor = createActor(machine.provide({ actions: { notifyFailure: (_, params) => notifyFailure(params) } }), { input: { loggedIn: true } }).start();
    await settled(actor);
    actor.send({ type: 'REFRESH' });
    expect(viewOf(actor.getSnapshot())).toBe('nonMember');
    fail();
    await settled(actor);
    expect(viewOf(actor.getSnapshot())).toBe('nonMember');
    expect(notifyFailure).not.toHaveBeenCalled();
    actor.send({ type: 'REFRESH' });
    expect(viewOf(actor.getSnapshot())).toBe('nonMember');
    answer(member);
    await settled(actor);
    expect(viewOf(actor.getSnapshot())).toBe('member');
  });
});

describe('clan membership machine: which actions each role may start', () => {
  const roles = [['nonMember', nonMember, 'non-member'], ['member', member, 'member'], ['admin', admin, 'admin']] as const;
  for (const [view, status, role] of roles) {
    for (const kind of Object.keys(SAMPLE) as ClanActionKind[]) {
      const expected = ACTIONS_BY_ROLE[role].includes(kind);
      it(`${view} ${expected ? 'may' : 'may not'} ${kind}`, async () => {
        const { actor, spies } = start({ statuses: [{ ...status, level: 15 }] });
        await settled(actor);
        expect(actor.getSnapshot().can({ type: 'ACT', action: SAMPLE[kind] })).toBe(expected);
        actor.send({ type: 'ACT', action: SAMPLE[kind] });
        if (!expected) {
          expect(actor.getSnapshot().value).toBe(view);
          expect(spies.performed).toEqual([]);
        } else {
          expect(actor.getSnapshot().value).toBe('working');
          expect(viewOf(actor.getSnapshot())).toBe(view);
          expect(actor.getSnapshot().context.pending).toEqual(SAMPLE[kind]);
          // A second action while one is in flight is ignored.
          actor.send({ type: 'ACT', action: SAMPLE[kind] });
          await settled(actor);
          expect(spies.performed).toEqual([SAMPLE[kind]]);
        }
      });
    }
  }

  it('create needs level 15', async () => {
    expect(allowed('non-member', 14, SAMPLE.create)).toBe(false);
    expect(allowed('non-member', 15, SAMPLE.create)).toBe(true);
    const { actor, spies } = start({ statuses: [{ ...nonMember, level: 14 }] });
    await settled(actor);
    expect(actor.getSnapshot().can({ type: 'ACT', action: SAMPLE.create })).toBe(false);
    actor.send({ type: 'ACT', action: SAMPLE.create });
    expect(actor.getSnapshot().value).toBe('nonMember');
    expect(spies.performed).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'ACT', action: SAMPLE.request })).toBe(true);
  });
});

describe('clan membership machine: results of each action', () => {
  it('create: toast, bootstrap, reload the status and become admin', async () => {
    const { actor, spies } = start({ statuses: [nonMember, admin], performResult: async () => ({ message: 'Clan [OWL] Night Owls created' }) });
    await settled(actor);
    actor.send({ type: 'ACT', action: SAMPLE.create });
    await waitFor(actor, (s) => s.value === 'admin');
    expect(spies.notifySuccess).toHaveBeenCalledWith({ text: 'Clan [OWL] Night Owls created', action: 'create' });
    expect(spies.bootstrapGame).toHaveBeenCalledTimes(1);
    expect(spies.refreshLists).toHaveBeenCalled();
    expect(spies.loads).toBe(2);
    expect(actor.getSnapshot().context).toMatchObject({ clanId: CLAN, pending: null, notice: 'Clan [OWL] Night Owls created' });
  });

  it('accepting an invite joins (member) and bootstraps', async () => {
    const { actor, spies } = start({ statuses: [nonMember, member] });
    await settled(actor);
    actor.send({ type: 'ACT', action: SAMPLE.acceptInvite });
    await waitFor(actor, (s) => s.value === 'member');
    expect(spies.bootstrapGame).toHaveBeenCalledTimes(1);
  });

  it('declining an invite stays a non-member, refreshes the list, no bootstrap', async () => {
    const { actor, spies } = start({ statuses: [nonMember], performResult: async () => ({ message: 'Invite declined' }) });
    await settled(actor);
    actor.send({ type: 'ACT', action: SAMPLE.declineInvite });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('nonMember');
    expect(spies.notifySuccess).toHaveBeenCalledWith({ text: 'Invite declined', action: 'declineInvite' });
    expect(spies.bootstrapGame).not.toHaveBeenCalled();
    expect(spies.refreshLists).toHaveBeenCalled();
    expect(spies.loads).toBe(1);
  });

  it('a join request is remembered as pending: the same clan cannot be asked twice', async () => {
    const { actor, spies } = start({ statuses: [nonMember] });
    await settled(actor);
    actor.send({ type: 'ACT', action: SAMPLE.request });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('nonMember');
    expect(actor.getSnapshot().context.requested).toEqual([CLAN]);
    expect(actor.getSnapshot().can({ type: 'ACT', action: SAMPLE.request })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'ACT', action: { kind: 'request', clanId: 'other' } })).toBe(true);
    expect(spies.bootstrapGame).not.toHaveBeenCalled();
  });

  it('leaving makes a member a non-member and bootstraps', async () => {
    const { actor, spies } = start({ statuses: [member, nonMember] });
    await settled(actor);
    actor.send({ type: 'ACT', action: SAMPLE.leave });
    await waitFor(actor, (s) => s.value === 'nonMember');
    expect(spies.bootstrapGame).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.clanId).toBeNull();
  });

  it.each(['invite', 'cancelInvite', 'removeMember', 'declineRequest'] as const)('admin %s stays admin without bootstrap', async (kind) => {
    const { actor, spies } = start({ statuses: [admin] });
    await settled(actor);
    actor.send({ type: 'ACT', action: SAMPLE[kind] });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('admin');
    expect(spies.notifySuccess).toHaveBeenCalledWith({ text: `done ${kind}`, action: kind });
    expect(spies.bootstrapGame).not.toHaveBeenCalled();
    expect(spies.loads).toBe(1);
    expect(spies.clanIds).toEqual([CLAN]);
  });

  it.each(['acceptRequest', 'color'] as const)('admin %s stays admin and bootstraps', async (kind) => {
    const { actor, spies } = start({ statuses: [admin] });
    await settled(actor);
    actor.send({ type: 'ACT', action: SAMPLE[kind] });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('admin');
    expect(spies.bootstrapGame).toHaveBeenCalledTimes(1);
    expect(spies.loads).toBe(1);
  });

  it('transfer makes the admin a member (status reloaded)', async () => {
    const { actor, spies } = start({ statuses: [admin, member] });
    await settled(actor);
    actor.send({ type: 'ACT', action: SAMPLE.transfer });
    await waitFor(actor, (s) => s.value === 'member');
    expect(spies.loads).toBe(2);
    expect(actor.getSnapshot().can({ type: 'ACT', action: SAMPLE.disband })).toBe(false);
  });

  it('disband makes the admin a non-member and bootstraps', async () => {
    const { actor, spies } = start({ statuses: [admin, nonMember] });
    await settled(actor);
    actor.send({ type: 'ACT', action: SAMPLE.disband });
    await waitFor(actor, (s) => s.value === 'nonMember');
    expect(spies.bootstrapGame).toHaveBeenCalledTimes(1);
  });

  it('a failure toasts the server text, keeps the role, changes nothing and refreshes the lists', async () => {
    const { actor, spies } = start({ statuses: [admin], performResult: async () => { throw { text: CLAN_TEXT.playerInClan }; } });
    await settled(actor);
    actor.send({ type: 'ACT', action: SAMPLE.invite });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('admin');
    expect(actor.getSnapshot().context).toMatchObject({ error: CLAN_TEXT.playerInClan, pending: null, notice: null });
    expect(spies.notifyFailure).toHaveBeenCalledWith({ text: CLAN_TEXT.playerInClan, action: 'invite' });
    expect(spies.notifySuccess).not.toHaveBeenCalled();
    expect(spies.bootstrapGame).not.toHaveBeenCalled();
    expect(spies.refreshLists).toHaveBeenCalled();
    expect(spies.loads).toBe(1);
  });

  it('a failure without server text uses the default text of that action', async () => {
    const { actor, spies } = start({ statuses: [nonMember], performResult: async () => { throw new TypeError('network'); } });
    await settled(actor);
    actor.send({ type: 'ACT', action: SAMPLE.create });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('nonMember');
    expect(spies.notifyFailure).toHaveBeenCalledWith({ text: 'Failed to create clan', action: 'create' });
    // A failed request is not remembered as pending.
    actor.send({ type: 'ACT', action: SAMPLE.request });
    await settled(actor);
    expect(actor.getSnapshot().context.requested).toEqual([]);
  });

  it('every action has its default failure text', () => {
    expect(failureText('leave', null)).toBe('Failed to leave clan');
    expect(failureText('cancelInvite', {})).toBe('Failed to revoke invite');
    expect(failureText('load', { text: '' })).toBe('Failed to load clan information');
    expect(failureText('transfer', { text: 'Nope' })).toBe('Nope');
    expect(Object.values(ACTION_FALLBACK).every((t) => t.startsWith('Failed to'))).toBe(true);
  });
});
