// The console's view of real-money purchases (contract/adminPurchases.ts): purchases, refunds and
// debts per player and per host, what each host sold per day, and the two manual actions (a
// purchase reversed by hand, a debt forgiven). Each write is whole in the route's transaction:
// the change, its audit row and the player's notice commit together or not at all.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ADMIN_PURCHASE_TEXT, STUCK_PURCHASE_MINUTES, type AdminPurchase } from '../../../contract/adminPurchases';
import { formatTripcoins, hundredthsToNumber } from '../../../contract/money';
import type { PurchaseHost } from '../../../contract/purchases';
import type { Executor, Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { conflict, notFound } from '../errors';
import { COINS, MINT, playerAccount, post } from '../economy/ledger';
import { debtOfPlayer, reversePurchase } from './ledger';
import { stuckPurchases } from './sightings';
import { record } from '../admin/adminAudit';
import { publishAdminNotices } from '../admin/adminNotices';
import { mustFindPlayer } from '../admin/adminPlayers';

/** Who writes, and the request it came in (kept in the audit row). */
export interface PurchaseActor { id: string; requestId: string }

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const tc = (v: string | number | bigint | null | undefined) => hundredthsToNumber(toBigInt(v ?? 0));

function purchasesQuery(db: Executor) {
  return db.selectFrom('purchases as p').innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.host', 'p.provider_purchase_id', 'p.provider_ref', 'p.user_id', 'u.username', 'p.product_id', 'p.tripcoins', 'p.status',
      'p.needs_consume', 'p.consumed_at', 'p.consume_attempts', 'p.consume_error', 'p.test_mode', 'p.tx_id', 'p.created_at', 'p.reversed_at',
      'p.reversal_reason', 'p.reversal_debt']);
}
type PurchaseRow = Awaited<ReturnType<ReturnType<typeof purchasesQuery>['execute']>>[number];

const view = (r: PurchaseRow): AdminPurchase => ({
  id: r.id, host: r.host, providerPurchaseId: r.provider_purchase_id, providerRef: r.provider_ref, userUuid: r.user_id, username: r.username,
  productId: r.product_id, tripcoins: tc(r.tripcoins), status: r.status, needsConsume: r.needs_consume, consumedAt: iso(r.consumed_at),
  consumeAttempts: r.consume_attempts, consumeError: r.consume_error, testMode: r.test_mode, txId: r.tx_id, createdAt: iso(r.created_at) ?? '',
  reversedAt: iso(r.reversed_at), reversalReason: r.reversal_reason, reversalDebt: tc(r.reversal_debt),
});

export async function listPurchases(db: Executor, wanted: { page: number; limit: number; host?: PurchaseHost | undefined; player?: string | undefined; status?: 'granted' | 'reversed' | undefined }) {
  let query = purchasesQuery(db);
  if (wanted.host) query = query.where('p.host', '=', wanted.host);
  if (wanted.player) query = query.where('p.user_id', '=', wanted.player.toLowerCase());
  if (wanted.status) query = query.where('p.status', '=', wanted.status);
  const rows = await query.orderBy('p.created_at', 'desc').orderBy('p.id').limit(wanted.limit).offset((wanted.page - 1) * wanted.limit).execute();
  const count = await query.clearSelect().select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  return { purchases: rows.map(view), total: Number(toBigInt(count?.n ?? 0)) };
}

export async function playerPurchases(db: Executor, uuid: string) {
  const player = await mustFindPlayer(db, uuid);
  const rows = await purchasesQuery(db).where('p.user_id', '=', player.id).orderBy('p.created_at', 'desc').limit(200).execute();
  return { purchases: rows.map(view), debt: hundredthsToNumber(await debtOfPlayer(db, player.id)) };
}

export async function purchasesOverview(db: Executor, days: number) {
  const hosts = await sql<{ host: PurchaseHost; granted: string | number; reversed: string | number; net: string | number; awaiting: string | number }>`
    SELECT host, count(*) AS granted, count(*) FILTER (WHERE status = 'reversed') AS reversed,
           coalesce(sum(tripcoins) FILTER (WHERE status = 'granted'), 0) AS net,
           count(*) FILTER (WHERE status = 'granted' AND needs_consume AND consumed_at IS NULL) AS awaiting
    FROM purchases GROUP BY host ORDER BY host`.execute(db);
  const early = await sql<{ host: PurchaseHost; n: string | number }>`SELECT host, count(*) AS n FROM purchase_refunds_before_grant GROUP BY host`.execute(db);
  const earlyOf = new Map(early.rows.map((r) => [r.host, Number(r.n)]));
  const perDay = await sql<{ day: string; host: PurchaseHost; purchases: string | number; tripcoins: string | number; reversals: string | number; reversed: string | number }>`
    WITH bought AS (
      SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, host, count(*) AS purchases, sum(tripcoins) AS tripcoins
      FROM purchases WHERE created_at >= now() - make_interval(days => ${days}) GROUP BY 1, 2
    ), undone AS (
      SELECT to_char((reversed_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, host, count(*) AS reversals, sum(tripcoins) AS reversed
      FROM purchases WHERE reversed_at >= now() - make_interval(days => ${days}) GROUP BY 1, 2
    )
    SELECT coalesce(b.day, u.day) AS day, coalesce(b.host, u.host) AS host, coalesce(b.purchases, 0) AS purchases, coalesce(b.tripcoins, 0) AS tripcoins,
           coalesce(u.reversals, 0) AS reversals, coalesce(u.reversed, 0) AS reversed
    FROM bought b FULL OUTER JOIN undone u ON u.day = b.day AND u.host = b.host
    ORDER BY 1 DESC, 2`.execute(db);
  const debts = await sql<{ uuid: string; username: string; balance: string | number }>`
    SELECT u.id AS uuid, u.username, b.balance FROM coin_balances b
    JOIN value_accounts a ON a.id = b.account_id AND a.kind = 'player' JOIN users u ON u.id = a.user_id
    WHERE b.balance < 0 ORDER BY b.balance, u.username LIMIT 100`.execute(db);
  return {
    stuck: await stuckPurchases(db, STUCK_PURCHASE_MINUTES),
    hosts: hosts.rows.map((h) => ({
      host: h.host, granted: Number(h.granted), reversed: Number(h.reversed), netTripcoins: tc(h.net), awaitingConsume: Number(h.awaiting), refundsBeforeGrant: earlyOf.get(h.host) ?? 0,
    })),
    days: perDay.rows.map((d) => ({ day: d.day, host: d.host, purchases: Number(d.purchases), tripcoins: tc(d.tripcoins), reversals: Number(d.reversals), reversedTripcoins: tc(d.reversed) })),
    debts: debts.rows.map((d) => ({ uuid: d.uuid, username: d.username, debt: -tc(d.balance) })),
  };
}

/** A purchase reversed by hand (a refund the provider never reported), as the provider's refund would. */
export async function reverseByHand(trx: Trx, actor: PurchaseActor, id: string, reason: string) {
  const row = await trx.selectFrom('purchases').select(['host', 'provider_purchase_id', 'user_id', 'status', 'product_id']).where('id', '=', id.toLowerCase()).executeTakeFirst();
  if (!row) throw notFound(ADMIN_PURCHASE_TEXT.noPurchase);
  const done = await reversePurchase(trx, row.host, row.provider_purchase_id, 'manual');
  if (!done.reversed) throw conflict(ADMIN_PURCHASE_TEXT.alreadyReversed, 'ALREADY_REVERSED');
  const auditId = await record(trx, {
    actorId: actor.id, requestId: actor.requestId, action: 'purchase.reverse', reason, targetUserId: row.user_id, target: id.toLowerCase(),
    details: { host: row.host, providerPurchaseId: row.provider_purchase_id, productId: row.product_id, debt: done.debt },
  });
  return { ok: true as const, auditId, debt: done.debt, message: `Reversed ${row.product_id} (${row.host})${done.debt > 0 ? `; the player owes ${formatTripcoins(BigInt(Math.round(done.debt * 100)))} TC` : ''}` };
}

/** The mint brings a player in debt back to zero (what they owed is written off, in the ledger). */
export async function forgiveDebt(trx: Trx, actor: PurchaseActor, uuid: string, reason: string) {
  const player = await mustFindPlayer(trx, uuid);
  // Serialized with every posting to the player: their coin row, first in the ledger's order for this posting.
  const locked = await trx.selectFrom('coin_balances').select('balance').where('account_id', '=', playerAccount(player.id)).forUpdate().executeTakeFirst();
  const owed = -toBigInt(locked?.balance ?? 0);
  if (owed <= 0n) throw conflict(ADMIN_PURCHASE_TEXT.noDebt, 'NO_DEBT');
  const txId = randomUUID();
  await post(trx, { reason: 'debt forgiven', ref: player.id, txId, legs: [{ asset: COINS, from: MINT, to: playerAccount(player.id), amount: owed }] });
  const amount = formatTripcoins(owed);
  const auditId = await record(trx, { actorId: actor.id, requestId: actor.requestId, action: 'debt.forgive', reason, targetUserId: player.id, target: txId, details: { amount } });
  await publishAdminNotices(trx, [{ userUuid: player.id, notice: { kind: 'grant', direction: 'grant', asset: COINS, assetName: 'TC', amount, message: '' } }]);
  return { ok: true as const, auditId, txId, forgiven: hundredthsToNumber(owed), message: `Forgave ${amount} TC owed by ${player.username}` };
}
