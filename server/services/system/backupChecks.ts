// What a restored (or freshly backed-up) database must satisfy before anyone serves it: the
// ledger balances (conservation, server/services/economy/balances.ts), every purchase has the
// posting that granted it (and a reversed one the posting that took it back), and no purchase
// posting exists without its purchase. `npm run admin -- backup|restore` and
// `npm run drill:restore` print this; any problem makes them fail.
import { sql } from 'kysely';
import type { Executor } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { conservationViolations } from '../economy/balances';
import { PURCHASE_REASON, PURCHASE_REVERSAL_REASON } from '../purchases/ledger';

export interface IntegrityReport {
  /** Every problem found, in words; empty when the database is whole. */
  problems: string[];
  players: number;
  ledgerRows: number;
  purchases: number;
  reversed: number;
  /** The newest migration applied (the schema the backup carries). */
  lastMigration: string | null;
  /** The newest ledger row's time: about the backup's moment for a busy database. */
  newestPosting: string | null;
}

const count = (v: unknown) => Number(toBigInt((v ?? 0) as string | number));

export async function integrityReport(db: Executor): Promise<IntegrityReport> {
  const problems = await conservationViolations(db);
  // Each grant: exactly its amount, from its host's revenue account to its player, in its tx.
  const badGrants = await sql<{ host: string; provider_purchase_id: string }>`
    SELECT p.host, p.provider_purchase_id FROM purchases p
    LEFT JOIN (SELECT tx_id, sum(amount) AS amount, min(from_account) AS from_account, max(from_account) AS from_max,
                      min(to_account) AS to_account, max(to_account) AS to_max
               FROM ledger WHERE reason = ${PURCHASE_REASON} AND asset = 'TC' GROUP BY tx_id) l ON l.tx_id = p.tx_id
    WHERE l.tx_id IS NULL OR l.amount <> p.tripcoins OR l.from_account <> l.from_max OR l.to_account <> l.to_max
       OR l.from_account <> 'revenue:' || p.host OR l.to_account <> 'player:' || p.user_id::text
    ORDER BY p.created_at LIMIT 20`.execute(db);
  for (const r of badGrants.rows) problems.push(`purchase ${r.host}:${r.provider_purchase_id} has no matching grant posting`);
  const badReversals = await sql<{ host: string; provider_purchase_id: string }>`
    SELECT p.host, p.provider_purchase_id FROM purchases p
    LEFT JOIN (SELECT tx_id, sum(amount) AS amount FROM ledger WHERE reason = ${PURCHASE_REVERSAL_REASON} AND asset = 'TC' GROUP BY tx_id) l
      ON l.tx_id = p.reversal_tx_id
    WHERE p.status = 'reversed' AND (l.tx_id IS NULL OR l.amount <> p.tripcoins)
    ORDER BY p.created_at LIMIT 20`.execute(db);
  for (const r of badReversals.rows) problems.push(`reversed purchase ${r.host}:${r.provider_purchase_id} has no matching reversal posting`);
  // A posting that says it granted or reversed a purchase whose row is not there.
  const orphans = await sql<{ tx_id: string; reason: string }>`
    SELECT DISTINCT l.tx_id, l.reason FROM ledger l
    WHERE (l.reason = ${PURCHASE_REASON} AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.tx_id = l.tx_id))
       OR (l.reason = ${PURCHASE_REVERSAL_REASON} AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.reversal_tx_id = l.tx_id))
    LIMIT 20`.execute(db);
  for (const r of orphans.rows) problems.push(`ledger posting ${r.tx_id} (${r.reason}) has no purchase`);

  const figures = await sql<{ players: string | number; ledger_rows: string | number; purchases: string | number; reversed: string | number; newest: Date | string | null }>`
    SELECT (SELECT count(*) FROM users) AS players, (SELECT count(*) FROM ledger) AS ledger_rows,
           (SELECT count(*) FROM purchases) AS purchases, (SELECT count(*) FROM purchases WHERE status = 'reversed') AS reversed,
           (SELECT max(created_at) FROM ledger) AS newest`.execute(db);
  const f = figures.rows[0];
  const migration = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1`.execute(db);
  const newest = f?.newest ?? null;
  return {
    problems,
    players: count(f?.players), ledgerRows: count(f?.ledger_rows), purchases: count(f?.purchases), reversed: count(f?.reversed),
    lastMigration: migration.rows[0]?.name ?? null,
    newestPosting: newest === null ? null : new Date(newest).toISOString(),
  };
}

/** The report in a few lines, for the admin command and the drill. */
export function describeIntegrity(r: IntegrityReport): string {
  const lines = [
    `  schema: ${r.lastMigration ?? 'none'}; players ${r.players}, ledger rows ${r.ledgerRows}, purchases ${r.purchases} (${r.reversed} reversed), newest posting ${r.newestPosting ?? 'none'}`,
    r.problems.length === 0
      ? '  checks: the ledger balances (every balance = its postings, every asset sums to 0); every purchase has its posting; no purchase posting without its purchase'
      : `  checks FAILED:\n${r.problems.map((p) => `    - ${p}`).join('\n')}`,
  ];
  return lines.join('\n');
}

/** Which of these purchases (host and the provider's id) the database holds: their provider ids. */
export async function purchasesPresent(db: Executor, wanted: Array<{ host: string; providerPurchaseId: string }>): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < wanted.length; i += 500) {
    const part = wanted.slice(i, i + 500);
    if (!part.length) break;
    const rows = await db.selectFrom('purchases').select('provider_purchase_id')
      .where((eb) => eb.or(part.map((w) => eb.and([eb('host', '=', w.host as 'web'), eb('provider_purchase_id', '=', w.providerPurchaseId)])))).execute();
    found.push(...rows.map((r) => r.provider_purchase_id));
  }
  return found;
}
