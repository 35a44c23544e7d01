// Release notes: published by the game servers, newest first for the shell.
import { type ReleaseLog } from '../../../contract/releases';
import type { Executor, Trx } from '../../db/tx';

function dateText(value: Date | string): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

export async function releaseLogs(db: Executor): Promise<ReleaseLog[]> {
  const rows = await db.selectFrom('release_logs').selectAll().orderBy('release_date', 'desc').orderBy('version', 'desc').execute();
  return rows.map((r): ReleaseLog => ({
    version: r.version, name: r.name, release_date: dateText(r.release_date),
    added: r.added, fixed: r.fixed, removed: r.removed,
    ...(Object.keys(r.translations ?? {}).length > 0 ? { translations: r.translations } : {}),
  }));
}

/** Publishes a release, or corrects the one with the same version. */
export async function publishRelease(trx: Trx, release: ReleaseLog): Promise<void> {
  const row = {
    version: release.version, name: release.name, release_date: release.release_date,
    added: JSON.stringify(release.added), fixed: JSON.stringify(release.fixed), removed: JSON.stringify(release.removed),
    translations: JSON.stringify(release.translations ?? {}),
  };
  await trx.insertInto('release_logs').values(row)
    .onConflict((oc) => oc.column('version').doUpdateSet({ name: row.name, release_date: row.release_date, added: row.added, fixed: row.fixed, removed: row.removed, translations: row.translations }))
    .execute();
}
