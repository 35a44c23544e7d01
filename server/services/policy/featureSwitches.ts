// The console's live switches (feature_switches, 026_feature_switches.sql) and how every process
// follows them within seconds:
//  - a switch is written in the console's transaction with its audit row, and a NOTIFY on
//    FEATURE_CHANNEL goes out when it commits (PostgreSQL delivers it to every process; PGlite,
//    one process, to its own listener);
//  - this process takes the switches as its own transaction left them when it commits (afterCommit);
//  - every process also reads the switches again every FEATURE_SWITCH_REFRESH_MS, and at once
//    when its listener comes (back) up: a notification missed while the listener was down is
//    caught by the next read.
import { sql } from 'kysely';
import { FEATURES, type Feature, type SwitchScope } from '../../../contract/features';
import { HOST_NAMES } from '../../../contract/hostApi';
import type { Listen } from '../../db/notifications';
import { afterCommit, type Executor, type Trx } from '../../db/tx';
import { record } from '../admin/adminAudit';
import type { FeaturePolicyStore, OffSwitch } from './featurePolicy';

export const FEATURE_CHANNEL = 'tripshell_feature_switches';

const SCOPES: readonly string[] = ['all', ...HOST_NAMES];
const isFeature = (v: string): v is Feature => (FEATURES as readonly string[]).includes(v);
const isScope = (v: string): v is SwitchScope => SCOPES.includes(v);

export async function readSwitches(db: Executor): Promise<OffSwitch[]> {
  const rows = await db.selectFrom('feature_switches').select(['feature', 'host', 'message']).orderBy('feature').orderBy('host').execute();
  return rows.flatMap((r) => (isFeature(r.feature) && isScope(r.host) ? [{ feature: r.feature, host: r.host, message: r.message }] : []));
}

/** The switches with who set them and why (the console's list). */
export async function switchRows(db: Executor) {
  const rows = await db.selectFrom('feature_switches').innerJoin('users', 'users.id', 'feature_switches.set_by')
    .select(['feature_switches.feature', 'feature_switches.host', 'feature_switches.message', 'feature_switches.reason', 'feature_switches.set_at', 'users.username'])
    .orderBy('feature_switches.feature').orderBy('feature_switches.host').execute();
  return rows.flatMap((r) => (isFeature(r.feature) && isScope(r.host)
    ? [{ feature: r.feature, host: r.host, message: r.message, reason: r.reason, setBy: r.username, setAt: new Date(r.set_at).toISOString() }]
    : []));
}

export interface SwitchChange { feature: Feature; host: SwitchScope; on: boolean; reason: string; playerMessage: string }

/** Turns a feature off (or its message changes) or back on, audited in the same transaction;
 * every process hears it when the transaction commits. */
export async function setSwitch(trx: Trx, store: FeaturePolicyStore, actor: { id: string; requestId?: string | null }, change: SwitchChange) {
  const before = await trx.selectFrom('feature_switches').select(['message']).where('feature', '=', change.feature).where('host', '=', change.host).executeTakeFirst();
  if (change.on) {
    await trx.deleteFrom('feature_switches').where('feature', '=', change.feature).where('host', '=', change.host).execute();
  } else {
    await trx.insertInto('feature_switches').values({ feature: change.feature, host: change.host, message: change.playerMessage, reason: change.reason, set_by: actor.id })
      .onConflict((oc) => oc.columns(['feature', 'host']).doUpdateSet({ message: change.playerMessage, reason: change.reason, set_by: actor.id, set_at: sql`now()` }))
      .execute();
  }
  const auditId = await record(trx, {
    actorId: actor.id, action: change.on ? 'feature.on' : 'feature.off', reason: change.reason,
    target: `${change.feature}@${change.host}`, requestId: actor.requestId ?? null,
    details: { feature: change.feature, host: change.host, wasOff: Boolean(before), ...(change.on ? {} : { playerMessage: change.playerMessage }) },
  });
  await sql`select pg_notify(${FEATURE_CHANNEL}, ${change.feature})`.execute(trx);
  // This process follows at the commit itself, before the answer goes out: the admin's next look
  // and the next request here already see it (the notification, for every process, comes after).
  const now = await readSwitches(trx);
  afterCommit(trx, () => { store.replace(now); });
  const where = change.host === 'all' ? 'every host' : change.host;
  const message = change.on ? `${change.feature} is back on for ${where} (unless the host's rules leave it out)` : `${change.feature} is off for ${where}`;
  return { ok: true as const, auditId, message };
}

export interface SwitchFollower {
  /** The first read (and the listener) are in place. */
  started: Promise<void>;
  /** Reads the switches again now. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

/** Keeps `store` in step with the switches: a read now, at every notification, whenever the
 * listener comes (back) up, and every `periodMs` whatever happens. */
export function followSwitches(db: Executor, store: FeaturePolicyStore, listen: Listen, periodMs: number, log: { warn(o: object, m: string): void }): SwitchFollower {
  let closed = false;
  const refresh = async () => {
    if (closed) return;
    try { await store.reload(() => readSwitches(db)); } catch (error) {
      // The last switches read stay in force; the next notification or period reads again.
      log.warn({ err: error }, 'feature switches could not be read; the last ones read stay in force');
    }
  };
  const listening = listen(FEATURE_CHANNEL, {
    message: () => { void refresh(); },
    up: () => { void refresh(); },
    down: (error) => log.warn({ err: error }, 'feature switch listener down; switches read every period until it is back'),
  });
  const timer = setInterval(() => { void refresh(); }, periodMs);
  timer.unref();
  return {
    started: Promise.all([listening.started, refresh()]).then(() => undefined),
    refresh,
    close: async () => { closed = true; clearInterval(timer); await listening.close(); },
  };
}
