// Data every install needs, applied at every start (idempotent upserts): the item catalogue,
// level requirements and release logs. Sources: contract/items.ts, contract/levels.ts and
// server/db/data/release-logs.json.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATALOGUE } from '../../contract/items';
import { LEVEL_REQUIREMENTS } from '../../contract/levels';
import { ReleaseLog } from '../../contract/releases';
import { fillNameSkeletons } from '../services/accounts/names';
import type { Db } from './createDb';

export const ReleaseLogFile = ReleaseLog.strict().array();

const RELEASES_FILE = fileURLToPath(new URL('./data/release-logs.json', import.meta.url));

export async function seed(db: Db): Promise<void> {
  await seedCatalogue(db);
  await seedReleases(db);
  // Names made before migration 011 get their confusable skeletons (a no-op once done).
  await fillNameSkeletons(db);
}

/** The item catalogue and the level requirements: what the economy's first migrations already
 * had, so a test can seed a database kept at an old migration with them. */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const item of CATALOGUE) {
      await trx.insertInto('items').values(item)
        .onConflict((oc) => oc.column('uuid').doUpdateSet({ name: item.name, description: item.description, dex_id: item.dex_id, kind: item.kind, collection: item.collection }))
        .execute();
    }
    for (const { level, xpRequired } of LEVEL_REQUIREMENTS) {
      await trx.insertInto('level_requirements').values({ level, xp_required: xpRequired })
        .onConflict((oc) => oc.column('level').doUpdateSet({ xp_required: xpRequired }))
        .execute();
    }
  });
}

/** The release logs, with each release's notes in the languages the studio wrote them in. */
async function seedReleases(db: Db): Promise<void> {
  const releases = ReleaseLogFile.parse(JSON.parse(readFileSync(RELEASES_FILE, 'utf8')));
  await db.transaction().execute(async (trx) => {
    for (const r of releases) {
      const row = { version: r.version, name: r.name, release_date: r.release_date, added: JSON.stringify(r.added), fixed: JSON.stringify(r.fixed), removed: JSON.stringify(r.removed), translations: JSON.stringify(r.translations ?? {}) };
      await trx.insertInto('release_logs').values(row)
        .onConflict((oc) => oc.column('version').doUpdateSet({ name: row.name, release_date: row.release_date, added: row.added, fixed: row.fixed, removed: row.removed, translations: row.translations }))
        .execute();
    }
  });
}
