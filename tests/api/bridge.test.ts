import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { BRIDGE_TEXT } from '../../contract/bridge';
import { ITEM_IDS } from '../../contract/items';
import { inTransaction } from '../../server/db/tx';
import { ViemChainSender } from '../../server/providers/chain';
import { KEY_REUSED } from '../../server/services/system/idempotency';
import { Bridge } from '../../server/services/economy/bridge';
import { conservationViolations, itemHoldings, MINT, moveItems, playerAccount } from '../../server/services/economy/ledger';
import { startLocalChain, CHAIN_ID, TOKEN_ID, type LocalChain } from '../chain/localChain';
import { startFakeMarketplace, type FakeMarketplace } from '../fakes/marketplace';
import { Client, registerPlayer, startApp, testDatabases, type TestApp } from './helpers';

let chain: LocalChain;
let market: FakeMarketplace;
const known = privateKeyToAccount(generatePrivateKey()).address;
beforeAll(async () => {
  chain = await startLocalChain({ supply: 100n });
  market = await startFakeMarketplace({ [known.toLowerCase()]: { username: 'relic_hunter', bio: 'Collector' } });
});
afterAll(async () => { await chain.stop(); await market.close(); });

const freshWallet = () => privateKeyToAccount(generatePrivateKey()).address;

describe.each(testDatabases())('the Mythical Bridge on $name', (database) => {
  let t: TestApp;
  const chainConfig = () => ({
    CHAIN_RPC_URL: chain.rpcUrl, CHAIN_ID, BRIDGE_CONTRACT_ADDRESS: chain.contract, BRIDGE_TOKEN_ID: TOKEN_ID, BRIDGE_SENDER_PRIVATE_KEY: chain.senderKey,
    BLOCK_EXPLORER_TX_URL: 'https://explorer.example/tx/', MARKETPLACE_API_BASE: market.apiBase, MARKETPLACE_API_KEY: 'market-key',
  });
  beforeAll(async () => { t = await startApp(database, chainConfig()); });
  afterAll(async () => { await t.close(); });

  async function playerWithTickets(n: bigint) {
    const p = await registerPlayer(t.app);
    if (n > 0n) await inTransaction(t.handle.db, (trx) => moveItems(trx, ITEM_IDS.mythicalTicket, { from: MINT, to: playerAccount(p.uuid), amount: n, reason: 'test' }));
    return p;
  }
  const tickets = async (uuid: string) => (await itemHoldings(t.handle.db, playerAccount(uuid))).get(ITEM_IDS.mythicalTicket) ?? 0n;

  it('verifies a wallet against the marketplace profile', async () => {
    const p = await playerWithTickets(0n);
    const r = await p.client.get(`/api/mythicalBridgeVerify/${known}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().openseaProfile).toMatchObject({ username: 'relic_hunter', bio: 'Collector', website: 'https://relic_hunter.example', social_media_accounts: [{ platform: 'twitter', username: 'relic_hunter' }], joined_date: '2023-04-05' });
    expect(market.requests.at(-1)?.apiKey).toBe('market-key');
    expect((await p.client.get(`/api/mythicalBridgeVerify/${freshWallet()}`)).json().error).toBe(BRIDGE_TEXT.noProfile);
    const bad = await p.client.get('/api/mythicalBridgeVerify/0x123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(BRIDGE_TEXT.invalidWallet);
  });

  it('burns one ticket and the token really arrives on chain', async () => {
    const p = await playerWithTickets(2n);
    const to = freshWallet();
    const r = await p.client.post('/api/mythicalBridgeFinalize', { destinationWallet: to });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(body.explorerUrl).toBe(`https://explorer.example/tx/${body.transactionHash}`);
    expect(await chain.balanceOf(to)).toBe(1n);
    expect(await tickets(p.uuid)).toBe(1n);
    const ledger = await t.handle.db.selectFrom('ledger').select(['from_account', 'to_account', 'reason']).where('asset', '=', ITEM_IDS.mythicalTicket).where('from_account', '=', playerAccount(p.uuid)).execute();
    expect(ledger).toEqual([{ from_account: playerAccount(p.uuid), to_account: 'sink:bridge', reason: 'bridge:burn' }]);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('reports a transfer confirmed once mined, and only to its owner', async () => {
    const p = await playerWithTickets(1n);
    const sent = (await p.client.post('/api/mythicalBridgeFinalize', { destinationWallet: freshWallet() })).json();
    // The local chain mines at once: the status call sees the receipt and records it.
    const status = await p.client.get(`/api/mythicalBridgeStatus/${sent.transactionHash}`);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual({ transactionHash: sent.transactionHash, status: 'confirmed' });
    const row = await t.handle.db.selectFrom('bridge_transfers').select('status').where('tx_hash', '=', sent.transactionHash).executeTakeFirstOrThrow();
    expect(row.status).toBe('confirmed');
    // Another player's hash is as unknown as a made-up one.
    const other = await playerWithTickets(0n);
    const theirs = await other.client.get(`/api/mythicalBridgeStatus/${sent.transactionHash}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe(BRIDGE_TEXT.unknownTransfer);
    expect((await p.client.get(`/api/mythicalBridgeStatus/0x${'ab'.repeat(32)}`)).statusCode).toBe(404);
    expect((await p.client.get('/api/mythicalBridgeStatus/0x123')).statusCode).toBe(400);
  });

  it('refuses without a ticket, and an Idempotency-Key retry sends once', async () => {
    const none = await playerWithTickets(0n);
    const r = await none.client.post('/api/mythicalBridgeFinalize', { destinationWallet: freshWallet() });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toBe(BRIDGE_TEXT.noTicket);

    const p = await playerWithTickets(3n);
    const to = freshWallet();
    const first = await p.client.post('/api/mythicalBridgeFinalize', { destinationWallet: to }, { 'idempotency-key': `bridge-${p.uuid}` });
    const retry = await p.client.post('/api/mythicalBridgeFinalize', { destinationWallet: to }, { 'idempotency-key': `bridge-${p.uuid}` });
    expect(retry.json().transactionHash).toBe(first.json().transactionHash);
    expect(await chain.balanceOf(to)).toBe(1n);
    expect(await tickets(p.uuid)).toBe(2n);
    // The same key for another wallet is another request: 409, as on every endpoint; nothing sent.
    const other = freshWallet();
    const reused = await p.client.post('/api/mythicalBridgeFinalize', { destinationWallet: other }, { 'idempotency-key': `bridge-${p.uuid}` });
    expect([reused.statusCode, reused.json().code, reused.json().error]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED', KEY_REUSED]);
    expect(await chain.balanceOf(other)).toBe(0n);
    expect(await tickets(p.uuid)).toBe(2n);
  });

  it('one ticket, two finalizes at once: one transfer', async () => {
    const p = await playerWithTickets(1n);
    const [a, b] = [freshWallet(), freshWallet()];
    const results = await Promise.all([p.client.post('/api/mythicalBridgeFinalize', { destinationWallet: a }), p.client.post('/api/mythicalBridgeFinalize', { destinationWallet: b })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await chain.balanceOf(a)) + (await chain.balanceOf(b))).toBe(1n);
    expect(await tickets(p.uuid)).toBe(0n);
  });

  it('gives the ticket back when the chain cannot be reached', async () => {
    const down = await startApp(database, { ...chainConfig(), CHAIN_RPC_URL: 'http://127.0.0.1:9' });
    try {
      const p = await registerPlayer(down.app);
      await inTransaction(down.handle.db, (trx) => moveItems(trx, ITEM_IDS.mythicalTicket, { from: MINT, to: playerAccount(p.uuid), amount: 1n, reason: 'test' }));
      const r = await p.client.post('/api/mythicalBridgeFinalize', { destinationWallet: freshWallet() });
      expect(r.statusCode).toBe(503);
      expect(r.json().error).toBe(BRIDGE_TEXT.chainUnavailable);
      expect((await itemHoldings(down.handle.db, playerAccount(p.uuid))).get(ITEM_IDS.mythicalTicket)).toBe(1n);
      const row = await down.handle.db.selectFrom('bridge_transfers').select('status').where('user_id', '=', p.uuid).executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(await conservationViolations(down.handle.db)).toEqual([]);
    } finally { await down.close(); }
  });

  it('finishes a transfer a crash left open, exactly once', async () => {
    const sender = new ViemChainSender(chain.rpcUrl, CHAIN_ID, chain.contract, TOKEN_ID, chain.senderKey as Hex);
    const bridge = new Bridge(t.handle.db, t.handle.kind, sender, (fn) => inTransaction(t.handle.db, fn));
    // Crash right after burning (nothing signed) and right after signing (nothing broadcast).
    const p = await playerWithTickets(2n);
    const [toPending, toSigned] = [freshWallet(), freshWallet()];
    await inTransaction(t.handle.db, (trx) => bridge.burn(trx, p.uuid, toPending, null));
    const signed = await inTransaction(t.handle.db, (trx) => bridge.burn(trx, p.uuid, toSigned, null));
    const view = await bridge.process(signed.id, { stopAfterSigning: true });
    expect(view.status).toBe('signed');
    expect(await chain.balanceOf(toSigned)).toBe(0n);

    // "Restart": a new process resumes the outbox, twice for good measure.
    const restarted = new Bridge(t.handle.db, t.handle.kind, sender, (fn) => inTransaction(t.handle.db, fn));
    await restarted.resume();
    await restarted.resume();
    expect(await chain.balanceOf(toPending)).toBe(1n);
    expect(await chain.balanceOf(toSigned)).toBe(1n);
    const rows = await t.handle.db.selectFrom('bridge_transfers').select(['status', 'tx_hash']).where('user_id', '=', p.uuid).execute();
    expect(rows.every((r) => r.status === 'sent' || r.status === 'confirmed')).toBe(true);
    expect(rows.find((r) => r.tx_hash === view.txHash)).toBeDefined();
    expect(await tickets(p.uuid)).toBe(0n);
  });

  it('says clearly when the bridge is not configured', async () => {
    const bare = await startApp(database);
    try {
      const p = await registerPlayer(bare.app);
      const r = await p.client.post('/api/mythicalBridgeFinalize', { destinationWallet: freshWallet() });
      expect(r.statusCode).toBe(503);
      expect(r.json().error).toBe(BRIDGE_TEXT.notConfigured);
      expect((await new Client(bare.app).get(`/api/mythicalBridgeVerify/${known}`)).statusCode).toBe(401);
    } finally { await bare.close(); }
  });
});
