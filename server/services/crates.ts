// Crate shops and crate opening. Each shop's remaining supply is the crate item held by its
// shop account ('shop:crates-v1', 'shop:crates-v2'), minted once; a purchase takes crates from
// it with the ledger's conditional UPDATE, so the supply can never go below zero whatever the
// concurrency. Coins paid go to 'sink:crate-sales'; opened crates go to 'sink:crates-opened' and
// the item won comes from the mint.
import { sql } from 'kysely';
import { CRATE_TEXT, CRATE_VERSIONS, type CrateStatus, type CrateVersion } from '../../contract/crates';
import { hundredthsToNumber, parseTripcoins } from '../../contract/money';
import type { Config } from '../config';
import type { Db } from '../db/createDb';
import { inTransaction, type Executor, type Trx } from '../db/tx';
import { toBigInt } from '../db/values';
import { HttpError } from '../errors';
import { draw, type DropTable } from './dropTables';
import { InsufficientFunds, MINT, moveCoins, moveItems, openAccount, openPlayerAccount, playerAccount } from './ledger';

export const CRATE_SALES_SINK = 'sink:crate-sales';
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

/**
 * Opens the shop and sink accounts and mints each shop's supply the first time (the crate_shops
 * row is inserted once, whichever process gets there first). A supply raised in the
 * configuration later is topped up by the difference; a lowered one is left as it is.
 */
export async function ensureCrateShops(db: Db, shops: Iterable<CrateShop>): Promise<void> {
  for (const shop of shops) {
    await inTransaction(db, async (trx) => {
      await openAccount(trx, shop.account, 'shop');
      await openAccount(trx, CRATE_SALES_SINK, 'sink');
      await openAccount(trx, CRATES_OPENED_SINK, 'sink');
      const crate = shop.version.crateItemUuid;
      const created = await trx.insertInto('crate_shops').values({ version_id: shop.version.id, crate_item: crate, total_supply: shop.supply })
        .onConflict((oc) => oc.column('version_id').doNothing()).returning('total_supply').executeTakeFirst();
      let mint = created ? BigInt(shop.supply) : 0n;
      if (!created) {
        const row = await trx.selectFrom('crate_shops').select('total_supply').where('version_id', '=', shop.version.id).forUpdate().executeTakeFirstOrThrow();
        const current = toBigInt(row.total_supply);
        if (BigInt(shop.supply) > current) {
          mint = BigInt(shop.supply) - current;
          await trx.updateTable('crate_shops').set({ total_supply: shop.supply }).where('version_id', '=', shop.version.id).execute();
        }
      }
      if (mint > 0n) await moveItems(trx, crate, { from: MINT, to: shop.account, amount: mint, reason: 'crate supply', ref: `crates-v${shop.version.id + 1}` });
    });
  }
}

/** Shop supply and the player's crates and coins, in one round trip. */
async function snapshot(db: Executor, shop: CrateShop, userId: string | null) {
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
  // The supply first: a sold-out shop refuses at once, without touching the buyer's coins.
  try {
    await moveItems(trx, crate, { from: shop.account, to: await openPlayerAccount(trx, userId), amount, reason: 'crate purchase', ref: shop.account });
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      throw new HttpError(409, CRATE_TEXT.onlyAvailable((await snapshot(trx, shop, null)).remaining), 'SOLD_OUT');
    }
    throw error;
  }
  // quantity <= remaining supply <= 1e9 here, and a price is at most 1e8 hundredths: no overflow.
  const cost = shop.price * amount;
  try {
    await moveCoins(trx, { from: player, to: CRATE_SALES_SINK, amount: cost, reason: 'crate purchase', ref: shop.account });
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      throw new HttpError(409, CRATE_TEXT.insufficient((await snapshot(trx, shop, userId)).coins, cost), 'INSUFFICIENT_FUNDS');
    }
    throw error;
  }
  const after = await snapshot(trx, shop, userId);
  return {
    message: CRATE_TEXT.purchased(quantity, shop.version.name),
    description: CRATE_TEXT.spent(cost),
    quantity,
    crateBalance: Number(after.crates),
    tripcoins: hundredthsToNumber(after.coins),
    remainingSupply: Number(after.remaining),
  };
}

export async function openCrate(trx: Trx, shop: CrateShop, table: DropTable, userId: string) {
  const player = playerAccount(userId);
  const crate = shop.version.crateItemUuid;
  try {
    await moveItems(trx, crate, { from: player, to: CRATES_OPENED_SINK, amount: 1n, reason: 'crate opened', ref: crate });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new HttpError(409, CRATE_TEXT.needCrate, 'NO_CRATES');
    throw error;
  }
  const won = draw(table);
  await moveItems(trx, won.itemUuid, { from: MINT, to: player, amount: 1n, reason: 'crate opened', ref: crate });
  await trx.insertInto('crate_openings').values({ user_id: userId, version_id: shop.version.id, won_item: won.itemUuid }).execute();
  // The profile's "Crates Opened" counts what really happened here.
  await trx.insertInto('player_stats').values({ user_id: userId, crates_opened: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ crates_opened: sql`player_stats.crates_opened + 1` })).execute();
  const after = await snapshot(trx, shop, userId);
  return { wonItemUuid: won.itemUuid, wonItemName: won.name, crateVersionId: shop.version.id, crateBalance: Number(after.crates) };
}
