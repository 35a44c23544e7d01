// What the game awards a player (coins, XP, items), idempotent by the game's awardId. Coins and
// items come from the mint through the ledger; XP goes through progress.addXp, which unlocks
// the levels it reaches. All of one award happens in one transaction, and its answer is stored
// with it: a retry of the same award answers the same, a different award under a used id is 409.
import { AwardResult, ECONOMY_TEXT, type AwardBody } from '../../contract/economy';
import { hundredthsToNumber, parseTripcoins } from '../../contract/money';
import type { Db } from '../db/createDb';
import { inTransaction, isUniqueViolation, type Trx } from '../db/tx';
import { badRequest, conflict, notFound } from '../errors';
import { catalogueItem } from './catalogue';
import { requestHash } from './idempotency';
import { balanceAfter, COINS, coinBalance, MINT, openPlayerAccount, playerAccount, postReturning, type Leg } from './ledger';
import { addXp, currentLevelOf, progressOf } from './progress';

interface Normalised { userId: string; username: string; coins: bigint; xp: number; items: Array<[string, bigint]> }

async function normalise(db: Db, body: AwardBody): Promise<Normalised> {
  const user = body.uuid !== undefined
    ? await db.selectFrom('users').select(['id', 'username']).where('id', '=', body.uuid).executeTakeFirst()
    : await db.selectFrom('users').select(['id', 'username']).where('username_lower', '=', (body.username ?? '').toLowerCase()).executeTakeFirst();
  if (!user || (body.uuid !== undefined && body.username !== undefined && user.username.toLowerCase() !== body.username.toLowerCase())) {
    throw notFound(ECONOMY_TEXT.playerNotFound);
  }
  const items: Array<[string, bigint]> = [];
  for (const [uuid, quantity] of Object.entries(body.items ?? {})) {
    const item = catalogueItem(uuid);
    if (!item) throw badRequest(`Unknown item ${uuid}`, 'UNKNOWN_ITEM');
    items.push([item.uuid, BigInt(quantity)]);
  }
  // A stable order of the award's items (the request hash depends on it).
  items.sort(([a], [b]) => (a < b ? -1 : 1));
  const coins = body.tripcoins === undefined ? 0n : (parseTripcoins(body.tripcoins) ?? 0n);
  return { userId: user.id, username: user.username, coins, xp: body.xp ?? 0, items };
}

async function apply(trx: Trx, awardId: string, a: Normalised): Promise<AwardResult> {
  const account = playerAccount(a.userId);
  // One posting (opening the account if missing): every balance of the award locked in the
  // ledger's order, one tx_id; it answers the coin balance it left.
  const legs: Leg[] = [
    ...(a.coins > 0n ? [{ asset: COINS, from: MINT, to: account, amount: a.coins }] : []),
    ...a.items.map(([uuid, quantity]) => ({ asset: uuid, from: MINT, to: account, amount: quantity })),
  ];
  let coins: bigint | null = null;
  if (legs.length) {
    const posted = await postReturning(trx, { reason: 'award', ref: awardId, legs, openPlayers: [a.userId] });
    if (a.coins > 0n) coins = balanceAfter(posted, account, COINS);
  } else {
    await openPlayerAccount(trx, a.userId);
  }
  const xp = a.xp > 0 ? await addXp(trx, a.userId, a.xp) : null;
  const progress = await progressOf(trx, a.userId);
  return {
    awardId, uuid: a.userId, username: a.username,
    tripcoins: hundredthsToNumber(coins ?? await coinBalance(trx, account)),
    totalXp: progress.totalXp,
    currentLevel: currentLevelOf(progress.achieved),
    newLevels: xp?.unlocked ?? [],
    replayed: false,
  };
}

export async function grantAward(db: Db, body: AwardBody): Promise<AwardResult> {
  const award = await normalise(db, body);
  const hash = requestHash({ userId: award.userId, coins: award.coins.toString(), xp: award.xp, items: award.items.map(([u, q]) => [u, q.toString()]) });
  const replay = async (): Promise<AwardResult | null> => {
    const row = await db.selectFrom('game_awards').select(['request_hash', 'response']).where('award_id', '=', body.awardId).executeTakeFirst();
    if (!row) return null;
    if (row.request_hash !== hash) throw conflict(ECONOMY_TEXT.awardIdReused, 'AWARD_ID_REUSED');
    return { ...AwardResult.parse(row.response), replayed: true };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    return await inTransaction(db, async (trx) => {
      // Claimed first: a concurrent retry waits here, then replays this award's answer.
      await trx.insertInto('game_awards').values({ award_id: body.awardId, user_id: award.userId, request_hash: hash, response: '{}' }).execute();
      const result = await apply(trx, body.awardId, award);
      await trx.updateTable('game_awards').set({ response: JSON.stringify(result) }).where('award_id', '=', body.awardId).execute();
      return result;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const concurrent = await replay();
    if (!concurrent) throw error;
    return concurrent;
  }
}
