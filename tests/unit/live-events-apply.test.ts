// What a live event does on the page (src/app/LiveEventsAtStart.tsx applyLiveEvent): a clan
// event refreshes every clan query at once (the admin's panel shows the accepted player), a sale
// refreshes the inventory and market and tells the game, a ban signs the page out.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../../contract/auth';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import { applyLiveEvent } from '../../src/app/LiveEventsAtStart';

let calls: string[] = [];
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => { calls.push(String(url)); return new Response('{"status":"logged_out","message":"Logged out","uuid":"anonymous","username":"Anonymous","verified":0,"isAdmin":false}', { status: 200 }); }));
});
afterEach(() => { vi.unstubAllGlobals(); });

function seeded() {
  const client = new QueryClient();
  client.setQueryData(['whoami'], { uuid: 'u1', username: 'Ann', verified: 1, isAdmin: false });
  client.setQueryData(['clans', 'details', 'c1'], { members: 1 });
  client.setQueryData(['clans', 'sent-invites', 'c1'], []);
  client.setQueryData(['inventory'], { inventory: {}, tripcoins: 0 });
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;

describe('applyLiveEvent', () => {
  it('refreshes every clan query on a clan event, and nothing of the economy', () => {
    const client = seeded();
    applyLiveEvent({ type: 'clanAccept', clanId: 'c1', clanName: 'Wolves', username: 'Bob' }, client, { send: vi.fn() });
    expect(stale(client, ['clans', 'details', 'c1'])).toBe(true);
    expect(stale(client, ['clans', 'sent-invites', 'c1'])).toBe(true);
    expect(stale(client, ['inventory'])).toBe(false);
  });

  it('refreshes the admin\'s clan when a member left (the member list drops them at once)', () => {
    const client = seeded();
    applyLiveEvent({ type: 'clanLeft', clanId: 'c1', clanName: 'Wolves', username: 'Bob' }, client, { send: vi.fn() });
    expect(stale(client, ['clans', 'details', 'c1'])).toBe(true);
  });

  it('refreshes the balance and both crate shops when the game awards coins (an open shop sees them at once)', () => {
    const client = seeded();
    client.setQueryData(['crates', 'status', 0], { crateBalance: 0 });
    applyLiveEvent({ type: 'coinsAwarded', amount: 12.5 }, client, { send: vi.fn() });
    expect(stale(client, ['inventory'])).toBe(true);
    expect(stale(client, ['crates', 'status', 0])).toBe(true);
  });

  it('runs every feature\'s handler even when one throws: the open crate shop still reads its balance again', () => {
    const client = seeded();
    client.setQueryData(['crates', 'status', 0], { crateBalance: 0 });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = () => { throw new Error('a toast drawn at a bad moment'); };
    const refreshCrates = (_event: unknown, c: QueryClient) => { void c.invalidateQueries({ queryKey: ['crates'] }); };
    applyLiveEvent({ type: 'coinsAwarded', amount: 12.5 }, client, { send: vi.fn() }, undefined, [failing, refreshCrates]);
    expect(stale(client, ['crates', 'status', 0])).toBe(true);
    expect(quiet).toHaveBeenCalledTimes(1);
    quiet.mockRestore();
  });

  it('refreshes the inventory and tells the game the marketplace changed when a listing sold', () => {
    const client = seeded();
    const send = vi.fn();
    applyLiveEvent({ type: 'listingSold', listingId: 'l1', itemUuid: 'i', itemName: 'Crate', quantity: 1, price: 5 }, client, { send });
    expect(stale(client, ['inventory'])).toBe(true);
    expect(stale(client, ['clans', 'details', 'c1'])).toBe(false);
    expect(send).toHaveBeenCalledWith(SHELL_TO_GAME.refreshMarketplace);
  });

  it('signs the page out on a ban: logout called, the page and the game anonymous', async () => {
    const client = seeded();
    const send = vi.fn();
    applyLiveEvent({ type: 'banned', message: 'cheating' }, client, { send });
    await vi.waitFor(() => expect(client.getQueryData(['whoami'])).toEqual(ANONYMOUS_USER));
    expect(calls).toEqual(['/api/logout']);
    // The game hears the anonymous player from the whoami cache (the accounts feature's followPlayer), not from here.
    expect(send).not.toHaveBeenCalledWith(SHELL_TO_GAME.userData, expect.anything());
    expect(client.getQueryData(['clans', 'details', 'c1'])).toBeUndefined();
  });
});
