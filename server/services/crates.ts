// Crate shops and crate opening. Each shop's remaining supply is the crate item held by its
// shop account ('shop:crates-v1', 'shop:crates-v2'), minted once; a purchase takes crates from
// it with the ledger's conditional UPDATE, so the supply can never go below zero whatever the
// concurrency. Coins paid go to the crate-sales sink, spread over CRATE_SALES_SHARDS accounts
// ('sink:crate-sales', 'sink:crate-sales:1', ...) so that buyers at the same moment do not all wait
// for one balance row; what the shops took in is the sum of those accounts (crateSalesTotal).
// Opened crates go to 'sink:crates-opened' and the item won comes from the mint.
import { sql } from 'kysely';
import { CRATE_TEXT, CRATE_VERSIONS, type CrateStatus, type CrateVersion } from '../../contract/crates';
import { hundredthsToNumber, parseTripcoins } from '../../contract/money';
import type { Config } from '../config';
import type { Executor, Trx } from '../db/tx';
import { toBigInt } from '../db/values';
import { HttpError } from '../errors';
import { draw, type DropTable } from './dropTables';
import { balanceAfter, COINS, InsufficientFunds, MINT, playerAccount, post, postReturning, type Posted } from './ledger';

export const CRATE_SALES_SINK = 'sink:crate-sales';
/** How many accounts the crate-sales sink is spread over (each purchase credits one at random). */
export const CRATE_SALES_SHARDS = 16;
export const crateSalesShard = (i: number) => (i === 0 ? CRATE_SALES_SINK : `${CRATE_SALES_SINK}:${i}`);
export const CRATE_SALES_ACCOUNTS = Array.from({ length: CRATE_SALES_SHARDS }, (_, i) => crateSalesShard(i));

/** Everything the crate shops took in, in hundredths: the sum of the sink's shards. */
export async function crateSalesTotal(db: Executor): Promise<bigint> {
  const row = await db.selectFrom('coin_balances').select(sql<string | number | null>`sum(balance)`.as('total'))
    .where('account_id', 'in', CRATE_SALES_ACCOUNTS).executeTakeFirst();
  return toBigInt(row?.total ?? 0);
}
export const CRATES_OPENED_SINK = 'sink:crates-opened';

export interface CrateShop {
  version: CrateVersion;
  /** Hundredths per crate. */
  price: bigint;
  /** The configured total supply. */
  supply: number;
  account: string;
}

export const shopAccountOf = (v: CrateVersion) => `shop:crates-v${v.id + 1}`;

export function crateShops(config: Config): Map<number, CrateShop> {
  const settings: Record<number, { price: string; supply: number }> = {
    0: { price: config.CRATE_V1_PRICE, supply: config.CRATE_V1_SUPPLY },
    1: { price: config.CRATE_V2_PRICE, supply: config.CRATE_V2_SUPPLY },
  };
  return new Map(CRATE_VERSIONS.map((version) => {
    const s = settings[version.id]!;
    const price = parseTripcoins(s.price);
    if (price === null || price <= 0n) throw new Error(`Invalid crate price for ${version.name}: ${s.price}`);
    return [version.id, { version, price, supply: s.supply, account: shopAccountOf(version) }];
  }));
}


/** Shop supply and the player's crates and coins, in one round trip. */
export async function snapshot(db: Executor, shop: CrateShop, userId: string | null) {
  const player = userId ? playerAccount(userId) : '';
  const crate = shop.version.crateItemUuid;
  const result = await sql<{ total: string | number | null; remaining: string | number | null; crates: string | number | null; coins: string | number | null }>`
    SELECT (SELECT total_supply FROM crate_shops WHERE version_id = ${shop.version.id}) AS total,
           (SELECT quantity FROM item_holdings WHERE account_id = ${shop.account} AND item_uuid = ${crate}) AS remaining,
           (SELECT quantity FROM item_holdings WHERE account_id = ${player} AND item_uuid = ${crate}) AS crates,
           (SELECT balance FROM coin_balances WHERE account_id = ${player}) AS coins`.execute(db);
  const row = result.rows[0];
  return {
    total: toBigInt(row?.total), remaining: toBigInt(row?.remaining),
    crates: toBigInt(row?.crates), coins: toBigInt(row?.coins),
  };
}

export async function crateStatus(db: Executor, shop: CrateShop, userId: string | null): Promise<CrateStatus> {
  const s = await snapshot(db, shop, userId);
  return {
    crateVersionId: shop.version.id,
    crateItemUuid: shop.version.crateItemUuid,
    cratePrice: hundredthsToNumber(shop.price),
    crateBalance: Number(s.crates),
    totalSupply: Number(s.total),
    remainingSupply: Number(s.remaining),
  };
}

export async function buyCrates(trx: Trx, shop: CrateShop, userId: string, quantity: number) {
  const player = playerAccount(userId);
  const crate = shop.version.crateItemUuid;
  const amount = BigInt(quantity);
  // A bigint: no overflow whatever the quantity (a sold-out shop refuses before the price counts).
  const cost = shop.price * amount;
  const sink = crateSalesShard(Math.floor(Math.random() * CRATE_SALES_SHARDS));
  // One posting, one tx_id. The supply leg first: a sold-out shop refuses for that reason even
  // when the buyer could not pay either. In the lock order the shop's supply row comes last
  // (items after coins, 'shop:' after 'player:'): every buyer holds it for one statement.
  let posted: Posted;
  try {
    posted = await postReturning(trx, {
      reason: 'crate purchase', ref: shop.account, openPlayers: [userId],
      legs: [{ asset: crate, from: shop.account, to: player, amount }, { asset: COINS, from: player, to: sink, amount: cost }],
    });
  } catch (error) {
    if (error instanceof InsufficientFunds && error.account === shop.account) {
      throw new HttpError(409, CRATE_TEXT.onlyAvailable((await snapshot(trx, shop, null)).remaining), 'SOLD_OUT');
    }
    if (error instanceof InsufficientFunds) {
      throw new HttpError(409, CRATE_TEXT.insufficient((await snapshot(trx, shop, userId)).coins, cost), 'INSUFFICIENT_FUNDS');
    }
    throw error;
  }
  return {
    message: CRATE_TEXT.purchased(quantity, shop.version.name),
    description: CRATE_TEXT.spent(cost),
    quantity,
    crateBalance: Number(balanceAfter(posted, player, crate)),
    tripcoins: hundredthsToNumber(balanceAfter(posted, player, COINS)),
    remainingSupply: Number(balanceAfter(posted, shop.account, crate)),
  };
}

export async function openCrate(trx: Trx, shop: CrateShop, table: DropTable, userId: string) {
  const player = playerAccount(userId);
  const crate = shop.version.crateItemUuid;
  const won = draw(table);
  try {
    await post(trx, {
      reason: 'crate opened', ref: crate,
      legs: [{ asset: crate, from: player, to: CRATES_OPENED_SINK, amount: 1n }, { asset: won.itemUuid, from: MINT, to: player, amount: 1n }],
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new HttpError(409, CRATE_TEXT.needCrate, 'NO_CRATES');
    throw error;
  }
  await trx.insertInto('crate_openings').values({ user_id: userId, version_id: shop.version.id, won_item: won.itemUuid }).execute();
  // The profile's "Crates Opened" counts what really happened here.
  await trx.insertInto('player_stats').values({ user_id: userId, crates_opened: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ crates_opened: sql`player_stats.crates_opened + 1` })).execute();
  const after = await snapshot(trx, shop, userId);
  return { wonItemUuid: won.itemUuid, wonItemName: won.name, crateVersionId: shop.version.id, crateBalance: Number(after.crates) };
}
