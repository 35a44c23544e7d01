// Demo players for a local try-out (`npm run seed:demo`): coins, items and levels given through
// the same award service the game servers use, with fixed awardIds, so running it again changes
// nothing. Never part of a normal start. A job (server/jobs/): it owns its transactions.
import { ITEM_IDS, BASE_SET_ITEMS } from '../../contract/items';
import type { Db } from '../db/createDb';
import { inTransaction, isUniqueViolation } from '../db/tx';
import { awardOnce } from '../services/economy/awards';
import { createListing } from '../services/economy/marketplace';
import { OPEN_TRADE_RULES } from '../services/economy/tradeHolds';
import { hashPassword } from '../services/accounts/passwords';
import { setSignUpBand } from '../services/accounts/age';
import { createUser } from '../services/accounts/users';

export interface DemoPlayer { username: string; password: string; tripcoins: string; xp: number; items: Record<string, number> }

const base = (n: number) => BASE_SET_ITEMS[n - 1]!.uuid;

export const DEMO_PLAYERS: DemoPlayer[] = [
  { username: 'alice_demo', password: 'demo-alice-pass', tripcoins: '5000', xp: 60_000,
    items: { [ITEM_IDS.baseSetCrate]: 3, [ITEM_IDS.baseSetIICrate]: 1, [base(1)]: 2, [base(6)]: 1, [ITEM_IDS.mythicalTicket]: 1 } },
  { username: 'bob_demo', password: 'demo-bob-pass', tripcoins: '2500.50', xp: 120_000,
    items: { [ITEM_IDS.baseSetCrate]: 1, [base(2)]: 3, [base(9)]: 1 } },
  { username: 'carol_demo', password: 'demo-carol-pass', tripcoins: '12000', xp: 1_300_000,
    items: { [ITEM_IDS.baseSetIICrate]: 2, [base(11)]: 1, [base(12)]: 1, [base(4)]: 4 } },
];

export interface SeededPlayer { username: string; password: string; created: boolean; tripcoins: number; level: number }

/** Creates (or finds) each demo player and awards their starting kit once. */
export async function seedDemo(db: Db, scryptLogN: number): Promise<SeededPlayer[]> {
  const seeded: SeededPlayer[] = [];
  for (const p of DEMO_PLAYERS) {
    let created = false;
    const existing = await db.selectFrom('users').select('id').where('username_lower', '=', p.username.toLowerCase()).executeTakeFirst();
    if (!existing) {
      const passwordHash = await hashPassword(p.password, scryptLogN);
      try {
        // The demo players stand for adults who answered the age screen, so that they may wager.
        await inTransaction(db, async (trx) => setSignUpBand(trx, await createUser(trx, { username: p.username, passwordHash }), '18_plus'));
        created = true;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    const result = await inTransaction(db, (trx) => awardOnce(trx, { username: p.username, tripcoins: p.tripcoins, xp: p.xp, items: p.items, awardId: `demo:${p.username}:starter-kit` }));
    seeded.push({ username: p.username, password: p.password, created, tripcoins: result.tripcoins, level: result.currentLevel });
  }
  // Something to buy on the marketplace: carol lists two Circuit Boots (once, ever).
  const carol = await db.selectFrom('users').select(['id', 'username']).where('username_lower', '=', 'carol_demo').executeTakeFirstOrThrow();
  const listed = await db.selectFrom('market_listings').select('id').where('seller_id', '=', carol.id).executeTakeFirst();
  if (!listed) {
    await inTransaction(db, (trx) => createListing(trx, carol, { itemUuid: base(4), priceInTripCoins: '150', quantity: 2 }, OPEN_TRADE_RULES));
  }
  return seeded;
}
