// The session cache hears other processes' revocations through the process's one LISTEN client
// (db/notifications.ts): it asks that client for the revocation channel, stays off while the
// listener is down (so a missed revocation can never keep a session alive) and comes back on
// when the listener is up again.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/createDb';
import type { Listen, ListenHandlers } from '../../server/db/notifications';
import { listenForRevocations, SessionCache } from '../../server/services/accounts/sessionCache';
import { REVOCATION_CHANNEL } from '../../server/services/accounts/sessions';

function fakeListen(): { listen: Listen; channels: string[]; handlers: () => ListenHandlers; closed: () => boolean } {
  let got: ListenHandlers | null = null;
  let closed = false;
  const channels: string[] = [];
  return {
    listen: (channel, handlers) => { channels.push(channel); got = handlers; return { started: Promise.resolve(), close: async () => { closed = true; } }; },
    channels,
    handlers: () => { if (!got) throw new Error('not listening'); return got; },
    closed: () => closed,
  };
}

describe('the session cache listener', () => {
  it('listens on the revocation channel through the shared client, and is on only while that is up', async () => {
    const fake = fakeListen();
    const warnings: string[] = [];
    const cache = new SessionCache({} as Db, 60_000, true);
    const listening = listenForRevocations(fake.listen, cache, { warn: (_o, m) => { warnings.push(m); } });
    await listening.started;
    expect(fake.channels).toEqual([REVOCATION_CHANNEL]);
    expect(cache.live).toBe(false);
    fake.handlers().up?.();
    expect(cache.live).toBe(true);
    fake.handlers().down?.(new Error('connection ended'));
    expect(cache.live).toBe(false);
    expect(warnings).toHaveLength(1);
    fake.handlers().up?.();
    expect(cache.live).toBe(true);
    // A message it cannot read empties the cache rather than being ignored; a good one is taken.
    expect(() => fake.handlers().message('not json')).not.toThrow();
    expect(() => fake.handlers().message(JSON.stringify({ userId: 'u' }))).not.toThrow();
    await listening.close();
    expect(fake.closed()).toBe(true);
  });
});
