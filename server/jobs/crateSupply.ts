// Jobs beyond a request (server/jobs/): each owns its transactions, since no route opens one for
// it. The crate shops' supply: minted at the first start of an empty database (the start-up
// step, server/start.ts), changed on purpose by the admin command (scripts/admin.ts).
import type { Db } from '../db/createDb';
import { attempt, inTransaction, type Executor, type Trx } from '../db/tx';
import { toBigInt } from '../db/values';
import { CRATE_SALES_ACCOUNTS, CRATES_OPENED_SINK, shardQuantities, snapshot, spread, type CrateShop } from '../services/economy/crates';
import { InsufficientFunds, MINT, openAccounts, post } from '../services/economy/ledger';

/**
 * Opens the shop and sink accounts and, on the first start of an empty database, mints each
 * shop's configured supply (the crate_shops row is inserted once, whichever process gets there
 * first). A start never changes a supply that exists: only setCrateSupply (the admin command)
 * does. Returns, per shop whose configured supply differs from the database's, a note to log.
 */
export async function ensureCrateShops(db: Db, shops: Iterable<CrateShop>): Promise<string[]> {
  const notes: string[] = [];
  for (const shop of shops) {
    await inTransaction(db, async (trx) => {
      await openAccounts(trx, shop.shards, 'shop');
      await openAccounts(trx, [...CRATE_SALES_ACCOUNTS, CRATES_OPENED_SINK], 'sink');
      const crate = shop.version.crateItemUuid;
      const created = await trx.insertInto('crate_shops').values({ version_id: shop.version.id, crate_item: crate, total_supply: shop.supply })
        .onConflict((oc) => oc.column('version_id').doNothing()).returning('total_supply').executeTakeFirst();
      if (created) {
        if (shop.supply > 0) await post(trx, { reason: 'crate supply', ref: `crates-v${shop.version.id + 1}`, legs: mintInto(shop, BigInt(shop.supply)) });
        return;
      }
      const row = await trx.selectFrom('crate_shops').select('total_supply').where('version_id', '=', shop.version.id).executeTakeFirstOrThrow();
      const current = toBigInt(row.total_supply);
      if (current !== BigInt(shop.supply)) {
        notes.push(`${shop.version.name}: the database's supply is ${current}, the configured ${shop.supply} is only used on an empty database; ` +
          `change it with: npm run admin -- crates supply v${shop.version.id + 1} <n>`);
      }
    });
  }
  return notes;
}

/** Legs minting `amount` crates into the shop, spread over its shards. */
const mintInto = (shop: CrateShop, amount: bigint) =>
  spread(shop.shards, amount).map(([to, n]) => ({ asset: shop.version.crateItemUuid, from: MINT, to, amount: n }));

/**
 * How many crates to take back from each shard to cut `amount` from what they hold, leaving them
 * as even as it goes (the fullest are cut first); null when they do not hold that many.
 */
export function cutPlan(held: Map<string, bigint>, amount: bigint): Array<[string, bigint]> | null {
  let total = 0n;
  for (const q of held.values()) total += q;
  if (amount > total) return null;
  const keep = total - amount;
  // The highest level L with sum(min(q, L)) <= keep; the crates still to keep go one more to the
  // shards above it (fewer of them than that, by the choice of L).
  const kept = (level: bigint) => [...held.values()].reduce((s, q) => s + (q < level ? q : level), 0n);
  let lo = 0n;
  let hi = total;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (kept(mid) <= keep) lo = mid; else hi = mid - 1n;
  }
  let extra = keep - kept(lo);
  const plan: Array<[string, bigint]> = [];
  for (const [account, q] of held) {
    let after = q < lo ? q : lo;
    if (extra > 0n && q > lo) { after += 1n; extra -= 1n; }
    if (q > after) plan.push([account, q - after]);
  }
  return plan;
}

export class SupplyError extends Error {}

export interface SupplyChange { version: string; before: number; after: number; sold: number; remaining: number }

/**
 * Sets a shop's total supply on purpose (the admin command): a raise mints the difference into
 * the shop, a cut takes unsold crates back to the mint, both recorded in the ledger under one
 * tx_id. A supply below what was already sold is refused and changes nothing.
 */
export async function setCrateSupply(db: Db, shop: CrateShop, supply: number): Promise<SupplyChange> {
  return inTransaction(db, (trx) => setCrateSupplyIn(trx, shop, supply));
}

/** setCrateSupply in the caller's transaction (the console's route owns it). */
export async function setCrateSupplyIn(trx: Trx, shop: CrateShop, supply: number): Promise<SupplyChange> {
  if (!Number.isSafeInteger(supply) || supply < 0 || supply > 1_000_000_000) throw new SupplyError(`A supply is a whole number from 0 to 1000000000, not ${supply}`);
  const crate = shop.version.crateItemUuid;
  const ref = `admin:crates-v${shop.version.id + 1}`;
  const state = async (trx: Executor) => {
    const s = await snapshot(trx, shop, null);
    return { total: s.total, remaining: s.remaining, sold: s.total - s.remaining };
  };
  const tooLow = (sold: bigint) => new SupplyError(`Cannot set the ${shop.version.name} supply to ${supply}: ${sold} crates are already sold`);
  {
    // One supply change at a time per shop.
    const locked = await trx.selectFrom('crate_shops').select('total_supply').where('version_id', '=', shop.version.id).forUpdate().executeTakeFirst();
    if (!locked) throw new SupplyError(`The ${shop.version.name} shop has not been set up yet: start the server once first`);
    const before = await state(trx);
    const target = BigInt(supply);
    if (target < before.sold) throw tooLow(before.sold);
    if (target > before.total) {
      await post(trx, { reason: 'crate supply', ref, legs: mintInto(shop, target - before.total) });
    } else if (target < before.total) {
      // Taken back from the shards as they hold it now. Buyers keep buying meanwhile (they do not
      // take the crate_shops row): a shard one of them emptied between the look and the cut
      // refuses it, and the cut is planned again (under a savepoint) from what the shards hold then.
      for (;;) {
        const plan = cutPlan(await shardQuantities(trx, shop), before.total - target);
        if (!plan) throw tooLow((await state(trx)).sold);
        try {
          await attempt(trx, () => post(trx, { reason: 'crate supply cut', ref, legs: plan.map(([from, n]) => ({ asset: crate, from, to: MINT, amount: n })) }));
          break;
        } catch (error) {
          if (!(error instanceof InsufficientFunds)) throw error;
        }
      }
    }
    await trx.updateTable('crate_shops').set({ total_supply: supply }).where('version_id', '=', shop.version.id).execute();
    const after = await state(trx);
    return { version: shop.version.name, before: Number(before.total), after: supply, sold: Number(after.sold), remaining: Number(after.remaining) };
  }
}
