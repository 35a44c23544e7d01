// A player's inventory, player search and item transfers between players.
import { sql } from 'kysely';
import { ECONOMY_TEXT } from '../../../contract/economy';
import { hundredthsToNumber } from '../../../contract/money';
import type { Db } from '../../db/createDb';
import type { Executor, Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { conflict, invalid, notFound } from '../errors';
import { said } from '../../../contract/texts';
import { catalogueItem } from './catalogue';
import { publishLiveEvent } from '../live/liveEvents';
import { coinBalance, InsufficientFunds, itemHoldings, playerAccount, post } from './ledger';
import { refuseWhileInDebt } from '../purchases/ledger';
import { chargePair, refuseHeld, type TradeRules } from './tradeHolds';

export async function inventoryOf(db: Executor, userId: string): Promise<{ inventory: Record<string, string>; tripcoins: number }> {
  const account = playerAccount(userId);
  const [items, coins] = await Promise.all([itemHoldings(db, account), coinBalance(db, account)]);
  const inventory: Record<string, string> = {};
  for (const [uuid, quantity] of items) inventory[uuid] = quantity.toString();
  return { inventory, tripcoins: hundredthsToNumber(coins) };
}

/** How many of an item the player holds (outside escrow). */
export async function heldQuantity(db: Executor, userId: string, itemUuid: string): Promise<bigint> {
  const row = await db.selectFrom('item_holdings').select('quantity')
    .where('account_id', '=', playerAccount(userId)).where('item_uuid', '=', itemUuid).executeTakeFirst();
  return toBigInt(row?.quantity);
}

/** `%`, `_` and the escape character itself match literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Usernames containing the text (case-insensitive), prefix matches first, never the caller. */
export async function searchPlayers(db: Db, callerId: string, query: string, limit: number): Promise<Array<{ uuid: string; username: string }>> {
  const text = query.trim().toLowerCase();
  if (!text) return [];
  const pattern = `%${escapeLike(text)}%`;
  const prefix = `${escapeLike(text)}%`;
  const rows = await db.selectFrom('users').select(['id', 'username'])
    .where(sql<boolean>`username_lower LIKE ${pattern} ESCAPE '\\'`)
    .where('id', '<>', callerId)
    .where('deleted_at', 'is', null)
    .orderBy(sql`username_lower LIKE ${prefix} ESCAPE '\\'`, 'desc')
    .orderBy('username_lower')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ uuid: r.id, username: r.username }));
}

/** Turns the ledger's refusal into the spec's text, with the amount the player really has. */
export async function onlyHave<T>(trx: Trx, userId: string, itemUuid: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InsufficientFunds && error.account === playerAccount(userId)) {
      const have = await heldQuantity(trx, userId, itemUuid);
      const short = said('economy.onlyHave', have);
      throw conflict(short.text, 'INSUFFICIENT_ITEMS').saying(short.ref);
    }
    throw error;
  }
}

export async function transferItems(trx: Trx, from: { id: string; username: string }, input: { toPlayerUsername: string; itemUuid: string; quantity: number }, rules: TradeRules): Promise<void> {
  const item = catalogueItem(input.itemUuid);
  if (!item) throw notFound(ECONOMY_TEXT.itemNotFound);
  const recipient = await trx.selectFrom('users').select(['id', 'username'])
    .where('username_lower', '=', input.toPlayerUsername.trim().toLowerCase()).where('deleted_at', 'is', null).executeTakeFirst();
  if (!recipient) throw notFound(ECONOMY_TEXT.recipientNotFound);
  if (recipient.id === from.id) throw invalid(ECONOMY_TEXT.transferToSelf, 'TRANSFER_TO_SELF');
  await refuseWhileInDebt(trx, from.id);
  await refuseHeld(trx, from.id, 'give', rules);
  await chargePair(trx, from.id, recipient, { items: BigInt(input.quantity) }, rules, 'give');
  // Accounts made by other sign-up paths may not have a value account yet: opened by the posting.
  await onlyHave(trx, from.id, item.uuid, () => post(trx, {
    reason: 'transfer', ref: recipient.id, openPlayers: [recipient.id],
    legs: [{ asset: item.uuid, from: playerAccount(from.id), to: playerAccount(recipient.id), amount: BigInt(input.quantity) }],
  }));
  await publishLiveEvent(trx, recipient.id, { type: 'itemReceived', from: from.username, itemUuid: item.uuid, itemName: item.name, quantity: input.quantity });
}
