// The portal's sign-in followed by the shell: a player signed in on the portal
// is signed in at start (getUser, then the user token to /api/crazygames/login), and later
// portal sign-ins and sign-outs are followed through addAuthListener. Real adapter, fake v3 SDK,
// the contract-driven fake server.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER, logout, whoami } from '../../contract/auth';
import { crazygamesLogin } from '../../contract/accounts';
import { createCrazyGamesAdapter } from '../../hosts/crazygames/adapter';
import type { CrazyGamesSdk, CrazyGamesUser } from '../../hosts/crazygames/sdk';
import { currentUserQuery } from '../../src/api/currentUser';
import { followPortalUser } from '../../src/features/accounts/AccountsAtStart';
import { fakeServer } from '../support/fakeServer';
import { quiet } from '../support/log';

function portalSdk(signedIn: boolean) {
  const order: string[] = [];
  let user: CrazyGamesUser | null = signedIn ? { username: 'Cheese', profilePictureUrl: '' } : null;
  const auth = new Set<(u: CrazyGamesUser | null) => void>();
  const sdk: CrazyGamesSdk = {
    environment: 'crazygames',
    init: async () => undefined,
    game: {
      loadingStart: () => undefined, loadingStop: () => undefined, gameplayStart: () => undefined, gameplayStop: () => undefined,
      settings: { muteAudio: false, disableChat: false }, addSettingsChangeListener: () => undefined, removeSettingsChangeListener: () => undefined,
    },
    user: {
      isUserAccountAvailable: true,
      getUser: async () => { order.push('getUser'); return user; },
      showAuthPrompt: async () => { order.push('showAuthPrompt'); return user; },
      getUserToken: async () => { order.push('getUserToken'); return 'portal.user.token.signed'; },
      addAuthListener: (l) => { order.push('addAuthListener'); auth.add(l); },
      removeAuthListener: (l) => { auth.delete(l); },
    },
  };
  const set = (next: CrazyGamesUser | null) => { user = next; for (const l of auth) l(next); };
  return { sdk, order, signIn: (name: string) => set({ username: name, profilePictureUrl: '' }), signOut: () => set(null), listeners: auth };
}

const player = (name: string) => ({ uuid: `u-${name}`, username: name, verified: 1, isAdmin: false });

afterEach(() => { vi.restoreAllMocks(); });

describe('the CrazyGames adapter and the portal user', () => {
  it('tells whether a player is signed in once the SDK is ready, then every change', async () => {
    const portal = portalSdk(true);
    const adapter = createCrazyGamesAdapter({ loadSdk: async () => portal.sdk, log: quiet() });
    const heard: boolean[] = [];
    const stop = adapter.onPortalUser?.((signedIn) => heard.push(signedIn));
    await adapter.start();
    await vi.waitFor(() => expect(heard).toEqual([true]));
    portal.signOut();
    portal.signIn('Gouda');
    expect(heard).toEqual([true, false, true]);
    stop?.();
    expect(portal.listeners.size).toBe(0);
    portal.signOut();
    expect(heard).toEqual([true, false, true]);
  });
});

describe('following the portal user', () => {
  const setUp = (portalSignedIn: boolean, here = ANONYMOUS_USER) => {
    const server = fakeServer();
    server.answer(whoami, here);
    const portal = portalSdk(portalSignedIn);
    const adapter = createCrazyGamesAdapter({ loadSdk: async () => portal.sdk, log: quiet() });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(currentUserQuery.queryKey, here);
    const send = vi.fn();
    const stop = followPortalUser({ kind: 'crazygames', adapter }, queryClient, { game: { send }, overlays: { open: vi.fn() } });
    void adapter.start();
    return { server, portal, queryClient, send, stop };
  };

  it('signs in at start a player already signed in on the portal: getUser, then the token to our server', async () => {
    const { server, portal, queryClient } = setUp(true);
    server.answer(crazygamesLogin, { ...player('Cheese'), status: 'ok', created: false });
    await vi.waitFor(() => expect(server.requests(crazygamesLogin)).toHaveLength(1));
    expect(server.requests(crazygamesLogin)[0]?.body).toEqual({ token: 'portal.user.token.signed' });
    expect(portal.order).toEqual(['addAuthListener', 'getUser', 'getUser', 'getUserToken']);
    expect(portal.order).not.toContain('showAuthPrompt');
    await vi.waitFor(() => expect(queryClient.getQueryData(currentUserQuery.queryKey)).toMatchObject({ username: 'Cheese' }));
  });

  it('does nothing at start for an anonymous portal player, then follows a later portal sign-in and sign-out', async () => {
    const { server, portal, queryClient } = setUp(false);
    server.answer(crazygamesLogin, { ...player('Gouda'), status: 'ok', created: true });
    server.answer(logout, { ...ANONYMOUS_USER, status: 'logged_out', message: 'Logged out' });
    await vi.waitFor(() => expect(portal.order).toContain('getUser'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.requests(crazygamesLogin)).toHaveLength(0);

    portal.signIn('Gouda');
    await vi.waitFor(() => expect(queryClient.getQueryData(currentUserQuery.queryKey)).toMatchObject({ username: 'Gouda' }));
    expect(server.requests(crazygamesLogin)).toHaveLength(1);

    server.answer(whoami, ANONYMOUS_USER);
    portal.signOut();
    await vi.waitFor(() => expect(server.requests(logout)).toHaveLength(1));
    await vi.waitFor(() => expect(queryClient.getQueryData(currentUserQuery.queryKey)).toMatchObject({ username: 'Anonymous' }));
  });

  it('leaves a session that already exists alone', async () => {
    const { server, portal } = setUp(true, player('Cheese'));
    await vi.waitFor(() => expect(portal.order).toContain('getUser'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.requests(crazygamesLogin)).toHaveLength(0);
  });
});
