// The Clans section's machine, with the shell's side effects: toasts, the game's Bootstrap and
// refreshing every clan list after a change.
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { SHELL_TO_GAME } from '../../../contract/game';
import { clanMembershipMachine, viewOf, type ActionResult, type ClanAction, type PerformInput } from '../../../machines/clan-membership';
import { useGameLink } from '../../game-link/context';
import { showToast } from '../../ui/toast';
import { loadStatus } from './api/getMyStatus';
import { refreshClanLists } from './api/keys';
import { performAction } from './api/performAction';

export function useClanMembership() {
  const client = useQueryClient();
  const gameLink = useGameLink();
  const machine = useMemo(() => clanMembershipMachine.provide({
    actors: {
      loadStatus: fromPromise(() => loadStatus(client)),
      perform: fromPromise<ActionResult, PerformInput>(({ input }) => performAction(input.action, input.clanId)),
    },
    actions: {
      notifySuccess: (_, params) => { showToast({ message: params.text, tone: 'success' }); },
      notifyFailure: (_, params) => { showToast({ message: params.text, tone: 'error' }); },
      bootstrapGame: () => { gameLink.send(SHELL_TO_GAME.bootstrap); },
      refreshLists: () => { void refreshClanLists(client); },
    },
  }), [client, gameLink]);
  const [snapshot, send] = useMachine(machine, { input: { loggedIn: true } });
  const { context } = snapshot;
  const refresh = useCallback(() => send({ type: 'REFRESH' }), [send]);
  return {
    view: viewOf(snapshot),
    context,
    busy: snapshot.value === 'working',
    pendingKind: context.pending?.kind ?? null,
    can: (action: ClanAction) => snapshot.can({ type: 'ACT', action }),
    act: (action: ClanAction) => send({ type: 'ACT', action }),
    retry: () => send({ type: 'RETRY' }),
    /** Reads the player's clan status again (another player may have changed it); ignored mid-action. */
    refresh,
  };
}
export type ClanMembership = ReturnType<typeof useClanMembership>;
