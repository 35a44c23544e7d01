// Crate shops and crate opening. Each shop's remaining supply is the crate item held by its
// shop's SUPPLY_SHARDS accounts ('shop:crates-v2', 'shop:crates-v2:1', ... 'shop:crates-v2:15'),
// minted once and spread evenly over them; the remaining supply is their sum. A purchase takes
// its crates from one shard that holds enough (or, when none does alone but together they do,
// from several) with the ledger's conditional UPDATE, so no shard, and so the supply, can ever go
// below zero whatever the concurrency. Spread, buyers at the same moment take different rows
// instead of all waiting for the one supply row each holds to its commit. Coins paid go to the crate-sales sink, spread over CRATE_SALES_SHARDS accounts
// ('sink:crate-sales', 'sink:crate-sales:1', ...) so that buyers at the same moment do not all wait
// for one balance row; what the shops took in is the sum of those accounts (crateSalesTotal).
// Opened crates go to 'sink:crates-opened' and the item won comes from the mint.
import { sql } from 'kysely';
import { CRATE_TEXT, CRATE_VERSIONS, type CrateStatus, type CrateVersion } from '../../../contract/crates';
import { hundredthsToNumber, parseTripcoins } from '../../../contract/money';
import type { Config } from '../../config';
import { attempt, type Executor, type Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { conflict } from '../errors';
import { said } from '../../../contract/texts';
import { DEFAULT_DROP_TABLES, draw, loadDropTables, type DropTable } from './dropTables';
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
  /** The first of its supply accounts (shard 0; the one account before the supply was spread). */
  account: string;
  /** Every account holding its supply, in the ledger's lock order (shard 0 first). */
  shards: string[];
}

export const shopAccountOf = (v: CrateVersion) => `shop:crates-v${v.id + 1}`;
/** How many accounts each shop's supply is spread over (migration 017 spreads an older database's). */
export const SUPPLY_SHARDS = 16;
export const supplyShard = (account: string, i: number) => (i === 0 ? account : `${account}:${i}`);
/** The shards' names, sorted as the ledger locks them (text order: ':1', ':10', ..., ':15', ':2', ...). */
export const supplyShardsOf = (account: string) =>
  Array.from({ length: SUPPLY_SHARDS }, (_, i) => supplyShard(account, i)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** `total` split over the shards as evenly as it goes (the first shards get one more), zeros left out. */
export function spread(shards: string[], total: bigint): Array<[string, bigint]> {
  const n = BigInt(shards.length);
  return shards.map((a, i): [string, bigint] => [a, total / n + (BigInt(i) < total % n ? 1n : 0n)]).filter(([, q]) => q > 0n);
}

/** Each shard's quantity as committed now (no lock; a shard without a row holds 0). */
export async function shardQuantities(db: Executor, shop: CrateShop): Promise<Map<string, bigint>> {
  const rows = await db.selectFrom('item_holdings').select(['account_id', 'quantity'])
    .where('account_id', 'in', shop.shards).where('item_uuid', '=', shop.version.crateItemUuid).execute();
  const held = new Map(shop.shards.map((a) => [a, 0n]));
  for (const r of rows) held.set(r.account_id, toBigInt(r.quantity));
  return held;
}

/**
 * A take that leaves at least this many crates in its shard (as read just before) is posted
 * without a savepoint: for it to be refused, more than SPARE crates would have to be bought from
 * that one shard between the look and the take. If it ever is, the transaction (which may not
 * commit after a refused posting) runs again from the start (inTransaction's retry). A tighter take
 * is posted under a savepoint, and a refusal tries again from what the shards hold then.
 */
const SPARE = 8n;

/**
 * Where to take `amount` crates from, given the shards' quantities: one shard that holds enough,
 * drawn at random among those that do (so buyers spread over every shard still holding crates);
 * when none does alone, several, in the lock order; null when they do not hold enough together.
 */
export function pickShards(shards: string[], held: Map<string, bigint>, amount: bigint, random = Math.random): Array<[string, bigint]> | null {
  const enough = shards.filter((a) => (held.get(a) ?? 0n) >= amount);
  if (enough.length) return [[enough[Math.floor(random() * enough.length)]!, amount]];
  const takes: Array<[string, bigint]> = [];
  let left = amount;
  for (const a of shards) {
    const q = held.get(a) ?? 0n;
    if (q <= 0n || left === 0n) continue;
    const take = q < left ? q : left;
    takes.push([a, take]);
    left -= take;
  }
  return left === 0n ? takes : null;
}

export function crateShops(config: Config): Map<number, CrateShop> {
  const settings: Record<number, { price: string; supply: number }> = {
    0: { price: config.CRATE_V1_PRICE, supply: config.CRATE_V1_SUPPLY },
    1: { price: config.CRATE_V2_PRICE, supply: config.CRATE_V2_SUPPLY },
  };
  return new Map(CRATE_VERSIONS.map((version) => {
    const s = settings[version.id]!;
    const price = parseTripcoins(s.price);
    if (price === null || price <= 0n) throw new Error(`Invalid crate price for ${version.name}: ${s.price}`);
    const account = shopAccountOf(version);
    return [version.id, { version, price, supply: s.supply, account, shards: supplyShardsOf(account) }];
  }));
}

/** The crate shops as configured and their drop tables (CRATE_DROP_TABLES or the default file,
 * checked here: a broken one stops the start, not a player's open). Built once per app
 * (plugins/crates.ts, app.crates); `find` is undefined for a version not configured. */
export function crateSetup(config: Config) {
  const shops = crateShops(config);
  const tables = loadDropTables(config.CRATE_DROP_TABLES ?? DEFAULT_DROP_TABLES);
  const find = (versionId: number): { shop: CrateShop; table: DropTable } | undefined => {
    const shop = shops.get(versionId);
    const table = tables.get(versionId);
    return shop && table ? { shop, table } : undefined;
  };
  return { shops, tables, find };
}
export type CrateSetup = ReturnType<typeof crateSetup>;


/** Shop supply and the player's crates and coins, in one round trip. */
export async function snapshot(db: Executor, shop: CrateShop, userId: string | null) {
  const player = userId ? playerAccount(userId) : '';
  const crate = shop.version.crateItemUuid;
  const result = await sql<{ total: string | number | null; remaining: string | number | null; crates: string | number | null; coins: string | number | null }>`
    SELECT (SELECT total_supply FROM crate_shops WHERE version_id = ${shop.version.id}) AS total,
           (SELECT sum(quantity) FROM item_holdings WHERE account_id IN (${sql.join(shop.shards)}) AND item_uuid = ${crate}) AS remaining,
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

/** A serialization failure: inTransaction runs the whole request again (see buyCrates). */
class Contended extends Error {
  readonly code = '40001';
}

export async function buyCrates(trx: Trx, shop: CrateShop, userId: string, quantity: number) {
  const player = playerAccount(userId);
  const crate = shop.version.crateItemUuid;
  const amount = BigInt(quantity);
  // A bigint: no overflow whatever the quantity (a sold-out shop refuses before the price counts).
  const cost = shop.price * amount;
  const sink = crateSalesShard(Math.floor(Math.random() * CRATE_SALES_SHARDS));
  // One posting, one tx_id, from shards chosen by their quantities read just before (a take
  // without room to spare under a savepoint: a shard emptied by another buyer between the look and
  // the take refuses it, and the next try takes from another shard; see SPARE). The supply legs first: a
  // sold-out shop refuses for that reason even when the buyer could not pay either. In the lock
  // order the shop's supply rows come last (items after coins, 'shop:' after 'player:'): a buyer
  // holds one shard (or several, taken in order) from its one statement to the commit, and a
  // refused try holds none (the savepoint's rollback lets its locks go).
  let held = await shardQuantities(trx, shop);
  let posted: Posted | undefined;
  let takes: Array<[string, bigint]> | null = null;
  for (let tries = 0; !posted; tries++) {
    takes = pickShards(shop.shards, held, amount);
    if (!takes) {
      let remaining = 0n;
      for (const q of held.values()) remaining += q;
      const left = said('crate.onlyAvailable', remaining);
      throw conflict(left.text, 'SOLD_OUT').saying(left.ref);
    }
    // Each refused try means another buyer took crates: a shop emptying itself. The bound is a
    // safety net: past it the whole request runs again (db/tx.ts).
    if (tries >= 4 * SUPPLY_SHARDS) throw new Contended(`crate purchase: the ${shop.version.name} shop's shards kept changing`);
    const legs = takes.map(([from, n]) => ({ asset: crate, from, to: player, amount: n }));
    const purchase = () => postReturning(trx, {
      reason: 'crate purchase', ref: shop.account, openPlayers: [userId],
      legs: [...legs, { asset: COINS, from: player, to: sink, amount: cost }],
    });
    const spare = takes.every(([a, n]) => (held.get(a) ?? 0n) - n >= SPARE);
    try {
      posted = await (spare ? purchase() : attempt(trx, purchase));
    } catch (error) {
      if (error instanceof InsufficientFunds && shop.shards.includes(error.account)) {
        if (spare) throw new Contended(`crate purchase: ${error.account} was emptied between the look and the take`);
        held = await shardQuantities(trx, shop);
        continue;
      }
      if (error instanceof InsufficientFunds) {
        const short = said('crate.insufficient', (await snapshot(trx, shop, userId)).coins, cost);
        throw conflict(short.text, 'INSUFFICIENT_FUNDS').saying(short.ref);
      }
      throw error;
    }
  }
  // What the shop has left: the shards this purchase took from as it left them, the others as read.
  let remaining = 0n;
  const purchased = said('crate.purchased', quantity, shop.version.name);
  const spent = said('crate.spent', cost);
  for (const a of shop.shards) remaining += takes!.some(([t]) => t === a) ? balanceAfter(posted, a, crate) : held.get(a) ?? 0n;
  return {
    message: purchased.text,
    description: spent.text,
    messageText: purchased.ref,
    descriptionText: spent.ref,
    quantity,
    crateBalance: Number(balanceAfter(posted, player, crate)),
    tripcoins: hundredthsToNumber(balanceAfter(posted, player, COINS)),
    remainingSupply: Number(remaining),
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
    if (error instanceof InsufficientFunds) throw conflict(CRATE_TEXT.needCrate, 'NO_CRATES');
    throw error;
  }
  await trx.insertInto('crate_openings').values({ user_id: userId, version_id: shop.version.id, won_item: won.itemUuid }).execute();
  // The profile's "Crates Opened" counts what really happened here.
  await trx.insertInto('player_stats').values({ user_id: userId, crates_opened: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ crates_opened: sql`player_stats.crates_opened + 1` })).execute();
  const after = await snapshot(trx, shop, userId);
  return { wonItemUuid: won.itemUuid, wonItemName: won.name, crateVersionId: shop.version.id, crateBalance: Number(after.crates) };
}
