// The player's own view (contract/myEconomy.ts): what they own now, and every ledger posting
// that touched them with the balance of that asset right after it. History pages are keyset
// (id < before, newest first); the balance after each row is the current balance minus what
// the newer rows changed, so one page costs three queries however long the history is.
import { sql } from 'kysely';
import type { Counterparty, HistoryPage, MyInventory } from '../../../contract/myEconomy';
import { PURCHASE_HOSTS, type PurchaseHost } from '../../../contract/purchases';
import { hundredthsToNumber } from '../../../contract/money';
import type { Executor } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { catalogueItem } from './catalogue';
import { COINS, MINT, playerAccount } from './ledger';
import { CRATE_SALES_SINK } from './crates';

const PLAYER = 'player:';
const iso = (d: Date | string) => new Date(d).toISOString();
const amountOf = (asset: string, units: bigint) => (asset === COINS ? hundredthsToNumber(units) : Number(units));

export async function myInventory(db: Executor, userId: string): Promise<MyInventory> {
  const me = playerAccount(userId);
  const [coins, holdings, listings, wagers] = await Promise.all([
    db.selectFrom('coin_balances').select('balance').where('account_id', '=', me).executeTakeFirst(),
    db.selectFrom('item_holdings').select(['item_uuid', 'quantity']).where('account_id', '=', me).where('quantity', '>', 0).execute(),
    db.selectFrom('market_listings').select(['id', 'item_uuid', 'quantity', 'price', 'created_at', 'end_time'])
      .where('seller_id', '=', userId).where('status', '=', 'active').where('end_time', '>', sql<Date>`now()`).orderBy('created_at', 'desc').execute(),
    db.selectFrom('coinflip_games').select(['id', 'wager', 'choice', 'created_at'])
      .where('creator_id', '=', userId).where('status', '=', 'open').orderBy('created_at', 'desc').execute(),
  ]);
  const nameOf = (uuid: string) => catalogueItem(uuid)?.name ?? uuid;
  return {
    tripcoins: hundredthsToNumber(toBigInt(coins?.balance ?? 0)),
    items: holdings.map((h) => ({ itemUuid: h.item_uuid, name: nameOf(h.item_uuid), count: Number(h.quantity) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    listings: listings.map((l) => ({
      orderId: l.id, itemUuid: l.item_uuid, itemName: nameOf(l.item_uuid), quantity: Number(l.quantity),
      price: hundredthsToNumber(toBigInt(l.price)), createdAt: iso(l.created_at), endTime: iso(l.end_time),
    })),
    wagers: wagers.map((w) => ({ gameId: w.id, wager: hundredthsToNumber(toBigInt(w.wager)), choice: w.choice === 1 ? 1 : 0, createdAt: iso(w.created_at) })),
  };
}

const STORE = 'revenue:';
const storeHost = (account: string) => (PURCHASE_HOSTS as readonly string[]).find((h) => account === `${STORE}${h}`) as PurchaseHost | undefined;

function counterpartyKind(account: string): Exclude<Counterparty['kind'], 'player' | 'store'> {
  if (account === MINT) return 'game';
  // Coins paid for crates land in the crate-sales sink: to the player that is the crate shop.
  if (account.startsWith(CRATE_SALES_SINK)) return 'shop';
  const prefix = account.split(':')[0];
  return prefix === 'shop' || prefix === 'escrow' || prefix === 'sink' ? prefix : 'unknown';
}

export async function myHistory(db: Executor, userId: string, page: { before?: string | undefined; limit: number }): Promise<HistoryPage> {
  const me = playerAccount(userId);
  let query = db.selectFrom('ledger').select(['id', 'tx_id', 'created_at', 'asset', 'from_account', 'to_account', 'amount', 'reason'])
    .where((eb) => eb.or([eb('from_account', '=', me), eb('to_account', '=', me)]));
  if (page.before) query = query.where('id', '<', page.before);
  const rows = await query.orderBy('id', 'desc').limit(page.limit + 1).execute();
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  if (shown.length === 0) return { entries: [], nextBefore: null };
  const assets = [...new Set(shown.map((r) => r.asset))];
  const itemAssets = assets.filter((a) => a !== COINS);
  const newest = String(shown[0]?.id);
  const others = [...new Set(shown.map((r) => (r.to_account === me ? r.from_account : r.to_account)).filter((a) => a.startsWith(PLAYER)).map((a) => a.slice(PLAYER.length)))];
  // The packs behind real-money rows: their grant's or their reversal's posting.
  const bought = [...new Set(shown.filter((r) => storeHost(r.from_account) ?? storeHost(r.to_account)).map((r) => r.tx_id))];
  const [newer, coins, items, users, packs] = await Promise.all([
    db.selectFrom('ledger').select(['asset', sql<string>`sum(CASE WHEN to_account = ${me} THEN amount ELSE -amount END)`.as('delta')])
      .where((eb) => eb.or([eb('from_account', '=', me), eb('to_account', '=', me)]))
      .where('id', '>', newest).where('asset', 'in', assets).groupBy('asset').execute(),
    db.selectFrom('coin_balances').select('balance').where('account_id', '=', me).executeTakeFirst(),
    itemAssets.length ? db.selectFrom('item_holdings').select(['item_uuid', 'quantity']).where('account_id', '=', me).where('item_uuid', 'in', itemAssets).execute() : Promise.resolve([]),
    others.length ? db.selectFrom('users').select(['id', 'username']).where('id', 'in', others).execute() : Promise.resolve([]),
    bought.length ? db.selectFrom('purchases').select(['tx_id', 'reversal_tx_id', 'product_id', 'tripcoins'])
      .where((eb) => eb.or([eb('tx_id', 'in', bought), eb('reversal_tx_id', 'in', bought)])).execute() : Promise.resolve([]),
  ]);
  const packOf = new Map<string, { productId: string; tripcoins: number }>();
  for (const p of packs) {
    const pack = { productId: p.product_id, tripcoins: hundredthsToNumber(toBigInt(p.tripcoins)) };
    packOf.set(p.tx_id, pack);
    if (p.reversal_tx_id) packOf.set(p.reversal_tx_id, pack);
  }
  // The balance of each asset just after the newest row shown, then walked back row by row.
  const after = new Map<string, bigint>(assets.map((a) => [a, 0n]));
  after.set(COINS, toBigInt(coins?.balance ?? 0));
  for (const h of items) after.set(h.item_uuid, toBigInt(h.quantity));
  for (const n of newer) after.set(n.asset, (after.get(n.asset) ?? 0n) - toBigInt(n.delta));
  const names = new Map(users.map((u) => [u.id, u.username]));
  const entries = shown.map((r) => {
    const incoming = r.to_account === me;
    const units = toBigInt(r.amount) * (incoming ? 1n : -1n);
    const balance = after.get(r.asset) ?? 0n;
    after.set(r.asset, balance - units);
    const other = incoming ? r.from_account : r.to_account;
    const store = storeHost(other);
    const counterparty: Counterparty = other.startsWith(PLAYER)
      ? { kind: 'player', username: names.get(other.slice(PLAYER.length)) ?? '' }
      : store ? { kind: 'store', host: store } : { kind: counterpartyKind(other) };
    return {
      id: String(r.id), at: iso(r.created_at), reason: r.reason, asset: r.asset,
      itemName: r.asset === COINS ? null : catalogueItem(r.asset)?.name ?? r.asset,
      counterparty, amount: amountOf(r.asset, units), balanceAfter: amountOf(r.asset, balance),
      pack: store ? packOf.get(r.tx_id) ?? null : null,
    };
  });
  return { entries, nextBefore: more ? entries[entries.length - 1]?.id ?? null : null };
}
