// Direct ledger movements racing each other: awards from the mint and transfers between
// players, of coins and of an item, each in its own transaction as a feature would run them.
import { BASE_SET_ITEMS } from '../../../../contract/items';
import { inTransaction } from '../../../../server/db/tx';
import { InsufficientFunds, MINT, moveCoins, moveItems, playerAccount } from '../../../../server/services/economy/ledger';
import { bump, pick, type Operation, type WorkloadWorld } from '../workload';

export const WORKLOAD_ITEM = BASE_SET_ITEMS[1]?.uuid ?? '';
export const LEDGER_REASON = 'workload';
/** Tally key: movements the operations saw commit (compared with the ledger's rows afterwards). */
export const COMMITTED_MOVES = 'ledger moves committed';

async function move(world: WorkloadWorld, asset: 'coins' | 'items', fromMint: boolean): Promise<'ok' | 'refused'> {
  const to = pick(world, world.players);
  let from = fromMint ? null : pick(world, world.players);
  if (from === to) from = world.players.find((p) => p !== to) ?? null;
  const source = from ? playerAccount(from.uuid) : MINT;
  const amount = BigInt(1 + Math.floor(world.random() * (asset === 'coins' ? (fromMint ? 5_000 : 3_000) : (fromMint ? 3 : 2))));
  const movement = { from: source, to: playerAccount(to.uuid), amount, reason: LEDGER_REASON };
  try {
    await inTransaction(world.db, (trx) => (asset === 'coins' ? moveCoins(trx, movement) : moveItems(trx, WORKLOAD_ITEM, movement)));
  } catch (error) {
    if (error instanceof InsufficientFunds) return 'refused';
    throw error;
  }
  bump(world, COMMITTED_MOVES);
  return 'ok';
}

export const LEDGER_OPERATIONS: Operation[] = [
  { name: 'award coins from the mint', weight: 2, run: (w) => move(w, 'coins', true) },
  { name: 'transfer coins between players', weight: 5, run: (w) => move(w, 'coins', false) },
  { name: 'award items from the mint', weight: 1, run: (w) => move(w, 'items', true) },
  { name: 'transfer items between players', weight: 3, run: (w) => move(w, 'items', false) },
];
