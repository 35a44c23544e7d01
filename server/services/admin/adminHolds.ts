// The console's holds and limits (contract/adminHolds.ts): a player's holds in force with their
// reason and end, their recent refusals and today's pairs; a credential hold released early (the
// change and its audit row in the route's transaction); and who hit the limits lately.
import { sql } from 'kysely';
import { ADMIN_HOLD_TEXT } from '../../../contract/adminHolds';
import { hundredthsToNumber } from '../../../contract/money';
import type { Executor, Trx } from '../../db/tx';
import { toBigInt, toDate } from '../../db/values';
import { notFound } from '../errors';
import { holdsOf, type TradeRules } from '../economy/tradeHolds';
import { record } from './adminAudit';

const iso = (d: Date | string | null) => (d === null ? null : (toDate(d) ?? new Date(0)).toISOString());

export async function playerHolds(db: Executor, uuid: string, rules: TradeRules) {
  const user = await db.selectFrom('users').select('id').where('id', '=', uuid).executeTakeFirst();
  if (!user) throw notFound('No such player');
  const [{ holds }, past, hits, pairs] = await Promise.all([
    holdsOf(db, uuid, rules),
    db.selectFrom('trade_holds as h').leftJoin('users as admin', 'admin.id', 'h.released_by')
      .select(['h.id', 'h.reason', 'h.created_at', 'h.ends_at', 'h.released_at', 'admin.username as released_by', 'h.release_reason'])
      .where('h.user_id', '=', uuid).where('h.created_at', '>', sql<Date>`now() - interval '90 days'`).orderBy('h.created_at', 'desc').limit(50).execute(),
    db.selectFrom('trade_limit_hits').select(['rule', 'action', 'created_at']).where('user_id', '=', uuid)
      .where('created_at', '>', sql<Date>`now() - interval '30 days'`).orderBy('created_at', 'desc').limit(50).execute(),
    sql<{ username: string; coins: string | number; items: string | number }>`
      SELECT u.username, p.coins, p.items FROM trade_pair_days p
      JOIN users u ON u.id = CASE WHEN p.player_a = ${uuid}::uuid THEN p.player_b ELSE p.player_a END
      WHERE (p.player_a = ${uuid}::uuid OR p.player_b = ${uuid}::uuid) AND p.day = (now() AT TIME ZONE 'UTC')::date
      ORDER BY p.coins DESC, p.items DESC LIMIT 50`.execute(db),
  ]);
  return {
    holds,
    past: past.map((h) => ({
      id: h.id, reason: h.reason, createdAt: iso(h.created_at) ?? '', endsAt: iso(h.ends_at) ?? '',
      releasedAt: iso(h.released_at), releasedBy: h.released_by ?? null, releaseReason: h.release_reason,
    })),
    hits: hits.map((h) => ({ rule: h.rule, action: h.action, at: iso(h.created_at) ?? '' })),
    pairsToday: pairs.rows.map((p) => ({ username: p.username, coins: hundredthsToNumber(toBigInt(p.coins)), items: Number(toBigInt(p.items)) })),
    limits: {
      tradeHoldHours: rules.tradeHoldHours, newAccountHoldHours: rules.newAccountHoldHours,
      pairCapTc: hundredthsToNumber(rules.pairCapCoins), pairCapItems: rules.pairCapItems,
      outsideBandPerDay: rules.outsideBandPerDay, bandPercent: rules.bandPercent, saleFeePercent: rules.saleFeeBps / 100,
      purchaseHoldHours: { ...rules.purchaseHoldHours },
    },
  };
}

/** Ends a credential hold in force now, recording who, why and what it was in the audit log. */
export async function releaseHold(trx: Trx, actor: { id: string; requestId: string }, uuid: string, holdId: string, reason: string) {
  const released = await trx.updateTable('trade_holds')
    .set({ released_at: sql<Date>`now()`, released_by: actor.id, release_reason: reason.trim() })
    .where('id', '=', holdId).where('user_id', '=', uuid).where('released_at', 'is', null).where('ends_at', '>', sql<Date>`now()`)
    .returning(['reason', 'ends_at', 'created_at']).executeTakeFirst();
  if (!released) throw notFound(ADMIN_HOLD_TEXT.noSuchHold);
  const auditId = await record(trx, {
    actorId: actor.id, action: 'hold.release', reason, targetUserId: uuid, target: holdId, requestId: actor.requestId,
    details: { holdReason: released.reason, startedAt: iso(released.created_at), wouldHaveEnded: iso(released.ends_at) },
  });
  return { message: ADMIN_HOLD_TEXT.released, auditId };
}

/** Players refused by a hold or limit in the last `days`, most refusals first (at most 100). */
export async function limitHitsReport(db: Executor, days: number) {
  const rows = await sql<{ user_id: string; username: string; rule: string; n: string | number; last_at: Date | string }>`
    SELECT h.user_id, u.username, h.rule, count(*) AS n, max(h.created_at) AS last_at
    FROM trade_limit_hits h JOIN users u ON u.id = h.user_id
    WHERE h.created_at > now() - make_interval(days => ${days})
    GROUP BY h.user_id, u.username, h.rule`.execute(db);
  const players = new Map<string, { uuid: string; username: string; hits: number; lastAt: string; rules: Record<string, number> }>();
  for (const r of rows.rows) {
    const p = players.get(r.user_id) ?? { uuid: r.user_id, username: r.username, hits: 0, lastAt: '', rules: {} };
    const n = Number(toBigInt(r.n));
    const at = iso(r.last_at) ?? '';
    p.hits += n;
    p.rules[r.rule] = n;
    if (at > p.lastAt) p.lastAt = at;
    players.set(r.user_id, p);
  }
  return { days, players: [...players.values()].sort((a, b) => b.hits - a.hits || (a.lastAt < b.lastAt ? 1 : -1)).slice(0, 100) };
}
