// What the purchase ledger holds, read from the database (purchases rows, the player's coins), for
// the provider tests: they run against the real service, so they look where it writes.
import type { Executor } from '../../../server/db/tx';
import type { PurchaseHost } from '../../../contract/purchases';
import { hundredthsToNumber } from '../../../contract/money';
import { coinBalance } from '../../../server/services/economy/balances';
import { playerAccount } from '../../../server/services/economy/ledgerAccounts';

export interface PurchaseRow { host: string; providerPurchaseId: string; userId: string; productId: string; consumed: boolean; attempts: number; reversed: boolean }

export function purchaseRows(db: Executor) {
  const select = () => db.selectFrom('purchases').select(['host', 'provider_purchase_id', 'user_id', 'product_id', 'consumed_at', 'consume_attempts', 'status']);
  const shape = (r: { host: string; provider_purchase_id: string; user_id: string; product_id: string; consumed_at: unknown; consume_attempts: number; status: string }): PurchaseRow => ({
    host: r.host, providerPurchaseId: r.provider_purchase_id, userId: r.user_id, productId: r.product_id,
    consumed: r.consumed_at !== null, attempts: r.consume_attempts, reversed: r.status === 'reversed',
  });
  return {
    /** The purchase of this provider id, if it was ever granted. */
    async row(host: PurchaseHost, providerPurchaseId: string): Promise<PurchaseRow | undefined> {
      const r = await select().where('host', '=', host).where('provider_purchase_id', '=', providerPurchaseId).executeTakeFirst();
      return r ? shape(r) : undefined;
    },
    /** Every purchase granted to this player. */
    async of(userId: string): Promise<PurchaseRow[]> {
      return (await select().where('user_id', '=', userId).execute()).map(shape);
    },
    /** The player's TripCoins, as a number. */
    async balance(userId: string): Promise<number> {
      return hundredthsToNumber(await coinBalance(db, playerAccount(userId)));
    },
  };
}
