// What the game awards a player (coins, XP, items), idempotent by the game's awardId. Coins and
// items come from the mint through the ledger; XP goes through progress.addXp, which unlocks
// the levels it reaches. All of one award happens in the caller's transaction; its awardId is its
// idempotency key (awardIdempotency): a retry of the same award answers the same, with
// `replayed: true`, and a different award under a used id is 409 AWARD_ID_REUSED.
import { AwardResult, ECONOMY_TEXT, type AwardBody } from '../../../contract/economy';
import { hundredthsToNumber, parseTripcoins } from '../../../contract/money';
import type { Executor, Trx } from '../../db/tx';
import { conflict, invalid, notFound } from '../errors';
import { catalogueItem } from './catalogue';
import { GAME_SERVER_SCOPE, once, requestHash } from '../system/idempotency';
import { balanceAfter, COINS, coinBalance, MINT, openPlayerAccount, playerAccount, postReturning, type Leg } from './ledger';
import { addXp, currentLevelOf, progressOf } from '../progress/progress';
import { publishLiveEvent } from '../live/liveEvents';

interface Normalised { userId: string; username: string; coins: bigint; xp: number; items: Array<[string, bigint]> }

async function normalise(db: Executor, body: AwardBody): Promise<Normalised> {
  const user = body.uuid !== undefined
    ? await db.selectFrom('users').select(['id', 'username']).where('id', '=', body.uuid).where('deleted_at', 'is', null).executeTakeFirst()
    : await db.selectFrom('users').select(['id', 'username']).where('username_lower', '=', (body.username ?? '').toLowerCase()).where('deleted_at', 'is', null).executeTakeFirst();
  if (!user || (body.uuid !== undefined && body.username !== undefined && user.username.toLowerCase() !== body.username.toLowerCase())) {
    throw notFound(ECONOMY_TEXT.playerNotFound);
  }
  const items: Array<[string, bigint]> = [];
  for (const [uuid, quantity] of Object.entries(body.items ?? {})) {
    const item = catalogueItem(uuid);
    if (!item) throw invalid(`Unknown item ${uuid}`, 'UNKNOWN_ITEM');
    items.push([item.uuid, BigInt(quantity)]);
  }
  // A stable order of the award's items.
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
    if (a.coins > 0n) {
      coins = balanceAfter(posted, account, COINS);
      // The player's open page (a crate shop, the coin flip) reads its balance again at once.
      await publishLiveEvent(trx, a.userId, { type: 'coinsAwarded', amount: hundredthsToNumber(a.coins) });
    }
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

/** Applies one award in the caller's transaction (no idempotency: see awardIdempotency). */
export async function grantAward(trx: Trx, body: AwardBody): Promise<AwardResult> {
  return apply(trx, body.awardId, await normalise(trx, body));
}

/** The award's key is its awardId, kept by the one idempotency mechanism (services/system/idempotency.ts)
 * under the game server's scope, in the caller's transaction: POST /api/server/award and the
 * awards this server makes itself (the demo seed) share the keys. */
const awardIdempotency = {
  keyOf: (body: AwardBody) => `award:${body.awardId}`,
  /** What makes two awards the same: the player named (either way of naming them) and what is given. */
  hashOf: (body: AwardBody) => ({
    player: body.uuid ?? body.username?.toLowerCase(),
    ...(body.uuid !== undefined && body.username !== undefined ? { username: body.username.toLowerCase() } : {}),
    coins: body.tripcoins === undefined ? '0' : (parseTripcoins(body.tripcoins) ?? 0n).toString(),
    xp: body.xp ?? 0,
    items: Object.entries(body.items ?? {}).map(([uuid, quantity]) => [uuid.toLowerCase(), String(quantity)]).sort(([a], [b]) => ((a ?? '') < (b ?? '') ? -1 : 1)),
  }),
  reused: () => conflict(ECONOMY_TEXT.awardIdReused, 'AWARD_ID_REUSED'),
  replay: (stored: AwardResult): AwardResult => ({ ...stored, replayed: true }),
};
const AWARD_ENDPOINT = 'POST /api/server/award';

/** One award once per awardId, in the caller's transaction: a retry answers the first answer with
 * `replayed: true`; another award under a used awardId is 409 AWARD_ID_REUSED. */
export async function awardOnce(trx: Trx, body: AwardBody): Promise<AwardResult> {
  const { value, replayed } = await once(trx, {
    scope: GAME_SERVER_SCOPE, key: awardIdempotency.keyOf(body), endpoint: AWARD_ENDPOINT,
    hash: requestHash(awardIdempotency.hashOf(body)), reused: awardIdempotency.reused,
  }, AwardResult, () => grantAward(trx, body));
  return replayed ? awardIdempotency.replay(value) : value;
}
