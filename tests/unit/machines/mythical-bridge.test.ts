import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { BRIDGE_TEXT, type MarketplaceProfile } from '../../../contract/bridge';
import { bridgeMachine, failureText, isValidWallet, type BridgeFailure, type FinalizeRequest, type FinalizeResult } from '../../../machines/mythical-bridge';
import { deferred } from '../../support/async';

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const PROFILE: MarketplaceProfile = {
  profile_image_url: 'https://img.example/a.png', username: 'relic_hunter', address: WALLET.toLowerCase(), bio: 'Collector',
  website: 'https://relic.example', social_media_accounts: [{ platform: 'twitter', username: 'relic_hunter' }], joined_date: '2023-04-05',
};
const RESULT: FinalizeResult = { transactionHash: `0x${'ab'.repeat(32)}`, explorerUrl: `https://explorer.example/tx/0x${'ab'.repeat(32)}`, status: 'confirmed' };


function start(options: { verify?: (wallet: string) => Promise<MarketplaceProfile>; finalize?: (req: FinalizeRequest) => Promise<FinalizeResult> } = {}) {
  const verified: string[] = [];
  const finalized: FinalizeRequest[] = [];
  let keys = 0;
  const machine = bridgeMachine.provide({
    actors: {
      verify: fromPromise<MarketplaceProfile, { wallet: string }>(({ input }) => { verified.push(input.wallet); return (options.verify ?? (() => Promise.resolve(PROFILE)))(input.wallet); }),
      finalize: fromPromise<FinalizeResult, FinalizeRequest>(({ input }) => { finalized.push(input); return (options.finalize ?? (() => Promise.resolve(RESULT)))(input); }),
    },
  });
  const actor = createActor(machine, { input: { newKey: () => `bridge-key-${++keys}` } }).start();
  const at = () => actor.getSnapshot().value;
  const ctx = () => actor.getSnapshot().context;
  return { actor, verified, finalized, at, ctx };
}

async function toConfirm(t: ReturnType<typeof start>) {
  t.actor.send({ type: 'EDIT', wallet: WALLET });
  t.actor.send({ type: 'CONTINUE' });
  await waitFor(t.actor, (s) => s.matches('profile'));
  t.actor.send({ type: 'CONFIRM' });
  expect(t.at()).toBe('confirm');
}

describe('bridge machine: address entry', () => {
  it('checks the address: 0x and 40 hex digits, nothing else', () => {
    expect(isValidWallet(WALLET)).toBe(true);
    expect(isValidWallet(WALLET.toLowerCase())).toBe(true);
    for (const bad of ['', '0x', '0x123', WALLET.slice(0, -1), `${WALLET}0`, WALLET.replace('0x', '0X'), WALLET.replace('E', 'g'), WALLET.slice(2), ` ${WALLET}x`]) {
      expect(isValidWallet(bad), bad).toBe(false);
    }
  });

  it('refuses an invalid address with the spec text and asks nothing of the server', () => {
    const t = start();
    t.actor.send({ type: 'CONTINUE' });
    expect(t.at()).toBe('address');
    expect(t.ctx().error).toBe(BRIDGE_TEXT.invalidWallet);
    expect(t.ctx().errorSource).toBe('input');
    t.actor.send({ type: 'EDIT', wallet: '0x1234' });
    expect(t.ctx().error).toBeNull();
    t.actor.send({ type: 'CONTINUE' });
    expect(t.ctx().error).toBe(BRIDGE_TEXT.invalidWallet);
    expect(t.ctx().errors).toBe(2);
    expect(t.verified).toEqual([]);
  });

  it('ignores the buttons of later steps while entering the address', () => {
    const t = start();
    for (const type of ['BACK', 'CONFIRM', 'FINALIZE'] as const) t.actor.send({ type });
    expect(t.at()).toBe('address');
    expect(t.finalized).toEqual([]);
  });

  it('trims the address before verifying it', async () => {
    const t = start();
    t.actor.send({ type: 'EDIT', wallet: `  ${WALLET} ` });
    t.actor.send({ type: 'CONTINUE' });
    expect(t.at()).toBe('verifying');
    await waitFor(t.actor, (s) => s.matches('profile'));
    expect(t.verified).toEqual([WALLET]);
    expect(t.ctx().wallet).toBe(WALLET);
  });
});

describe('bridge machine: verifying', () => {
  it('is verifying while the lookup runs, ignores Continue, then shows the profile', async () => {
    const lookup = deferred<MarketplaceProfile>();
    const t = start({ verify: () => lookup.promise });
    t.actor.send({ type: 'EDIT', wallet: WALLET });
    t.actor.send({ type: 'CONTINUE' });
    expect(t.at()).toBe('verifying');
    t.actor.send({ type: 'CONTINUE' });
    t.actor.send({ type: 'EDIT', wallet: '0x1' });
    expect(t.verified).toHaveLength(1);
    expect(t.ctx().wallet).toBe(WALLET);
    lookup.resolve(PROFILE);
    await waitFor(t.actor, (s) => s.matches('profile'));
    expect(t.ctx().profile).toEqual(PROFILE);
    expect(t.ctx().error).toBeNull();
  });

  it('a failed lookup returns to the address with the server text, or the fallback', async () => {
    const t = start({ verify: () => Promise.reject({ kind: 'server', status: 503, text: BRIDGE_TEXT.notConfigured } satisfies BridgeFailure) });
    t.actor.send({ type: 'EDIT', wallet: WALLET });
    t.actor.send({ type: 'CONTINUE' });
    await waitFor(t.actor, (s) => s.matches('address'));
    expect(t.ctx().error).toBe(BRIDGE_TEXT.notConfigured);
    expect(t.ctx().errorSource).toBe('request');
    expect(t.ctx().wallet).toBe(WALLET);

    const silent = start({ verify: () => Promise.reject({ kind: 'network' } satisfies BridgeFailure) });
    silent.actor.send({ type: 'EDIT', wallet: WALLET });
    silent.actor.send({ type: 'CONTINUE' });
    await waitFor(silent.actor, (s) => s.matches('address'));
    expect(silent.ctx().error).toBe(BRIDGE_TEXT.verifyFailed);
  });

  it('a request error stays while the address is edited, and Continue retries', async () => {
    let calls = 0;
    const t = start({ verify: () => (++calls === 1 ? Promise.reject({ kind: 'server', text: BRIDGE_TEXT.noProfile }) : Promise.resolve(PROFILE)) });
    t.actor.send({ type: 'EDIT', wallet: WALLET });
    t.actor.send({ type: 'CONTINUE' });
    await waitFor(t.actor, (s) => s.matches('address'));
    t.actor.send({ type: 'EDIT', wallet: WALLET });
    expect(t.ctx().error).toBe(BRIDGE_TEXT.noProfile);
    t.actor.send({ type: 'CONTINUE' });
    expect(t.ctx().error).toBeNull();
    await waitFor(t.actor, (s) => s.matches('profile'));
    expect(t.verified).toEqual([WALLET, WALLET]);
  });
});

describe('bridge machine: profile and final confirmation', () => {
  it("'No, go back' returns to the address with it kept; Go Back returns to the profile", async () => {
    const t = start();
    await toConfirm(t);
    t.actor.send({ type: 'BACK' });
    expect(t.at()).toBe('profile');
    expect(t.ctx().profile).toEqual(PROFILE);
    t.actor.send({ type: 'BACK' });
    expect(t.at()).toBe('address');
    expect(t.ctx().profile).toBeNull();
    expect(t.ctx().wallet).toBe(WALLET);
    expect(t.finalized).toEqual([]);
  });

  it('finalizes once with the wallet and a key, shows Finalizing, then completes', async () => {
    const send = deferred<FinalizeResult>();
    const t = start({ finalize: () => send.promise });
    await toConfirm(t);
    t.actor.send({ type: 'FINALIZE' });
    expect(t.at()).toBe('finalizing');
    for (const type of ['FINALIZE', 'BACK', 'CONFIRM', 'CONTINUE'] as const) t.actor.send({ type });
    expect(t.at()).toBe('finalizing');
    expect(t.finalized).toEqual([{ destinationWallet: WALLET, idempotencyKey: 'bridge-key-1' }]);
    send.resolve(RESULT);
    await waitFor(t.actor, (s) => s.matches('complete'));
    expect(t.ctx().result).toEqual(RESULT);
    expect(t.actor.getSnapshot().status).toBe('done');
    // After completion nothing can be pressed.
    for (const type of ['FINALIZE', 'BACK'] as const) expect(t.actor.getSnapshot().can({ type })).toBe(false);
    expect(t.finalized).toHaveLength(1);
  });

  it('a refused finalize shows the server text, stays on the confirmation and retries with a new key', async () => {
    let calls = 0;
    const t = start({ finalize: () => (++calls === 1 ? Promise.reject({ kind: 'server', status: 400, text: BRIDGE_TEXT.noTicket } satisfies BridgeFailure) : Promise.resolve(RESULT)) });
    await toConfirm(t);
    t.actor.send({ type: 'FINALIZE' });
    await waitFor(t.actor, (s) => s.matches('confirm'));
    expect(t.ctx().error).toBe(BRIDGE_TEXT.noTicket);
    expect(t.ctx().errors).toBe(1);
    t.actor.send({ type: 'FINALIZE' });
    expect(t.ctx().error).toBeNull();
    await waitFor(t.actor, (s) => s.matches('complete'));
    expect(t.finalized.map((r) => r.idempotencyKey)).toEqual(['bridge-key-1', 'bridge-key-2']);
  });

  it('a finalize without an answer keeps its key, so the retry cannot send twice', async () => {
    let calls = 0;
    const t = start({ finalize: () => (++calls === 1 ? Promise.reject({ kind: 'network' } satisfies BridgeFailure) : Promise.resolve(RESULT)) });
    await toConfirm(t);
    t.actor.send({ type: 'FINALIZE' });
    await waitFor(t.actor, (s) => s.matches('confirm'));
    expect(t.ctx().error).toBe(BRIDGE_TEXT.finalizeFailed);
    // Going back to the same address keeps the key too; only a different address drops it.
    t.actor.send({ type: 'BACK' });
    t.actor.send({ type: 'CONFIRM' });
    t.actor.send({ type: 'FINALIZE' });
    await waitFor(t.actor, (s) => s.matches('complete'));
    expect(t.finalized.map((r) => r.idempotencyKey)).toEqual(['bridge-key-1', 'bridge-key-1']);
  });

  it('an internal error leaves the outcome unknown: the fallback text, and the retry reuses the key', async () => {
    let calls = 0;
    const t = start({ finalize: () => (++calls === 1 ? Promise.reject({ kind: 'server', status: 500, outcomeUnknown: true } satisfies BridgeFailure) : Promise.resolve(RESULT)) });
    await toConfirm(t);
    t.actor.send({ type: 'FINALIZE' });
    await waitFor(t.actor, (s) => s.matches('confirm'));
    expect(t.ctx().error).toBe(BRIDGE_TEXT.finalizeFailed);
    t.actor.send({ type: 'FINALIZE' });
    await waitFor(t.actor, (s) => s.matches('complete'));
    expect(t.finalized.map((r) => r.idempotencyKey)).toEqual(['bridge-key-1', 'bridge-key-1']);
  });

  it('a different address gets a different key', async () => {
    const other = '0x0000000000000000000000000000000000000001';
    const t = start({ finalize: (r) => (r.destinationWallet === WALLET ? Promise.reject({ kind: 'network' }) : Promise.resolve(RESULT)) });
    await toConfirm(t);
    t.actor.send({ type: 'FINALIZE' });
    await waitFor(t.actor, (s) => s.matches('confirm'));
    t.actor.send({ type: 'BACK' });
    t.actor.send({ type: 'BACK' });
    t.actor.send({ type: 'EDIT', wallet: other });
    t.actor.send({ type: 'CONTINUE' });
    await waitFor(t.actor, (s) => s.matches('profile'));
    t.actor.send({ type: 'CONFIRM' });
    t.actor.send({ type: 'FINALIZE' });
    await waitFor(t.actor, (s) => s.matches('complete'));
    expect(t.finalized).toEqual([{ destinationWallet: WALLET, idempotencyKey: 'bridge-key-1' }, { destinationWallet: other, idempotencyKey: 'bridge-key-2' }]);
  });

  it('clears an error when moving between steps', async () => {
    const t = start({ finalize: () => Promise.reject({ kind: 'server', text: BRIDGE_TEXT.chainUnavailable }) });
    await toConfirm(t);
    t.actor.send({ type: 'FINALIZE' });
    await waitFor(t.actor, (s) => s.matches('confirm'));
    expect(t.ctx().error).toBe(BRIDGE_TEXT.chainUnavailable);
    t.actor.send({ type: 'BACK' });
    expect(t.ctx().error).toBeNull();
  });

  it('refuses loudly when no requests were provided', async () => {
    const actor = createActor(bridgeMachine, { input: { newKey: () => 'k-00000001', wallet: WALLET } }).start();
    actor.send({ type: 'CONTINUE' });
    await waitFor(actor, (s) => s.matches('address') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(BRIDGE_TEXT.verifyFailed);
  });

  it('failureText prefers the server text', () => {
    expect(failureText({ kind: 'server', text: 'Nope' }, 'fallback')).toBe('Nope');
    expect(failureText({ kind: 'server' }, 'fallback')).toBe('fallback');
    expect(failureText(new Error('boom'), 'fallback')).toBe('fallback');
    expect(failureText(null, 'fallback')).toBe('fallback');
  });
});
