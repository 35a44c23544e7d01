// The session check at start goes out from the first script (src/api/earlySession.ts); the
// current-player query takes that answer once, and asks for itself when it failed or is malformed.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whoami } from '../../contract/auth';
import { currentUserQuery } from '../../src/api/currentUser';
import { startSessionCheck, takeSessionCheck } from '../../src/api/earlySession';
import { fakeServer } from '../support/fakeServer';

const alice = { uuid: '11111111-1111-4111-8111-111111111111', username: 'alice', verified: 1, isAdmin: false };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the session check at start', () => {
  afterEach(() => { takeSessionCheck(); vi.restoreAllMocks(); });

  it('asks whoami at once, at high priority, and the query uses that answer without asking again', async () => {
    const early = vi.fn(async () => json(alice));
    startSessionCheck(early as unknown as typeof fetch);
    expect(early).toHaveBeenCalledWith('/api/whoami', expect.objectContaining({ credentials: 'include', priority: 'high' }));
    const server = fakeServer();
    server.answer(whoami, { ...alice, username: 'later' });
    const client = new QueryClient();
    await expect(client.fetchQuery(currentUserQuery)).resolves.toMatchObject({ username: 'alice' });
    expect(server.requests(whoami)).toHaveLength(0);
    // taken once: the next check is the query's own
    await client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    await expect(client.fetchQuery(currentUserQuery)).resolves.toMatchObject({ username: 'later' });
  });

  it('a failed or malformed early answer is not used: the query asks itself', async () => {
    startSessionCheck((async () => json({ uuid: 42 })) as unknown as typeof fetch);
    const server = fakeServer();
    server.answer(whoami, alice);
    await expect(new QueryClient().fetchQuery(currentUserQuery)).resolves.toMatchObject({ username: 'alice' });
    expect(server.requests(whoami)).toHaveLength(1);
    startSessionCheck((async () => { throw new TypeError('offline'); }) as unknown as typeof fetch);
    await expect(new QueryClient().fetchQuery(currentUserQuery)).resolves.toMatchObject({ username: 'alice' });
    expect(server.requests(whoami)).toHaveLength(2);
  });
});
