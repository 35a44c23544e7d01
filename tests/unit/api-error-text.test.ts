// The one reading of a failed request (src/api/errors.ts): the server's `error`, else its
// `detail`, else the caller's fallback, for every feature and every machine's injected I/O.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whoami } from '../../contract/auth';
import { ApiError, call, NetworkError } from '../../src/api/client';
import { errorText, serverErrorText } from '../../src/api/errors';
import { toAuthFailure } from '../../src/features/accounts/api/authRequests';
import { toDiscordFailure } from '../../src/features/accounts/api/discord';

function failWith(status: number, body: unknown): Promise<unknown> {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
  return call(whoami).catch((e: unknown) => e);
}

describe('errorText: one precedence for every failed request', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it("prefers the server's error over its detail", async () => {
    const error = await failWith(404, { error: 'Not found', detail: 'No route for GET /api/x', code: 'NOT_FOUND' });
    expect(errorText(error, 'fallback')).toBe('Not found');
    expect(serverErrorText(error)).toBe('Not found');
    // The error's own message (what a machine shows when it has no fallback) reads the same way.
    expect((error as ApiError).message).toBe('Not found');
  });

  it('falls back to the detail when the error text is empty', async () => {
    const error = await failWith(400, { error: '', detail: 'A value in the request is out of range or malformed' });
    expect(errorText(error, 'fallback')).toBe('A value in the request is out of range or malformed');
  });

  it("uses the caller's fallback when the answer carries no text or is not ours", async () => {
    expect(errorText(await failWith(400, { error: '', detail: '' }), 'Failed to create clan')).toBe('Failed to create clan');
    expect(serverErrorText(await failWith(400, { error: '' }))).toBeUndefined();
    const notOurs = await failWith(502, { message: 'bad gateway' });
    expect(notOurs).toBeInstanceOf(ApiError);
    expect(errorText(notOurs, 'Failed to purchase crates')).toBe('Failed to purchase crates');
  });

  it("uses the fallback for no answer at all and for anything that is not the server's", () => {
    expect(errorText(new NetworkError('offline'), 'Transfer failed')).toBe('Transfer failed');
    expect(errorText(new Error('boom'), 'Transfer failed')).toBe('Transfer failed');
    expect(errorText({ error: 'looks like a body' }, 'Transfer failed')).toBe('Transfer failed');
    expect(serverErrorText(undefined)).toBeUndefined();
  });

  it('is the order the machines get too (auth and Discord failures)', async () => {
    const error = await failWith(401, { error: 'Invalid username or password', detail: 'Check your credentials' });
    expect(toAuthFailure(error)).toEqual({ kind: 'server', text: 'Invalid username or password' });
    expect(toDiscordFailure(error)).toEqual({ kind: 'server', text: 'Invalid username or password' });
    expect(toAuthFailure(new NetworkError('offline'))).toEqual({ kind: 'network' });
  });
});
