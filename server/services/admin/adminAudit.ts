// The admin audit log (012_admin.sql: append-only, a trigger refuses UPDATE and DELETE). Every
// console write records its row through settle() in services/admin/adminConsole.ts, in the route's
// transaction, so the change and its audit row commit together or not at all.
import type { Executor, Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';

export interface AuditEntry {
  actorId: string;
  action: string;
  reason: string;
  targetUserId?: string | null;
  /** What else it was about: a posting, a listing, a crate shop. */
  target?: string | null;
  details?: Record<string, unknown>;
  requestId?: string | null;
}

export async function record(trx: Trx, entry: AuditEntry): Promise<number> {
  const row = await trx.insertInto('admin_audit').values({
    actor_id: entry.actorId, action: entry.action, reason: entry.reason.trim(),
    target_user_id: entry.targetUserId ?? null, target: entry.target ?? null,
    details: JSON.stringify(entry.details ?? {}), request_id: entry.requestId ?? null,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(toBigInt(row.id));
}

export async function auditRows(db: Executor, wanted: { page: number; limit: number; target?: string | undefined }) {
  let query = db.selectFrom('admin_audit').innerJoin('users as actor', 'actor.id', 'admin_audit.actor_id')
    .leftJoin('users as t', 't.id', 'admin_audit.target_user_id');
  if (wanted.target) query = query.where('admin_audit.target_user_id', '=', wanted.target);
  const rows = await query
    .select(['admin_audit.id', 'admin_audit.created_at', 'actor.username as actor', 'admin_audit.action', 'admin_audit.target',
      'admin_audit.target_user_id', 't.username as target_name', 'admin_audit.reason', 'admin_audit.details', 'admin_audit.request_id'])
    .orderBy('admin_audit.id', 'desc').limit(wanted.limit).offset((wanted.page - 1) * wanted.limit).execute();
  const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  return {
    total: Number(toBigInt(count?.n ?? 0)),
    rows: rows.map((r) => ({
      id: Number(toBigInt(r.id)), createdAt: new Date(r.created_at).toISOString(), actor: r.actor, action: r.action,
      target: r.target_name ?? r.target, targetUuid: r.target_user_id, reason: r.reason, details: r.details, requestId: r.request_id,
    })),
  };
}
