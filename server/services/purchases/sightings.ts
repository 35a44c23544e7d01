// A provider's word that a purchase was paid, kept before it is answered (024_purchase_sightings):
// the Discord webhook records the entitlement, answers 204 at once, and settles it after the
// answer; the reconcile job settles what is still open (the process died, the grant failed), and
// the console lists what stayed open for minutes (stuck between paid and granted).
import { sql } from 'kysely';
import type { PurchaseHost } from '../../../contract/purchases';
import type { Executor } from '../../db/tx';

/** Kept once per purchase: a second sighting keeps the first's time and leaves a settled row settled. */
export async function recordSighting(db: Executor, host: PurchaseHost, providerPurchaseId: string, payload: unknown): Promise<void> {
  await db.insertInto('purchase_sightings').values({ host, provider_purchase_id: providerPurchaseId, payload: JSON.stringify(payload) })
    .onConflict((oc) => oc.columns(['host', 'provider_purchase_id']).doUpdateSet({ payload: JSON.stringify(payload) })).execute();
}

export async function settleSighting(db: Executor, host: PurchaseHost, providerPurchaseId: string): Promise<void> {
  await db.updateTable('purchase_sightings').set({ settled_at: sql`now()`, attempts: sql`attempts + 1`, last_error: null })
    .where('host', '=', host).where('provider_purchase_id', '=', providerPurchaseId).where('settled_at', 'is', null).execute();
}

export async function sightingFailed(db: Executor, host: PurchaseHost, providerPurchaseId: string, why: string): Promise<void> {
  await db.updateTable('purchase_sightings').set({ attempts: sql`attempts + 1`, last_error: why.slice(0, 500) })
    .where('host', '=', host).where('provider_purchase_id', '=', providerPurchaseId).where('settled_at', 'is', null).execute();
}

/** Open sightings of a host seen at least `olderThanS` seconds ago, oldest first, with what was sent. */
export async function openSightings(db: Executor, host: PurchaseHost, olderThanS: number, limit: number): Promise<Array<{ providerPurchaseId: string; payload: unknown }>> {
  const rows = await db.selectFrom('purchase_sightings').select(['provider_purchase_id', 'payload'])
    .where('host', '=', host).where('settled_at', 'is', null).where('seen_at', '<=', sql<Date>`now() - make_interval(secs => ${olderThanS})`)
    .orderBy('seen_at').limit(limit).execute();
  return rows.map((r) => ({ providerPurchaseId: r.provider_purchase_id, payload: typeof r.payload === 'string' ? JSON.parse(r.payload) as unknown : r.payload }));
}

export interface StuckPurchase { host: PurchaseHost; providerPurchaseId: string; seenAt: string; attempts: number; lastError: string | null }

/** Paid (a provider said so) and still not granted after `minutes`: what the console shows. */
export async function stuckPurchases(db: Executor, minutes: number, limit = 100): Promise<StuckPurchase[]> {
  const rows = await db.selectFrom('purchase_sightings').select(['host', 'provider_purchase_id', 'seen_at', 'attempts', 'last_error'])
    .where('settled_at', 'is', null).where('seen_at', '<=', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .orderBy('seen_at').limit(limit).execute();
  return rows.map((r) => ({ host: r.host, providerPurchaseId: r.provider_purchase_id, seenAt: new Date(r.seen_at).toISOString(), attempts: r.attempts, lastError: r.last_error }));
}

/** Players with Discord grants not yet reversed from the last `days`, by their Discord id, with
 * the entitlement ids granted to them: whose entitlements the reconcile lists again for deletions. */
export async function discordUsersWithRecentGrants(db: Executor, days: number, limit: number, offset: number): Promise<Array<{ discordId: string; granted: Set<string> }>> {
  const rows = await db.selectFrom('purchases as p').innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.discord_id', 'p.provider_purchase_id'])
    .where('p.host', '=', 'discord').where('p.status', '=', 'granted').where('u.discord_id', 'is not', null)
    .where('p.created_at', '>=', sql<Date>`now() - make_interval(days => ${days})`)
    .orderBy('u.discord_id').execute();
  const byUser = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!r.discord_id) continue;
    let set = byUser.get(r.discord_id);
    if (!set) byUser.set(r.discord_id, set = new Set());
    set.add(r.provider_purchase_id);
  }
  return [...byUser].slice(offset, offset + limit).map(([discordId, granted]) => ({ discordId, granted }));
}

/** Whether a web purchase was refunded: reversed, or its refund recorded before any grant. */
export async function webPurchaseRefunded(db: Executor, sessionId: string): Promise<boolean> {
  const row = await db.selectFrom('purchases').select('status').where('host', '=', 'web').where('provider_purchase_id', '=', sessionId).executeTakeFirst();
  if (row) return row.status === 'reversed';
  const early = await db.selectFrom('purchase_refunds_before_grant').select('reason').where('host', '=', 'web').where('provider_purchase_id', '=', sessionId).executeTakeFirst();
  return early !== undefined;
}
