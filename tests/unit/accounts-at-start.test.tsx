// What the accounts feature does at app start: a pending Discord account decision kept in
// session storage comes back after a reload (bad or expired content is dropped without a word),
// and a Discord Activity logs in once, by itself, a player the session cookie signed in included.
import { notificationsStore } from '@mantine/notifications';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER, type CurrentUser } from '../../contract/auth';
import { DISCORD_TEXT } from '../../contract/accounts';
import type { HostKind } from '../../hosts/list';
import type { HostAdapter, LoginOutcome } from '../../hosts/types';
import { renderWithShell, testQueryClient } from '../support/render';
import { createOverlayStore } from '../../src/overlays/store';
import { AccountsAtStart } from '../../src/features/accounts/AccountsAtStart';
import { currentUserQuery } from '../../src/api/currentUser';
import { PENDING_DISCORD_KEY, PENDING_DISCORD_TTL_MS, readPendingDiscord, reopenPendingDecision, storePendingDiscord } from '../../src/features/accounts/api/discord';
import { flush } from '../support/async';

const pending = { discordUser: { id: '123456789012345678', username: 'neo' }, suggestedUsername: 'neo_1', accessToken: 'pending-token' };
const player: CurrentUser = { uuid: 'u-1', username: 'neo_1', verified: 1, isAdmin: false };


function fakeAdapter(login: () => Promise<LoginOutcome>): HostAdapter & { login: ReturnType<typeof vi.fn>; authenticate: ReturnType<typeof vi.fn>; start: ReturnType<typeof vi.fn> } {
  return {
    kind: 'discord', hidden: new Set(),
    start: vi.fn(async () => undefined),
    login: vi.fn(login),
    authenticate: vi.fn(async () => undefined),
    connectWallet: () => 'unsupported',
    loadingStart: () => undefined, loadingStop: () => undefined, gameplayStart: () => undefined, gameplayStop: () => undefined,
    onMuteChange: () => () => undefined,
  };
}

function mount(adapter: HostAdapter, kind: HostKind = 'discord', user: CurrentUser = ANONYMOUS_USER) {
  const client = testQueryClient();
  client.setQueryData(currentUserQuery.queryKey, user);
  const view = renderWithShell(<AccountsAtStart />, { queryClient: client, host: { kind, adapter } });
  return { client, view, overlays: view.overlays };
}

const toasts = () => notificationsStore.getState().notifications.map((n) => String(n.message));

beforeEach(() => { sessionStorage.clear(); notificationsStore.setState({ notifications: [], queue: [], defaultPosition: 'bottom-right', limit: 5 }); });
afterEach(() => { vi.restoreAllMocks(); });

describe('the pending Discord account decision', () => {
  it('is kept with its age and read back while the server still holds it', () => {
    storePendingDiscord(pending, window, 1_000);
    expect(JSON.parse(sessionStorage.getItem(PENDING_DISCORD_KEY) ?? '')).toMatchObject({ storedAt: 1_000 });
    expect(readPendingDiscord(window, 1_000 + PENDING_DISCORD_TTL_MS - 1)).toEqual(pending);
  });

  it.each([
    ['expired', () => storePendingDiscord(pending, window, 1_000), 1_000 + PENDING_DISCORD_TTL_MS],
    ['from the future', () => storePendingDiscord(pending, window, 5_000), 1_000],
    ['not JSON', () => sessionStorage.setItem(PENDING_DISCORD_KEY, '{nope'), 1_000],
    ['without an age', () => sessionStorage.setItem(PENDING_DISCORD_KEY, JSON.stringify(pending)), 1_000],
    ['without a Discord user', () => sessionStorage.setItem(PENDING_DISCORD_KEY, JSON.stringify({ storedAt: 1_000, discordUser: { id: '' } })), 1_000],
  ])('is dropped silently when %s', async (_name, put, now) => {
    put();
    const overlays = createOverlayStore();
    expect(reopenPendingDecision(overlays, window, now)).toBe(false);
    expect(sessionStorage.getItem(PENDING_DISCORD_KEY)).toBeNull();
    await flush(20);
    expect(overlays.isAnyOpen()).toBe(false);
  });

  it('reopens at app start: the overlay API opens the decision with the stored identity', async () => {
    storePendingDiscord(pending);
    const web = fakeAdapter(async () => ({ kind: 'shellModal' }));
    const { overlays } = mount({ ...web, kind: 'web' }, 'web');
    await waitFor(() => expect(overlays.getState().modal?.key).toBe('discordFusion'));
    expect(overlays.getState().modal?.payload).toEqual({ ...pending });
    // Still kept (with its first age) until the player decides or closes the decision.
    expect(readPendingDiscord()).toEqual(pending);
  });
});

describe('the Discord Activity at start', () => {
  it('logs in by itself once: the code is exchanged, the SDK authenticates, the player is signed in', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      expect(String(input)).toBe('/api/discord/exchange');
      return new Response(JSON.stringify({ status: 'existing_user', jwt: null, discordUser: { id: pending.discordUser.id, username: 'neo' }, user: player, discord_access_token: 'discord-token' }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const adapter = fakeAdapter(async () => ({ kind: 'discordCode', code: 'activity-code' }));
    const { client, view } = mount(adapter);
    await waitFor(() => expect(client.getQueryData(currentUserQuery.queryKey)).toMatchObject({ username: 'neo_1' }));
    expect(adapter.start).toHaveBeenCalled();
    expect(adapter.authenticate).toHaveBeenCalledWith('discord-token');
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({ code: 'activity-code', activity: true });
    expect(toasts()).toContain('Welcome back, neo_1!');
    view.unmount();
    // A second mount of the shell with the same adapter (same page load) does not log in again.
    client.setQueryData(currentUserQuery.queryKey, ANONYMOUS_USER);
    mount(adapter);
    await flush(20);
    expect(adapter.login).toHaveBeenCalledTimes(1);
  });

  it('a failure shows the toast once and is not retried', async () => {
    const adapter = fakeAdapter(async () => ({ kind: 'unavailable', reason: DISCORD_TEXT.loginFailed }));
    const { client } = mount(adapter);
    await waitFor(() => expect(toasts()).toEqual([DISCORD_TEXT.loginFailed]));
    // whoami changes again (a refetch): still one attempt.
    client.setQueryData(currentUserQuery.queryKey, { ...ANONYMOUS_USER });
    await flush(20);
    expect(adapter.login).toHaveBeenCalledTimes(1);
    expect(toasts()).toEqual([DISCORD_TEXT.loginFailed]);
  });

  it('a new Discord player gets the account decision', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({
      status: 'new_discord_user', discordUser: pending.discordUser, suggestedUsername: 'neo_1', access_token: 'pending-token', discord_access_token: 'discord-token',
    }), { status: 200, headers: { 'content-type': 'application/json' } }));
    const adapter = fakeAdapter(async () => ({ kind: 'discordCode', code: 'activity-code' }));
    const { overlays } = mount(adapter);
    await waitFor(() => expect(overlays.getState().modal?.key).toBe('discordFusion'));
    expect(overlays.getState().modal?.payload).toMatchObject({ discordUser: { id: pending.discordUser.id }, accessToken: 'pending-token' });
    expect(readPendingDiscord()).toMatchObject({ suggestedUsername: 'neo_1' });
    expect(adapter.authenticate).toHaveBeenCalledWith('discord-token');
  });

  const answerWith = (body: unknown) => vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

  it('a player signed in from the session cookie still authorizes and authenticates, without a second greeting', async () => {
    const fetchSpy = answerWith({ status: 'existing_user', jwt: null, discordUser: { id: pending.discordUser.id, username: 'neo' }, user: player, discord_access_token: 'discord-token' });
    const adapter = fakeAdapter(async () => ({ kind: 'discordCode', code: 'returning-code' }));
    const { client } = mount(adapter, 'discord', player);
    await waitFor(() => expect(adapter.authenticate).toHaveBeenCalledWith('discord-token'));
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({ code: 'returning-code', activity: true });
    expect(client.getQueryData(currentUserQuery.queryKey)).toMatchObject({ uuid: player.uuid });
    await flush(20);
    expect(toasts()).toEqual([]);
  });

  it("another Discord user than the session's player: theirs is the session, or nobody's while they decide", async () => {
    const other: CurrentUser = { uuid: 'u-2', username: 'trinity', verified: 1, isAdmin: false };
    answerWith({ status: 'existing_user', jwt: null, discordUser: { id: '223456789012345678', username: 'trin' }, user: other, discord_access_token: 'discord-token' });
    const switched = mount(fakeAdapter(async () => ({ kind: 'discordCode', code: 'other-code' })), 'discord', player);
    await waitFor(() => expect(switched.client.getQueryData(currentUserQuery.queryKey)).toMatchObject({ uuid: 'u-2' }));
    expect(toasts()).toContain('Welcome back, trinity!');
    vi.restoreAllMocks();
    answerWith({ status: 'new_discord_user', discordUser: pending.discordUser, suggestedUsername: 'neo_1', access_token: 'pending-token', discord_access_token: 'discord-token' });
    const fresh = mount(fakeAdapter(async () => ({ kind: 'discordCode', code: 'new-code' })), 'discord', player);
    await waitFor(() => expect(fresh.overlays.getState().modal?.key).toBe('discordFusion'));
    expect(fresh.client.getQueryData(currentUserQuery.queryKey)).toMatchObject({ uuid: ANONYMOUS_USER.uuid });
  });

  it('a signed-in player whose Discord step fails stays signed in, with no error toast', async () => {
    const adapter = fakeAdapter(async () => ({ kind: 'unavailable', reason: DISCORD_TEXT.loginFailed }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client } = mount(adapter, 'discord', player);
    await waitFor(() => expect(adapter.login).toHaveBeenCalledTimes(1));
    await flush(20);
    expect(toasts()).toEqual([]);
    expect(warn).toHaveBeenCalled();
    expect(client.getQueryData(currentUserQuery.queryKey)).toMatchObject({ uuid: player.uuid });
  });

  it('does nothing when a decision is pending, or the host is not Discord', async () => {
    storePendingDiscord(pending);
    const withDecision = fakeAdapter(async () => ({ kind: 'discordCode', code: 'y' }));
    mount(withDecision);
    const portal = fakeAdapter(async () => ({ kind: 'portalToken', token: 'z' }));
    mount({ ...portal, kind: 'crazygames' }, 'crazygames');
    await flush(20);
    await flush(20);
    expect(withDecision.login).not.toHaveBeenCalled();
    expect(portal.login).not.toHaveBeenCalled();
  });
});
