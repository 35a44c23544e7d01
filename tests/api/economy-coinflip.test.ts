// Coin flips: the spec's wager rules, escrow, provably fair settlement, cancel.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COINFLIP_TEXT } from '../../contract/coinflip';
import { coinBalance, conservationViolations } from '../../server/services/economy/ledger';
import { escrowOfGame } from '../../server/services/economy/coinflip';
import { Client, registerPlayer, startApp, testConfig, testDatabases, type TestApp } from './helpers';

const GAME = { authorization: `Bearer ${testConfig().GAME_SERVER_KEY}` };
type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe.each(testDatabases())('coin flips on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  async function player(tripcoins = 0): Promise<Player> {
    const p = await registerPlayer(t.app);
    if (tripcoins) await t.app.inject({ method: 'POST', url: '/api/server/award', headers: GAME, payload: { uuid: p.uuid, tripcoins, awardId: randomUUID() } });
    return p;
  }
  const balance = async (c: Client) => ((await c.get('/api/getBaseInventory')).json() as { tripcoins: number }).tripcoins;
  const create = (c: Client, body: Record<string, unknown>) => c.post('/api/coinflip/create', body);

  it('escrows the wager and publishes only the seed hash', async () => {
    const alice = await player(100);
    const r = await create(alice.client, { wager_amount: 25.5, choice: 1 });
    expect(r.statusCode).toBe(200);
    const { game_id, server_seed_hash, message } = r.json();
    expect(message).toBe(COINFLIP_TEXT.created);
    expect(server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await balance(alice.client)).toBe(74.5);
    expect(await coinBalance(t.handle.db, escrowOfGame(game_id))).toBe(2550n);
    const game = (await t.app.inject({ url: `/api/coinflip/${game_id}` })).json();
    expect(game).toMatchObject({ game_id, creator_uuid: alice.uuid, creator_username: alice.username, wager_amount: 25.5, choice: 1, status: 'open', server_seed_hash, server_seed: null, outcome: null, winner_uuid: null, settled_at: null, isOwnGame: false });
    const open = (await alice.client.get('/api/coinflip/open')).json().games as Array<{ game_id: string; isOwnGame: boolean; server_seed: string | null }>;
    expect(open.find((g) => g.game_id === game_id)).toMatchObject({ isOwnGame: true, server_seed: null });
  });

  it('checks the wager with the spec texts, in the spec order, and escrows nothing', async () => {
    const bob = await player(50);
    const cases: Array<[unknown, string]> = [
      [undefined, COINFLIP_TEXT.invalidWager], ['abc', COINFLIP_TEXT.invalidWager], [0, COINFLIP_TEXT.invalidWager],
      [-20, COINFLIP_TEXT.invalidWager], [null, COINFLIP_TEXT.invalidWager], ['', COINFLIP_TEXT.invalidWager], ['0x20', COINFLIP_TEXT.invalidWager],
      [5, COINFLIP_TEXT.minimum], [9.99, COINFLIP_TEXT.minimum], ['9.999', COINFLIP_TEXT.minimum],
      [100_000_000.01, COINFLIP_TEXT.maximum], ['1e9', COINFLIP_TEXT.invalidWager], [1e12, COINFLIP_TEXT.maximum],
      [10.123, COINFLIP_TEXT.decimals], ['12.345', COINFLIP_TEXT.decimals],
    ];
    for (const [wager_amount, error] of cases) {
      const r = await create(bob.client, { wager_amount, choice: 0 });
      expect(r.statusCode, String(wager_amount)).toBe(400);
      expect(r.json().error, String(wager_amount)).toBe(error);
    }
    const short = await create(bob.client, { wager_amount: '50.01', choice: 0 });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ error: 'Insufficient balance. You have 50.00 TC', code: 'INSUFFICIENT_FUNDS' });
    for (const choice of [2, -1, '0', null, undefined]) {
      const r = await create(bob.client, { wager_amount: 10, choice });
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toBe(COINFLIP_TEXT.choiceRule);
    }
    expect((await create(new Client(t.app), { wager_amount: 10, choice: 0 })).statusCode).toBe(401);
    expect(await balance(bob.client)).toBe(50);
    const games = await t.handle.db.selectFrom('coinflip_games').select('id').where('creator_id', '=', bob.uuid).execute();
    expect(games).toEqual([]);
    // The limits themselves are allowed.
    expect((await create(bob.client, { wager_amount: '10.00', choice: 0 })).statusCode).toBe(200);
    const rich = await player(100_000_000);
    expect((await create(rich.client, { wager_amount: 100_000_000, choice: 1 })).statusCode).toBe(200);
    expect(await balance(rich.client)).toBe(0);
  });

  it('settles provably fairly: the winner takes both stakes and the seed is revealed', async () => {
    for (let round = 0; round < 6; round++) {
      const creator = await player(40);
      const acceptor = await player(40);
      const { game_id, server_seed_hash } = (await create(creator.client, { wager_amount: 40, choice: round % 2 })).json();
      const r = await acceptor.client.post(`/api/coinflip/${game_id}/accept`, {});
      expect(r.statusCode).toBe(200);
      const game = r.json();
      expect(game).toMatchObject({ status: 'settled', acceptor_uuid: acceptor.uuid, acceptor_username: acceptor.username, server_seed_hash });
      expect(createHash('sha256').update(game.server_seed).digest('hex')).toBe(server_seed_hash);
      const coin = createHash('sha256').update(`${game.server_seed}:${game_id}:${acceptor.uuid}`).digest()[0]! & 1;
      expect(game.outcome).toBe(coin);
      const winner = coin === round % 2 ? creator : acceptor;
      const loser = winner === creator ? acceptor : creator;
      expect(game.winner_uuid).toBe(winner.uuid);
      expect(await balance(winner.client)).toBe(80);
      expect(await balance(loser.client)).toBe(0);
      expect(await coinBalance(t.handle.db, escrowOfGame(game_id))).toBe(0n);
      expect(Date.parse(game.settled_at)).toBeGreaterThan(Date.now() - 60_000);
      const again = await loser.client.post(`/api/coinflip/${game_id}/accept`);
      expect(again.statusCode).toBe(410);
      expect(again.json().error).toBe(COINFLIP_TEXT.closed);
      const open = (await t.app.inject({ url: '/api/coinflip/open' })).json().games as Array<{ game_id: string }>;
      expect(open.some((g) => g.game_id === game_id)).toBe(false);
    }
  });

  it('refuses your own wager and a short acceptor, leaving the game open', async () => {
    const creator = await player(100);
    const poor = await player(10);
    const { game_id } = (await create(creator.client, { wager_amount: 60, choice: 0 })).json();
    const own = await creator.client.post(`/api/coinflip/${game_id}/accept`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(COINFLIP_TEXT.ownWager);
    const short = await poor.client.post(`/api/coinflip/${game_id}/accept`);
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toBe('Insufficient balance. You have 10.00 TC');
    const game = (await t.app.inject({ url: `/api/coinflip/${game_id}` })).json();
    expect(game).toMatchObject({ status: 'open', acceptor_uuid: null, server_seed: null });
    expect(await balance(poor.client)).toBe(10);
    expect(await balance(creator.client)).toBe(40);
  });

  it('lets only the creator cancel an open wager, refunding the stake', async () => {
    const creator = await player(30);
    const other = await player(30);
    const { game_id } = (await create(creator.client, { wager_amount: 30, choice: 1 })).json();
    const notMine = await other.client.post(`/api/coinflip/${game_id}/cancel`);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error).toBe(COINFLIP_TEXT.notYours);
    const r = await creator.client.post(`/api/coinflip/${game_id}/cancel`, {});
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'cancelled', server_seed: null, winner_uuid: null });
    expect(await balance(creator.client)).toBe(30);
    expect((await creator.client.post(`/api/coinflip/${game_id}/cancel`)).statusCode).toBe(410);
    expect((await other.client.post(`/api/coinflip/${game_id}/accept`)).statusCode).toBe(410);
    expect(await balance(other.client)).toBe(30);
  });

  it('answers unknown games with 404 and anonymous moves with 401', async () => {
    const someone = await player();
    for (const id of [randomUUID(), 'nope', '1 OR 1=1']) {
      const path = encodeURIComponent(id);
      for (const r of [await t.app.inject({ url: `/api/coinflip/${path}` }), await someone.client.post(`/api/coinflip/${path}/accept`), await someone.client.post(`/api/coinflip/${path}/cancel`)]) {
        expect(r.statusCode).toBe(404);
        expect(r.json().error).toBe(COINFLIP_TEXT.notFound);
      }
    }
    expect((await new Client(t.app).post(`/api/coinflip/${randomUUID()}/accept`)).statusCode).toBe(401);
  });
});
