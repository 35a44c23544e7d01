import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CRATE_TEXT, type CrateVersionId } from '../contract/crates';
import { crateOpenMachine, type OpenResult } from './crate-open';

interface Deferred<T> { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void }
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

/** A fake server: a crate count per version and a queue of open answers. */
function fakeServer(counts: Record<CrateVersionId, number>) {
  const calls = { load: [] as CrateVersionId[], open: [] as CrateVersionId[] };
  let nextOpen: Deferred<OpenResult> | null = null;
  const machine = crateOpenMachine.provide({
    actors: {
      loadCount: fromPromise<number, { crateVersionId: CrateVersionId }>(async ({ input }) => {
        calls.load.push(input.crateVersionId);
        return counts[input.crateVersionId];
      }),
      openCrate: fromPromise<OpenResult, { crateVersionId: CrateVersionId }>(({ input }) => {
        calls.open.push(input.crateVersionId);
        nextOpen = deferred<OpenResult>();
        return nextOpen.promise;
      }),
    },
  });
  return { machine, calls, counts, answerOpen: (r: OpenResult) => nextOpen?.resolve(r), failOpen: (e: unknown) => nextOpen?.reject(e) };
}

describe('the crate open machine', () => {
  it('loads the count, opens a crate, shows the result with one crate less, and Continue reloads the count', async () => {
    const server = fakeServer({ 0: 3, 1: 0 });
    const actor = createActor(server.machine, { input: {} }).start();
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.count).toBe(3);

    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().value).toBe('opening');
    expect(server.calls.open).toEqual([0]);
    // While opening, a second OPEN does not send a second request.
    actor.send({ type: 'OPEN' });
    expect(server.calls.open).toEqual([0]);

    server.counts[0] = 2;
    server.answerOpen({ wonItemUuid: 'item-1', wonItemName: 'Neon Visor', crateBalance: 2 });
    await waitFor(actor, (s) => s.matches('result'));
    expect(actor.getSnapshot().context.won).toEqual({ uuid: 'item-1', name: 'Neon Visor' });
    expect(actor.getSnapshot().context.count).toBe(2);

    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.won).toBeNull();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(server.calls.load).toEqual([0, 0]);
    expect(actor.getSnapshot().context.count).toBe(2);
  });

  it('refuses to open without a crate, with the spec text, and sends nothing', async () => {
    const server = fakeServer({ 0: 0, 1: 0 });
    const actor = createActor(server.machine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBe(CRATE_TEXT.needCrate);
    expect(server.calls.open).toEqual([]);
  });

  it('shows the server error of a failed open (or the fallback) and stays on the open view', async () => {
    const server = fakeServer({ 0: 1, 1: 0 });
    const actor = createActor(server.machine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'OPEN' });
    server.failOpen(new Error('You need at least 1 crate to open'));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toBe('You need at least 1 crate to open');
    expect(actor.getSnapshot().context.count).toBe(1);

    actor.send({ type: 'OPEN' });
    server.failOpen('no message');
    await waitFor(actor, (s) => s.matches('ready') && s.context.error === CRATE_TEXT.openFailed);
  });

  it('says so when the count cannot be loaded', async () => {
    const machine = crateOpenMachine.provide({
      actors: { loadCount: fromPromise<number, { crateVersionId: CrateVersionId }>(() => Promise.reject(new Error(''))) },
    });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ count: null, error: CRATE_TEXT.balanceFailed });
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().context.error).toBe(CRATE_TEXT.needCrate);
  });

  it('resets to the open view and reloads the count on every opening of the modal', async () => {
    const server = fakeServer({ 0: 1, 1: 4 });
    const actor = createActor(server.machine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'OPEN' });
    server.answerOpen({ wonItemUuid: 'item-2', wonItemName: 'Trip Hoodie' });
    await waitFor(actor, (s) => s.matches('result'));

    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context).toMatchObject({ won: null, error: null, count: null });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(server.calls.load).toEqual([0, 0]);

    actor.send({ type: 'OPEN' }); // count 1 again from the fake
    server.failOpen(new Error('boom'));
    await waitFor(actor, (s) => s.context.error === 'boom');
    actor.send({ type: 'RESET', crateVersionId: 1 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ crateVersionId: 1, count: 4, error: null });
  });

  it('switches crate version from the open view and loads that count', async () => {
    const server = fakeServer({ 0: 2, 1: 5 });
    const actor = createActor(server.machine, { input: { crateVersionId: 0 } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'SET_VERSION', crateVersionId: 1 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.count).toBe(5);
    actor.send({ type: 'OPEN' });
    expect(server.calls.open).toEqual([1]);
  });

  it('ignores a reset while a crate is opening (the modal cannot close while busy)', async () => {
    const server = fakeServer({ 0: 1, 1: 0 });
    const actor = createActor(server.machine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('opening');
    server.answerOpen({ wonItemUuid: 'x', wonItemName: 'X' });
    await waitFor(actor, (s) => s.matches('result'));
  });
});
