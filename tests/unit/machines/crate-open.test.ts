import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { CRATE_TEXT, type CrateVersionId } from '../../../contract/crates';
import { crateOpenMachine, OPEN_ALL_MAX, openAllSize, pickCrateVersion, REVEAL_MS, type CrateCounts, type OpenResult } from '../../../machines/crate-open';
import { deferred, type Deferred } from '../../support/async';


/** A fake server: a crate count per version and a queue of open answers. */
function fakeServer(counts: Record<CrateVersionId, number>) {
  const calls = { load: [] as CrateVersionId[], open: [] as CrateVersionId[], loadBoth: 0 };
  let nextOpen: Deferred<OpenResult> | null = null;
  const machine = crateOpenMachine.provide({
    actors: {
      loadCounts: fromPromise<CrateCounts, void>(async () => { calls.loadBoth += 1; return { ...counts }; }),
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

describe('the set it opens on', () => {
  it('picks the set the player owns crates of; Base Set when both or neither', () => {
    expect(pickCrateVersion({ 0: 0, 1: 1 })).toBe(1);
    expect(pickCrateVersion({ 0: 2, 1: 0 })).toBe(0);
    expect(pickCrateVersion({ 0: 2, 1: 3 })).toBe(0);
    expect(pickCrateVersion({ 0: 0, 1: 0 })).toBe(0);
    expect(pickCrateVersion({ 0: null, 1: 1 })).toBe(1);
  });

  it('opened with only the airdrop\'s Base Set II crate, it starts on Base Set II with both counts, and opens it', async () => {
    const server = fakeServer({ 0: 0, 1: 1 });
    const actor = createActor(server.machine, { input: { choose: true } }).start();
    expect(actor.getSnapshot().value).toBe('choosing');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ crateVersionId: 1, count: 1, counts: { 0: 0, 1: 1 }, error: null });
    expect(server.calls.load).toEqual([]);
    actor.send({ type: 'OPEN' });
    expect(server.calls.open).toEqual([1]);
    server.answerOpen({ wonItemUuid: 'item-9', wonItemName: 'Founders Badge' });
    await waitFor(actor, (s) => s.matches('result'));
    expect(actor.getSnapshot().context.counts).toEqual({ 0: 0, 1: 0 });
  });

  it('falls back to loading Base Set when both counts cannot be had', async () => {
    const server = fakeServer({ 0: 2, 1: 0 });
    const machine = server.machine.provide({ actors: { loadCounts: fromPromise<CrateCounts, void>(() => Promise.reject(new Error('offline'))) } });
    const actor = createActor(machine, { input: { choose: true } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ crateVersionId: 0, count: 2, counts: { 0: 2, 1: null } });
  });
});

describe('the reveal', () => {
  async function opened(input: { reducedMotion?: boolean }, clock?: SimulatedClock) {
    const server = fakeServer({ 0: 1, 1: 0 });
    const actor = createActor(server.machine, { input: { crateVersionId: 0, ...input }, clock }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'OPEN' });
    server.answerOpen({ wonItemUuid: 'item-3', wonItemName: 'Trip Hoodie' });
    await waitFor(actor, (s) => s.matches('result'));
    return actor;
  }

  it('builds up, then lands on the won item after REVEAL_MS', async () => {
    const clock = new SimulatedClock();
    const actor = await opened({}, clock);
    expect(actor.getSnapshot().value).toEqual({ result: 'revealing' });
    clock.increment(REVEAL_MS - 1);
    expect(actor.getSnapshot().value).toEqual({ result: 'revealing' });
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual({ result: 'shown' });
  });

  it('a click or key (SKIP) lands at once', async () => {
    const actor = await opened({}, new SimulatedClock());
    actor.send({ type: 'SKIP' });
    expect(actor.getSnapshot().value).toEqual({ result: 'shown' });
    expect(actor.getSnapshot().context.won).toEqual({ uuid: 'item-3', name: 'Trip Hoodie' });
  });

  it('under reduced motion it shows the item at once', async () => {
    const actor = await opened({ reducedMotion: true }, new SimulatedClock());
    expect(actor.getSnapshot().value).toEqual({ result: 'shown' });
  });

  it('Continue from the reveal or the item returns to the open view', async () => {
    const actor = await opened({}, new SimulatedClock());
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().value).toBe('loading');
  });
});

describe('open all', () => {
  /** A fake server that answers every open at once, with the count it has left (or fails the `failAt`-th open). */
  function autoServer(owned: number, options: { failAt?: number; balance?: boolean; openDelay?: Deferred<void>[] } = {}) {
    const state = { owned, opens: 0 };
    const machine = crateOpenMachine.provide({
      actors: {
        loadCounts: fromPromise<CrateCounts, void>(async () => ({ 0: state.owned, 1: 0 })),
        loadCount: fromPromise<number, { crateVersionId: CrateVersionId }>(async () => state.owned),
        openCrate: fromPromise<OpenResult, { crateVersionId: CrateVersionId }>(async () => {
          state.opens += 1;
          const n = state.opens;
          const gate = options.openDelay?.[n - 1];
          if (gate) await gate.promise;
          if (n === options.failAt) throw new Error('Failed to open crate');
          if (state.owned < 1) throw new Error(CRATE_TEXT.needCrate);
          state.owned -= 1;
          return { wonItemUuid: `item-${n}`, wonItemName: `Prize-${n}`, ...(options.balance === false ? {} : { crateBalance: state.owned }) };
        }),
      },
    });
    return { machine, state };
  }

  async function readyWith(server: ReturnType<typeof autoServer>, input: { reducedMotion?: boolean } = {}, clock = new SimulatedClock()) {
    const actor = createActor(server.machine, { input: { crateVersionId: 0, ...input }, clock }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    return { actor, clock };
  }

  const names = (actor: { getSnapshot(): { context: { batch: { won: { name: string }[] } | null } } }) => actor.getSnapshot().context.batch?.won.map((w) => w.name);

  it('opens the crates one after another, a reveal for each won item, the count following each answer', async () => {
    const server = autoServer(3);
    const { actor, clock } = await readyWith(server);
    actor.send({ type: 'OPEN_ALL' });
    expect(actor.getSnapshot().matches({ batch: 'opening' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ batch: 'revealing' }));
    expect(server.state.opens).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ count: 2, won: { name: 'Prize-1' }, counts: { 0: 2 } });
    // The next crate opens only once this reveal has run its time.
    clock.increment(REVEAL_MS - 1);
    expect(server.state.opens).toBe(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches({ batch: 'revealing' }) && s.context.won?.name === 'Prize-2');
    expect(actor.getSnapshot().context.count).toBe(1);
    // SKIP ends only the current reveal.
    actor.send({ type: 'SKIP' });
    await waitFor(actor, (s) => s.matches({ batch: 'revealing' }) && s.context.won?.name === 'Prize-3');
    clock.increment(REVEAL_MS);
    await waitFor(actor, (s) => s.matches('summary'));
    expect(names(actor)).toEqual(['Prize-1', 'Prize-2', 'Prize-3']);
    expect(actor.getSnapshot().context).toMatchObject({ count: 0, error: null });
    expect(server.state.opens).toBe(3);

    actor.send({ type: 'CONTINUE' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ batch: null, count: 0 });
  });

  it('skip all ends the reveals: the rest open without one and the list shows everything won', async () => {
    const server = autoServer(5);
    const { actor } = await readyWith(server);
    actor.send({ type: 'OPEN_ALL' });
    await waitFor(actor, (s) => s.matches({ batch: 'revealing' }));
    actor.send({ type: 'SKIP_ALL' });
    await waitFor(actor, (s) => s.matches('summary'));
    expect(names(actor)).toEqual(['Prize-1', 'Prize-2', 'Prize-3', 'Prize-4', 'Prize-5']);
    expect(actor.getSnapshot().context.count).toBe(0);
  });

  it('under reduced motion no reveal plays: the list shows at once after the opens', async () => {
    const server = autoServer(4);
    const { actor } = await readyWith(server, { reducedMotion: true });
    actor.send({ type: 'OPEN_ALL' });
    const seen: string[] = [];
    actor.subscribe((s) => { seen.push(JSON.stringify(s.value)); });
    await waitFor(actor, (s) => s.matches('summary'));
    expect(seen.some((v) => v.includes('revealing'))).toBe(false);
    expect(names(actor)).toHaveLength(4);
  });

  it(`opens at most OPEN_ALL_MAX (${OPEN_ALL_MAX}) crates in one go`, async () => {
    expect(openAllSize(null)).toBe(0);
    expect(openAllSize(3)).toBe(3);
    expect(openAllSize(OPEN_ALL_MAX + 40)).toBe(OPEN_ALL_MAX);
    const server = autoServer(OPEN_ALL_MAX + 5);
    const { actor } = await readyWith(server, { reducedMotion: true });
    actor.send({ type: 'OPEN_ALL' });
    await waitFor(actor, (s) => s.matches('summary'));
    expect(server.state.opens).toBe(OPEN_ALL_MAX);
    expect(actor.getSnapshot().context).toMatchObject({ count: 5, batch: { total: OPEN_ALL_MAX } });
  });

  it('needs two crates; with one it opens nothing and stays on the open view', async () => {
    const server = autoServer(1);
    const { actor } = await readyWith(server);
    actor.send({ type: 'OPEN_ALL' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(server.state.opens).toBe(0);
  });

  it('an error mid-way stops the opens and keeps what was already won, with the error', async () => {
    const server = autoServer(5, { failAt: 3 });
    const { actor } = await readyWith(server, { reducedMotion: true });
    actor.send({ type: 'OPEN_ALL' });
    await waitFor(actor, (s) => s.matches('summary'));
    expect(names(actor)).toEqual(['Prize-1', 'Prize-2']);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Failed to open crate', count: 3 });
    expect(server.state.opens).toBe(3);
  });

  it('an error on the first open returns to the open view with the error', async () => {
    const server = autoServer(5, { failAt: 1 });
    const { actor } = await readyWith(server, { reducedMotion: true });
    actor.send({ type: 'OPEN_ALL' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Failed to open crate', batch: null, count: 5 });
  });

  it('stops early, without an error, when the server says no crate is left (opened elsewhere meanwhile)', async () => {
    const server = autoServer(4);
    const { actor } = await readyWith(server, { reducedMotion: true });
    server.state.owned = 2;
    actor.send({ type: 'OPEN_ALL' });
    await waitFor(actor, (s) => s.matches('summary'));
    expect(names(actor)).toEqual(['Prize-1', 'Prize-2']);
    expect(actor.getSnapshot().context).toMatchObject({ error: null, count: 0 });
    expect(server.state.opens).toBe(2);
  });

  it('STOP ends the batch after the crate being opened, and lists it', async () => {
    const gates = [deferred<void>(), deferred<void>()];
    const server = autoServer(5, { openDelay: gates });
    const { actor } = await readyWith(server);
    actor.send({ type: 'OPEN_ALL' });
    gates[0]!.resolve();
    await waitFor(actor, (s) => s.matches({ batch: 'revealing' }));
    actor.send({ type: 'SKIP' });
    await waitFor(actor, (s) => s.matches({ batch: 'opening' }) && server.state.opens === 2);
    actor.send({ type: 'STOP' });
    gates[1]!.resolve();
    await waitFor(actor, (s) => s.matches('summary'));
    expect(names(actor)).toEqual(['Prize-1', 'Prize-2']);
    expect(server.state.opens).toBe(2);
  });

  it('STOP during a reveal shows the list at once', async () => {
    const server = autoServer(5);
    const { actor } = await readyWith(server);
    actor.send({ type: 'OPEN_ALL' });
    await waitFor(actor, (s) => s.matches({ batch: 'revealing' }));
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().value).toBe('summary');
    expect(names(actor)).toEqual(['Prize-1']);
  });

  it('RESET mid-way (the modal opened again) stops further opens', async () => {
    const gates = [deferred<void>(), deferred<void>()];
    const server = autoServer(5, { openDelay: gates });
    const { actor, clock } = await readyWith(server);
    actor.send({ type: 'OPEN_ALL' });
    gates[0]!.resolve();
    await waitFor(actor, (s) => s.matches({ batch: 'revealing' }));
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.batch).toBeNull();
    await waitFor(actor, (s) => s.matches('ready'));
    clock.increment(REVEAL_MS * 3);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.state.opens).toBe(1);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('without a count from the server it counts down locally', async () => {
    const server = autoServer(2, { balance: false });
    const { actor } = await readyWith(server, { reducedMotion: true });
    actor.send({ type: 'OPEN_ALL' });
    await waitFor(actor, (s) => s.matches('summary'));
    expect(actor.getSnapshot().context.count).toBe(0);
    expect(names(actor)).toHaveLength(2);
  });
});
