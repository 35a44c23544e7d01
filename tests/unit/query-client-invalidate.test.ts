// An invalidation while a query's first read is on its way reads again: the read was asked before
// the change the invalidation announces (the crate shop's first read of the holdings, and a game
// award's live event arriving before its answer).
import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { ShellQueryClient } from '../../src/app/queryClient';

/** A "server" whose balance changes while the first read is in flight. */
function slowServer() {
  let balance = 0;
  const pending: Array<() => void> = [];
  let asked = 0;
  return {
    get asked() { return asked; },
    award(amount: number) { balance += amount; },
    /** Answers the oldest open read with the balance it saw when it was asked. */
    answerNext() { pending.shift()?.(); },
    read: (signal: AbortSignal) => {
      asked += 1;
      const seen = balance;
      return new Promise<{ tripcoins: number }>((resolve, reject) => {
        pending.push(() => resolve({ tripcoins: seen }));
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    },
  };
}

async function shownAfterAward(client: QueryClient): Promise<{ shown: number | undefined; asked: number }> {
  const server = slowServer();
  const observer = new QueryObserver(client, { queryKey: ['inventory'], queryFn: ({ signal }) => server.read(signal), retry: false });
  const stop = observer.subscribe(() => undefined);
  // The screen opened: its first read is on its way. The award commits, its event arrives.
  server.award(250);
  const invalidated = client.invalidateQueries({ queryKey: ['inventory'] });
  for (let i = 0; i < 3; i++) { server.answerNext(); await new Promise((r) => setTimeout(r, 0)); }
  await invalidated;
  stop();
  return { shown: observer.getCurrentResult().data?.tripcoins, asked: server.asked };
}

describe('an invalidation during a first read', () => {
  it('reads again, and shows what the server holds after the change', async () => {
    expect(await shownAfterAward(new ShellQueryClient())).toEqual({ shown: 250, asked: 2 });
  });

  it('is needed: the library alone keeps the first read\'s answer from before the change (if this fails, an upgrade fixed it and the subclass can go)', async () => {
    expect(await shownAfterAward(new QueryClient())).toEqual({ shown: 0, asked: 1 });
  });

  it('leaves a query no one shows marked, not read', async () => {
    const client = new ShellQueryClient();
    let asked = 0;
    const read = client.prefetchQuery({ queryKey: ['x'], queryFn: () => { asked += 1; return new Promise<number>((r) => setTimeout(() => r(1), 5)); } });
    await client.invalidateQueries({ queryKey: ['x'] });
    await read;
    expect(asked).toBe(1);
    expect(client.getQueryData(['x'])).toBe(1);
  });
});
