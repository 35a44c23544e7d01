// The game link owns what the game has to know: the latest value of each state (the player, the
// settings, the mute, the host's state) reaches every instance of the game once it is ready, a
// sign-in tells the game who plays once, and nothing is handed to Unity before its instance exists.
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER, whoami, type CurrentUser } from '../../contract/auth';
import { GAME_BUILD_FILES, GAME_INSTANCE_GLOBAL, SHELL_TO_GAME, type CreateUnityInstance, type UnityInstance } from '../../contract/game';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { currentUserQuery, useCurrentUser } from '../../src/api/currentUser';
import { useAuthAnswer } from '../../src/features/accounts/api/authRequests';
import { followPlayer } from '../../src/features/accounts/playerToGame';
import { signedIn } from '../../src/features/accounts/signedIn';
import { createGameController } from '../../src/game-link/controller';
import { createGameLink } from '../../src/game-link/link';
import { GAME_WARNINGS } from '../../src/game-link/warnings';
import { fakeServer } from '../support/fakeServer';
import { recordedGame } from '../support/recordedGame';
import { renderWithShell, testQueryClient } from '../support/render';
import { flush } from '../support/async';

const player: CurrentUser = { uuid: '0b5e4c1e-3f7a-4b8e-9a51-2f3c4d5e6f70', username: 'tripper', verified: 1, isAdmin: false };

/**
 * createUnityInstance as Unity's loader behaves: the instance object exists from the call on, but
 * until its runtime has started (the promise resolves) a SendMessage only gets Unity's warning and
 * is lost. Each call makes a new instance; the test resolves them one by one.
 */
function fakeUnity() {
  const warn = vi.fn();
  const instances: Array<{ messages: Array<[string, string | number | undefined]>; early: number; start: () => void }> = [];
  const create: CreateUnityInstance = () => new Promise<UnityInstance>((resolve) => {
    let running = false;
    const record = { messages: [] as Array<[string, string | number | undefined]>, early: 0, start: () => { running = true; resolve(instance); } };
    const instance: UnityInstance = {
      SendMessage(_object, method, value) {
        if (!running) { record.early += 1; warn('Unable to Send Message while Unity is not Instantiated.'); return; }
        record.messages.push([method, value]);
      },
      SetFullscreen: () => undefined,
      Quit: async () => undefined,
    };
    instances.push(record);
  });
  return { create, instances, warn };
}

function pageWithGame() {
  const unity = fakeUnity();
  const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };
  const controller = createGameController({ files: GAME_BUILD_FILES, loadLoader: async () => unity.create, log });
  const link = createGameLink(controller, { info: () => undefined });
  const host = document.body.appendChild(document.createElement('div'));
  return { unity, log, controller, link, host };
}

beforeEach(() => { document.body.innerHTML = ''; });
afterEach(() => { vi.restoreAllMocks(); delete (window as unknown as Record<string, unknown>)[GAME_INSTANCE_GLOBAL]; });

describe('the game link owns the game\'s state', () => {
  it('holds a sign-in made while the game loads: nothing reaches Unity before its instance exists, the player arrives once after', async () => {
    const page = pageWithGame();
    page.controller.mount(page.host);
    await flush(); // the loader is in, createUnityInstance is running
    expect(page.unity.instances).toHaveLength(1);
    page.link.send(SHELL_TO_GAME.userData, player);
    page.link.send(SHELL_TO_GAME.bootstrap);
    page.link.receiverReady(); // WebBridge's Awake, before createUnityInstance resolves
    expect(page.log.warn).not.toHaveBeenCalledWith(GAME_WARNINGS.sendMessage);
    expect(page.unity.warn).not.toHaveBeenCalled();
    const first = page.unity.instances[0]!;
    first.start();
    await flush();
    expect(page.controller.getState().status).toBe('loaded');
    expect(first.early).toBe(0);
    expect(first.messages).toEqual([[SHELL_TO_GAME.userData, JSON.stringify(player)], [SHELL_TO_GAME.bootstrap, undefined]]);
    expect(page.log.warn).not.toHaveBeenCalledWith(GAME_WARNINGS.sendMessage);
  });

  it('hands a reloaded game the whole state once, with every change since, and none of the old moments', async () => {
    const page = pageWithGame();
    const { link } = page;
    page.controller.mount(page.host);
    await flush();
    link.receiverReady();
    page.unity.instances[0]!.start();
    await flush();
    link.send(SHELL_TO_GAME.hostEvent, { type: 'storage', persistent: true });
    link.send(SHELL_TO_GAME.allSettings, DEFAULT_SETTINGS);
    link.send(SHELL_TO_GAME.audioMuted, true);
    link.send(SHELL_TO_GAME.userData, ANONYMOUS_USER);
    link.send(SHELL_TO_GAME.hostEvent, { type: 'locale', locale: 'de' });
    link.send(SHELL_TO_GAME.settingChanged, { name: 'masterVolume', value: 40 });
    link.send(SHELL_TO_GAME.userData, player);
    link.send(SHELL_TO_GAME.hostEvent, { type: 'joinRoom', roomId: 'room-7' });
    link.send(SHELL_TO_GAME.bootstrap);
    link.send(SHELL_TO_GAME.audioMuted, false);
    expect(page.unity.instances[0]!.messages).toHaveLength(10); // a ready game hears everything as it comes

    page.controller.mount(page.host); // a new instance (a reload of the game)
    await flush();
    link.receiverReady();
    const second = page.unity.instances[1]!;
    second.start();
    await flush();
    expect(second.early).toBe(0);
    expect(second.messages).toEqual([
      [SHELL_TO_GAME.hostEvent, JSON.stringify({ type: 'storage', persistent: true })],
      [SHELL_TO_GAME.allSettings, JSON.stringify({ ...DEFAULT_SETTINGS, masterVolume: 40 })],
      [SHELL_TO_GAME.audioMuted, 'false'],
      [SHELL_TO_GAME.userData, JSON.stringify(player)],
      [SHELL_TO_GAME.hostEvent, JSON.stringify({ type: 'locale', locale: 'de' })],
    ]);
    // And only once: the same instance announcing again changes nothing.
    link.receiverReady();
    expect(second.messages).toHaveLength(5);
  });

  it('tells the game about a sign-in once (one OnUserData), whichever way the player signed in', async () => {
    const server = fakeServer();
    server.answer(whoami, player); // whoami read again after the sign-in
    const game = recordedGame('loaded');
    const queryClient = testQueryClient();
    queryClient.setQueryData(currentUserQuery.queryKey, ANONYMOUS_USER);
    let modalAnswer: ((answer: unknown) => unknown) | null = null;
    // The login modal, and a screen showing who plays (so whoami is read again after a sign-in).
    function LoginModal() { modalAnswer = useAuthAnswer(); useCurrentUser(); return null; }
    renderWithShell(<LoginModal />, { game, queryClient });
    followPlayer(queryClient, game);
    await waitFor(() => { expect(game.sentWith(SHELL_TO_GAME.userData)).toEqual([ANONYMOUS_USER]); });

    // The host's sign-in, Discord's, a provider button's.
    act(() => { signedIn(queryClient, game, player, { greeting: (name) => `Welcome ${name}` }); });
    await waitFor(() => { expect(server.requests(whoami)).toHaveLength(1); });
    await flush();
    expect(game.sentWith(SHELL_TO_GAME.userData)).toEqual([ANONYMOUS_USER, player]);

    // The login modal's.
    act(() => { queryClient.setQueryData(currentUserQuery.queryKey, ANONYMOUS_USER); });
    await waitFor(() => { expect(game.sentWith(SHELL_TO_GAME.userData)).toHaveLength(3); });
    act(() => { modalAnswer?.(player); });
    await waitFor(() => { expect(server.requests(whoami)).toHaveLength(2); });
    await flush();
    expect(game.sentWith(SHELL_TO_GAME.userData)).toEqual([ANONYMOUS_USER, player, ANONYMOUS_USER, player]);
  });
});
