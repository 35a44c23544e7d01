// Reversing a posting: a new posting (its own tx_id, reason 'admin reversal', ref the original's
// tx_id) whose legs are the original's turned round, never an edit of the ledger. Rules:
//  - one reversal per posting (ledger_reversals' primary key, and a lock on the original's id
//    for the check), and a reversal is never itself reversed;
//  - postings through a listing or wager escrow are not reversed: cancel the listing or wager;
//  - postings with a leg into or out of an account whose value has left the ledger (the bridge's
//    sink: the ticket became a token on chain) are not reversed, since giving the ticket back
//    would leave the player with both. The one exception is the burn of a transfer that failed
//    and whose ticket was never refunded: its reversal claims the transfer's return
//    (bridge_returns), which the outbox's refund claims too, so the ticket comes back once;
//  - refused, with the reason, when an account would have to give back more than it holds (the
//    player already spent the coins, opened the crates, sold the item);
//  - a partial reversal is offered when the posting is n units of one item to one player and
//    every leg is a multiple of n (a crate purchase: n crates for n × price): the k units the
//    accounts can still give back, k < n, each leg scaled by k/n.
import { sql } from 'kysely';
import { ADMIN_TEXT } from '../../../contract/admin';
import { hundredthsToNumber } from '../../../contract/money';
import type { Executor, Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { conflict, notFound } from '../errors';
import { assetName } from '../admin/adminPlayers';
import { BRIDGE_SINK } from './bridge';
import { COINS, InsufficientFunds, MINT, post, type Leg } from './ledger';

/** Accounts whose value has left the ledger: what is in them exists outside the game now. */
const LEFT_THE_LEDGER = new Set([BRIDGE_SINK]);

interface Row { from: string; to: string; asset: string; amount: bigint }
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const keyOf = (account: string, asset: string) => `${account}\u0000${asset}`;
const shown = (asset: string, amount: bigint) => (asset === COINS ? hundredthsToNumber(amount) : Number(amount));

async function namesOf(db: Executor, accounts: string[]): Promise<Map<string, string>> {
  const ids = accounts.filter((a) => a.startsWith('player:')).map((a) => a.slice(7));
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [`player:${r.id}`, r.username]));
}

/** What each paying account must give for `legs`, against what it holds now: the shortfalls. */
async function shortfalls(db: Executor, legs: Row[]): Promise<Array<{ account: string; asset: string; need: bigint; have: bigint }>> {
  const net = new Map<string, { account: string; asset: string; d: bigint }>();
  for (const l of legs) {
    for (const [account, d] of [[l.from, -l.amount], [l.to, l.amount]] as const) {
      const k = keyOf(account, l.asset);
      const c = net.get(k) ?? { account, asset: l.asset, d: 0n };
      c.d += d;
      net.set(k, c);
    }
  }
  const out: Array<{ account: string; asset: string; need: bigint; have: bigint }> = [];
  for (const c of net.values()) {
    if (c.d >= 0n || c.account === MINT) continue;
    const have = c.asset === COINS
      ? toBigInt((await db.selectFrom('coin_balances').select('balance').where('account_id', '=', c.account).executeTakeFirst())?.balance)
      : toBigInt((await db.selectFrom('item_holdings').select('quantity').where('account_id', '=', c.account).where('item_uuid', '=', c.asset).executeTakeFirst())?.quantity);
    out.push({ account: c.account, asset: c.asset, need: -c.d, have });
  }
  return out;
}

export async function reversalPlan(db: Executor, txId: string) {
  const id = txId.toLowerCase();
  const rows = await db.selectFrom('ledger').select(['from_account', 'to_account', 'asset', 'amount', 'reason', 'ref', 'created_at']).where('tx_id', '=', id).orderBy('id').execute();
  if (!rows.length) throw notFound(ADMIN_TEXT.noPosting);
  const original: Row[] = rows.map((r) => ({ from: r.from_account, to: r.to_account, asset: r.asset, amount: toBigInt(r.amount) }));
  const back = original.map((l) => ({ ...l, from: l.to, to: l.from }));
  const [done, isReversal] = await Promise.all([
    db.selectFrom('ledger_reversals').select('reversal_tx_id').where('original_tx_id', '=', id).executeTakeFirst(),
    db.selectFrom('ledger_reversals').select('original_tx_id').where('reversal_tx_id', '=', id).executeTakeFirst(),
  ]);
  const names = await namesOf(db, [...new Set(original.flatMap((l) => [l.from, l.to]))]);
  const who = (account: string) => names.get(account) ?? account;
  const legView = (legs: Row[]) => legs.map((l) => ({ asset: l.asset, assetName: assetName(l.asset), from: who(l.from), to: who(l.to), amount: shown(l.asset, l.amount) }));

  let fullRefusal: string | null = null;
  let partial: { units: number; of: number; legs: Row[] } | null = null;
  let bridgeTransfer: string | null = null;
  if (done) fullRefusal = ADMIN_TEXT.alreadyReversed;
  else if (isReversal) fullRefusal = ADMIN_TEXT.reversalOfReversal;
  else if (original.some((l) => l.from.startsWith('escrow:') || l.to.startsWith('escrow:'))) fullRefusal = ADMIN_TEXT.escrowPosting;
  else if (original.some((l) => l.from.startsWith('revenue:') || l.to.startsWith('revenue:'))) fullRefusal = ADMIN_TEXT.purchasePosting;
  else if (original.some((l) => LEFT_THE_LEDGER.has(l.from) || LEFT_THE_LEDGER.has(l.to))) {
    const bridge = await bridgeRefusal(db, original, rows[0]!.ref);
    fullRefusal = bridge.refusal;
    bridgeTransfer = bridge.refusal ? null : bridge.transferId;
  } else {
    const short = (await shortfalls(db, back)).filter((s) => s.have < s.need);
    if (short.length) {
      fullRefusal = short.map((s) => `${who(s.account)} holds ${shown(s.asset, s.have)} ${assetName(s.asset)} but the reversal would take back ${shown(s.asset, s.need)} (already spent)`).join('; ');
      partial = partialOf(original, await shortfalls(db, back));
    }
  }
  return {
    txId: id, reason: rows[0]!.reason, createdAt: new Date(rows[0]!.created_at).toISOString(), legs: legView(original),
    fullRefusal, reversedBy: done?.reversal_tx_id ?? null,
    partial: partial ? { units: partial.units, of: partial.of, legs: legView(partial.legs) } : null,
    back: fullRefusal ? null : back, partialLegs: partial?.legs ?? null, partialUnits: partial?.units ?? 0,
    bridgeTransfer,
  };
}

/** Why a posting that touches the bridge cannot be reversed, or null (with its transfer) for the
 * burn of a transfer that failed and was never refunded. */
async function bridgeRefusal(db: Executor, legs: Row[], ref: string | null): Promise<{ refusal: string | null; transferId: string | null }> {
  const refused = (refusal: string) => ({ refusal, transferId: null });
  // Only value going out to the bridge can come back; a leg out of the sink is a refund already.
  if (legs.some((l) => LEFT_THE_LEDGER.has(l.from))) return refused(ADMIN_TEXT.bridgeReturn);
  if (!ref || !GUID.test(ref)) return refused(ADMIN_TEXT.bridgePosting);
  const transfer = await db.selectFrom('bridge_transfers').select(['id', 'status']).where('id', '=', ref.toLowerCase()).executeTakeFirst();
  if (!transfer) return refused(ADMIN_TEXT.bridgePosting);
  if (transfer.status === 'pending' || transfer.status === 'signed') return refused(ADMIN_TEXT.bridgePending);
  if (transfer.status !== 'failed') return refused(ADMIN_TEXT.bridgePosting);
  const returned = await db.selectFrom('bridge_returns').select('given_by').where('transfer_id', '=', transfer.id).executeTakeFirst();
  if (returned) return refused(returned.given_by === 'refund' ? ADMIN_TEXT.bridgeRefunded : ADMIN_TEXT.alreadyReversed);
  return { refusal: null, transferId: transfer.id };
}

/** The largest k < n units that can still be given back (see the header), or null. */
function partialOf(original: Row[], short: Array<{ account: string; asset: string; need: bigint; have: bigint }>): { units: number; of: number; legs: Row[] } | null {
  const unitLegs = original.filter((l) => l.asset !== COINS && l.to.startsWith('player:'));
  if (unitLegs.length !== 1) return null;
  const n = unitLegs[0]!.amount;
  if (n < 2n || original.some((l) => l.amount % n !== 0n)) return null;
  let k = n;
  for (const s of short) {
    const perUnit = s.need / n;
    if (perUnit > 0n && s.have / perUnit < k) k = s.have / perUnit;
  }
  if (k <= 0n || k >= n) return null;
  return { units: Number(k), of: Number(n), legs: original.map((l) => ({ from: l.to, to: l.from, asset: l.asset, amount: (l.amount / n) * k })) };
}

/** Posts the reversal (in full, or the partial plan) in the route's transaction. */
export async function reverse(trx: Trx, txId: string, wantPartial: boolean): Promise<{ reversalTxId: string; partial: boolean; players: string[] }> {
  const id = txId.toLowerCase();
  // One reversal of a posting at a time, in every process: the second waits, then sees the first.
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`reversal:${id}`}))`.execute(trx);
  const plan = await reversalPlan(trx, id);
  if (plan.reversedBy) throw conflict(ADMIN_TEXT.alreadyReversed, 'ALREADY_REVERSED');
  const legs = wantPartial ? plan.partialLegs : plan.back;
  if (!legs) {
    const why = wantPartial ? `No partial reversal is possible${plan.fullRefusal ? `: ${plan.fullRefusal}` : ' (the whole posting can be reversed)'}` : `Cannot reverse: ${plan.fullRefusal}`;
    throw conflict(why, 'NOT_REVERSIBLE');
  }
  // The failed transfer's ticket comes back here or by the outbox's refund, never both: the
  // primary key of bridge_returns lets one of them through, whichever commits first.
  if (plan.bridgeTransfer) {
    const claimed = await trx.insertInto('bridge_returns').values({ transfer_id: plan.bridgeTransfer, given_by: 'reversal' })
      .onConflict((oc) => oc.column('transfer_id').doNothing()).returning('transfer_id').executeTakeFirst();
    if (!claimed) throw conflict(`Cannot reverse: ${ADMIN_TEXT.bridgeRefunded}`, 'NOT_REVERSIBLE');
  }
  const players = [...new Set(legs.flatMap((l) => [l.from, l.to]).filter((a) => a.startsWith('player:')).map((a) => a.slice(7)))];
  let reversalTxId: string;
  try {
    reversalTxId = await post(trx, { reason: 'admin reversal', ref: id, legs: legs.map((l): Leg => ({ ...l })), openPlayers: players });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw conflict('Cannot reverse: the balances changed while it was being reversed; look again', 'NOT_REVERSIBLE');
    throw error;
  }
  return { reversalTxId, partial: wantPartial, players };
}

export async function linkReversal(trx: Trx, originalTxId: string, reversalTxId: string, partial: boolean, auditId: number): Promise<void> {
  await trx.insertInto('ledger_reversals').values({ original_tx_id: originalTxId.toLowerCase(), reversal_tx_id: reversalTxId, partial, audit_id: auditId }).execute();
}
