import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DISCORD_TEXT } from '../../../contract/accounts';
import {
  DISCORD_MAX_POLLS, DISCORD_POLL_MS, DISCORD_STATE_KEY, discordOAuthMachine,
  type DiscordCallback, type DiscordPopup, type DiscordPurpose,
} from '../../../machines/discord-oauth';

class FakePopup implements DiscordPopup {
  closed = false;
  callback: DiscordCallback | null = null;
  reads = 0;
  read() { this.reads += 1; return this.callback; }
  close() { this.closed = true; }
}

interface Options {
  purpose?: DiscordPurpose;
  blocked?: boolean;
  exchange?: (code: string) => Promise<unknown>;
  link?: (code: string) => Promise<unknown>;
}

function start(options: Options = {}) {
  const store = new Map<string, string>();
  const popup = new FakePopup();
  const opened: string[] = [];
  const requests: string[] = [];
  const machine = discordOAuthMachine.provide({
    actors: {
      exchange: fromPromise<unknown, { code: string }>(({ input }) => { requests.push(`exchange:${input.code}`); return (options.exchange ?? (() => Promise.resolve({ status: 'existing_user' })))(input.code); }),
      link: fromPromise<unknown, { code: string }>(({ input }) => { requests.push(`link:${input.code}`); return (options.link ?? (() => Promise.resolve({ discord_username: 'neo' })))(input.code); }),
    },
  });
  const actor = createActor(machine, {
    input: {
      purpose: options.purpose ?? 'login',
      authorizeUrl: 'https://discord.example/oauth2/authorize',
      clientId: 'client-1',
      redirectUri: 'https://game.example/api/discord/callback',
      env: {
        openPopup: (url) => { opened.push(url); return options.blocked ? null : popup; },
        randomState: () => 'a'.repeat(64),
        storage: { get: (k) => store.get(k) ?? null, set: (k, v) => { store.set(k, v); }, remove: (k) => { store.delete(k); } },
      },
    },
  }).start();
  return { actor, popup, opened, store, requests };
}

const value = (a: ReturnType<typeof start>['actor']) => a.getSnapshot().value;

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('discord-oauth: opening', () => {
  it('opens the authorize page with scope identify, response type code, our redirect and a stored state', () => {
    const { actor, opened, store } = start();
    actor.send({ type: 'START' });
    expect(value(actor)).toBe('polling');
    const url = new URL(opened[0] ?? '');
    expect(url.origin + url.pathname).toBe('https://discord.example/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1', response_type: 'code', scope: 'identify',
      redirect_uri: 'https://game.example/api/discord/callback', state: 'a'.repeat(64),
    });
    expect(store.get(DISCORD_STATE_KEY)).toBe('a'.repeat(64));
  });

  it('a blocked popup returns to idle with the sign-in or connect text', () => {
    const login = start({ blocked: true });
    login.actor.send({ type: 'START' });
    expect(value(login.actor)).toBe('idle');
    expect(login.actor.getSnapshot().context.error).toBe('Please allow popups to sign in with Discord');
    expect(login.store.has(DISCORD_STATE_KEY)).toBe(false);
    const link = start({ blocked: true, purpose: 'link' });
    link.actor.send({ type: 'START' });
    expect(link.actor.getSnapshot().context.error).toBe('Please allow popups to connect Discord');
  });
});

describe('discord-oauth: polling', () => {
  it('polls every 500 ms and reads the callback only on every 4th poll', async () => {
    const { actor, popup, requests } = start();
    actor.send({ type: 'START' });
    popup.callback = { code: 'c0de', state: 'a'.repeat(64) };
    await vi.advanceTimersByTimeAsync(DISCORD_POLL_MS * 3);
    expect(popup.reads).toBe(0);
    expect(value(actor)).toBe('polling');
    await vi.advanceTimersByTimeAsync(DISCORD_POLL_MS);
    expect(popup.reads).toBe(1);
    expect(requests).toEqual(['exchange:c0de']);
    expect(popup.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(value(actor)).toBe('loggedIn');
  });

  it('refuses a code whose state does not match the stored one', async () => {
    const { actor, popup, requests, store } = start();
    actor.send({ type: 'START' });
    popup.callback = { code: 'c0de', state: 'forged' };
    await vi.advanceTimersByTimeAsync(DISCORD_POLL_MS * 4);
    expect(value(actor)).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(DISCORD_TEXT.exchangeFailed);
    expect(requests).toEqual([]);
    expect(store.has(DISCORD_STATE_KEY)).toBe(false);
  });

  it('a provider error (e.g. access denied) gives the login-failed text', async () => {
    const { actor, popup } = start();
    actor.send({ type: 'START' });
    popup.callback = { error: 'access_denied', state: 'a'.repeat(64) };
    await vi.advanceTimersByTimeAsync(DISCORD_POLL_MS * 4);
    expect(actor.getSnapshot().context.error).toBe('Discord login failed: An unexpected error occurred');
  });

  it('closing the popup without a code cancels quietly', async () => {
    const { actor, popup, requests } = start();
    actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(DISCORD_POLL_MS);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(DISCORD_POLL_MS);
    expect(value(actor)).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ cancelled: true, error: null });
    expect(requests).toEqual([]);
  });

  it('times out after 120 polls (60 s), closing the popup', async () => {
    const { actor, popup } = start();
    actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(DISCORD_POLL_MS * (DISCORD_MAX_POLLS - 1));
    expect(value(actor)).toBe('polling');
    await vi.advanceTimersByTimeAsync(DISCORD_POLL_MS);
    expect(value(actor)).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('Discord connection timed out');
    expect(popup.closed).toBe(true);
  });

  it('CANCEL closes the popup and returns to idle; START again opens a new one', async () => {
    const { actor, popup, opened } = start();
    actor.send({ type: 'START' });
    actor.send({ type: 'CANCEL' });
    expect(value(actor)).toBe('idle');
    expect(popup.closed).toBe(true);
    popup.closed = false;
    actor.send({ type: 'START' });
    expect(opened).toHaveLength(2);
    expect(value(actor)).toBe('polling');
  });
});

describe('discord-oauth: outcomes', () => {
  async function withCode(options: Options) {
    const started = start(options);
    started.actor.send({ type: 'START' });
    started.popup.callback = { code: 'c0de', state: 'a'.repeat(64) };
    await vi.advanceTimersByTimeAsync(DISCORD_POLL_MS * 4);
    await vi.advanceTimersByTimeAsync(0);
    return started;
  }

  it('existing_user: logged in, with the answer', async () => {
    const answer = { status: 'existing_user', user: { username: 'neo' } };
    const { actor } = await withCode({ exchange: () => Promise.resolve(answer) });
    expect(value(actor)).toBe('loggedIn');
    expect(actor.getSnapshot().context.result).toEqual(answer);
  });

  it('new_discord_user: the account decision is needed', async () => {
    const answer = { status: 'new_discord_user', suggestedUsername: 'neo', access_token: 't' };
    const { actor } = await withCode({ exchange: () => Promise.resolve(answer) });
    expect(value(actor)).toBe('needsAccount');
    expect(actor.getSnapshot().context.result).toEqual(answer);
  });

  it('exchange failures: the server text, else the fallback, and network', async () => {
    const a = await withCode({ exchange: () => Promise.reject({ kind: 'server', text: 'Nope' }) });
    expect(a.actor.getSnapshot().context.error).toBe('Nope');
    const b = await withCode({ exchange: () => Promise.reject({ kind: 'server' }) });
    expect(b.actor.getSnapshot().context.error).toBe('Failed to authenticate with Discord');
    const c = await withCode({ exchange: () => Promise.reject({ kind: 'network' }) });
    expect(c.actor.getSnapshot().context.error).toBe('Discord login failed: An unexpected error occurred');
    expect(value(c.actor)).toBe('idle');
  });

  it('link purpose: links the code, with the connect texts on failure', async () => {
    const ok = await withCode({ purpose: 'link' });
    expect(ok.requests).toEqual(['link:c0de']);
    expect(value(ok.actor)).toBe('linked');
    expect(ok.actor.getSnapshot().context.result).toEqual({ discord_username: 'neo' });
    const server = await withCode({ purpose: 'link', link: () => Promise.reject({ kind: 'server' }) });
    expect(server.actor.getSnapshot().context.error).toBe('Failed to connect Discord account');
    const network = await withCode({ purpose: 'link', link: () => Promise.reject({ kind: 'network' }) });
    expect(network.actor.getSnapshot().context.error).toBe('An unexpected error occurred while connecting Discord');
  });

  it('a link provider error uses the connect text', async () => {
    const { actor, popup } = start({ purpose: 'link' });
    actor.send({ type: 'START' });
    popup.callback = { error: 'access_denied', state: 'a'.repeat(64) };
    await vi.advanceTimersByTimeAsync(DISCORD_POLL_MS * 4);
    expect(actor.getSnapshot().context.error).toBe('Discord connection failed: An unexpected error occurred');
  });
});
