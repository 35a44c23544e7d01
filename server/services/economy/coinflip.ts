// Coin flips. The creator's stake waits in 'escrow:coinflip:<id>'. Accepting is one transaction:
// the conditional UPDATE ... WHERE status = 'open' settles the game (so two acceptors can't both
// play it), the acceptor's stake joins the escrow, and the escrow pays both stakes to the winner.
// Provably fair: sha256(server_seed) is published at creation and the seed after settlement;
// the coin is the low bit of sha256(`${server_seed}:${game_id}:${acceptor_uuid}`)[0].
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { COINFLIP_TEXT, OPEN_WAGERS_SHOWN, type CoinflipGame } from '../../../contract/coinflip';
import { hundredthsToNumber } from '../../../contract/money';
import type { CoinflipStatus } from '../../db/schema';
import type { Executor, Trx } from '../../db/tx';
import { toBigInt, toDate } from '../../db/values';
import { conflict, forbidden, gone, notFound } from '../errors';
import { said } from '../../../contract/texts';
import { COINS, coinBalance, InsufficientFunds, moveCoins, openAccount, openPlayerAccount, playerAccount, post } from './ledger';
import { refuseWhileInDebt } from '../purchases/ledger';

export const escrowOfGame = (gameId: string) => `escrow:coinflip:${gameId}`;

const sha256 = (text: string) => createHash('sha256').update(text);

/** The coin: 0 Heads, 1 Tails. Anyone can recompute it once the seed is revealed. */
export function coinOutcome(serverSeed: string, gameId: string, acceptorUuid: string): 0 | 1 {
  return ((sha256(`${serverSeed}:${gameId}:${acceptorUuid}`).digest()[0] ?? 0) & 1) as 0 | 1;
}

export const seedHash = (serverSeed: string) => sha256(serverSeed).digest('hex');

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const asGameId = (id: string) => (GUID.test(id) ? id.toLowerCase() : null);

const closed = () => gone(COINFLIP_TEXT.closed, 'COINFLIP_CLOSED');

async function withBalanceText<T>(trx: Trx, userId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      const short = said('coinflip.insufficient', await coinBalance(trx, playerAccount(userId)));
      throw conflict(short.text, 'INSUFFICIENT_FUNDS').saying(short.ref);
    }
    throw error;
  }
}

export async function createCoinflip(trx: Trx, creatorId: string, wager: bigint, choice: 0 | 1): Promise<{ game_id: string; server_seed_hash: string; message: string }> {
  await refuseWhileInDebt(trx, creatorId);
  const id = randomUUID();
  const serverSeed = randomBytes(32).toString('hex');
  const hash = seedHash(serverSeed);
  await trx.insertInto('coinflip_games').values({ id, creator_id: creatorId, wager: wager.toString(), choice, server_seed: serverSeed, server_seed_hash: hash }).execute();
  await openAccount(trx, escrowOfGame(id), 'escrow');
  await withBalanceText(trx, creatorId, () => moveCoins(trx, { from: playerAccount(creatorId), to: escrowOfGame(id), amount: wager, reason: 'coinflip stake', ref: id }));
  return { game_id: id, server_seed_hash: hash, message: COINFLIP_TEXT.created };
}

function gamesQuery(db: Executor) {
  return db.selectFrom('coinflip_games as g')
    .innerJoin('users as c', 'c.id', 'g.creator_id')
    .leftJoin('users as a', 'a.id', 'g.acceptor_id')
    .select(['g.id', 'g.creator_id', 'c.username as creator_username', 'g.wager', 'g.choice', 'g.status', 'g.server_seed', 'g.server_seed_hash',
      'g.acceptor_id', 'a.username as acceptor_username', 'g.outcome', 'g.winner_id', 'g.created_at', 'g.closed_at']);
}

interface GameRow {
  id: string; creator_id: string; creator_username: string; wager: string | number | bigint; choice: number; status: CoinflipStatus;
  server_seed: string; server_seed_hash: string; acceptor_id: string | null; acceptor_username: string | null;
  outcome: number | null; winner_id: string | null; created_at: Date | string; closed_at: Date | string | null;
}

function toGame(row: GameRow, callerId: string | null): CoinflipGame {
  const settled = row.status === 'settled';
  return {
    game_id: row.id,
    creator_uuid: row.creator_id,
    creator_username: row.creator_username,
    wager_amount: hundredthsToNumber(toBigInt(row.wager)),
    choice: row.choice === 1 ? 1 : 0,
    status: row.status,
    server_seed_hash: row.server_seed_hash,
    // The seed stays secret until the coin has been flipped.
    server_seed: settled ? row.server_seed : null,
    acceptor_uuid: row.acceptor_id,
    acceptor_username: row.acceptor_username,
    outcome: row.outcome === null ? null : row.outcome === 1 ? 1 : 0,
    winner_uuid: row.winner_id,
    created_at: (toDate(row.created_at) ?? new Date(0)).toISOString(),
    settled_at: settled ? (toDate(row.closed_at)?.toISOString() ?? null) : null,
    isOwnGame: row.creator_id === callerId,
  };
}

export async function openGames(db: Executor, callerId: string | null): Promise<CoinflipGame[]> {
  const rows = await gamesQuery(db).where('g.status', '=', 'open').orderBy('g.created_at', 'desc').orderBy('g.id').limit(OPEN_WAGERS_SHOWN).execute();
  return rows.map((r) => toGame(r, callerId));
}

export async function gameById(db: Executor, callerId: string | null, rawId: string): Promise<CoinflipGame> {
  const id = asGameId(rawId);
  const row = id ? await gamesQuery(db).where('g.id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw notFound(COINFLIP_TEXT.notFound);
  return toGame(row, callerId);
}

export async function acceptCoinflip(trx: Trx, acceptorId: string, rawId: string): Promise<CoinflipGame> {
  const id = asGameId(rawId);
  const game = id ? await trx.selectFrom('coinflip_games').select(['creator_id', 'wager', 'choice', 'server_seed', 'status']).where('id', '=', id).executeTakeFirst() : undefined;
  if (!id || !game) throw notFound(COINFLIP_TEXT.notFound);
  if (game.status !== 'open') throw closed();
  if (game.creator_id === acceptorId) throw forbidden(COINFLIP_TEXT.ownWager, 'OWN_WAGER');
  await refuseWhileInDebt(trx, acceptorId);
  const outcome = coinOutcome(game.server_seed, id, acceptorId);
  const winnerId = outcome === game.choice ? game.creator_id : acceptorId;
  const settled = await trx.updateTable('coinflip_games')
    .set({ status: 'settled', acceptor_id: acceptorId, outcome, winner_id: winnerId, closed_at: new Date() })
    .where('id', '=', id).where('status', '=', 'open')
    .returning('id').executeTakeFirst();
  if (!settled) throw closed();
  const wager = toBigInt(game.wager);
  const escrow = escrowOfGame(id);
  const winner = await openPlayerAccount(trx, winnerId);
  // Stake and payout in one posting (one lock order, one tx_id).
  await withBalanceText(trx, acceptorId, () => post(trx, {
    reason: 'coinflip stake', ref: id,
    legs: [
      { asset: COINS, from: playerAccount(acceptorId), to: escrow, amount: wager },
      { asset: COINS, from: escrow, to: winner, amount: wager * 2n, reason: 'coinflip win' },
    ],
  }));
  return gameById(trx, acceptorId, id);
}

export async function cancelCoinflip(trx: Trx, userId: string, rawId: string): Promise<CoinflipGame> {
  const id = asGameId(rawId);
  if (!id) throw notFound(COINFLIP_TEXT.notFound);
  const cancelled = await trx.updateTable('coinflip_games').set({ status: 'cancelled', closed_at: new Date() })
    .where('id', '=', id).where('status', '=', 'open').where('creator_id', '=', userId)
    .returning('wager').executeTakeFirst();
  if (!cancelled) {
    const game = await trx.selectFrom('coinflip_games').select(['creator_id']).where('id', '=', id).executeTakeFirst();
    if (!game) throw notFound(COINFLIP_TEXT.notFound);
    if (game.creator_id !== userId) throw forbidden(COINFLIP_TEXT.notYours, 'NOT_YOUR_WAGER');
    throw closed();
  }
  await post(trx, { reason: 'coinflip cancelled', ref: id, openPlayers: [userId], legs: [{ asset: COINS, from: escrowOfGame(id), to: playerAccount(userId), amount: toBigInt(cancelled.wager) }] });
  return gameById(trx, userId, id);
}
