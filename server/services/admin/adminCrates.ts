// Crate drop tables as the console sets them: a row in drop_table_overrides replaces the file's
// table for that crate version. Every open and the published odds read the table in force
// through tableInForce() (one primary-key read), so a change is what the next request of every
// process uses: the odds follow at once.
import { z } from 'zod';
import { percentToBasis } from '../../../contract/admin';
import type { Executor, Trx } from '../../db/tx';
import { invalid } from '../errors';
import { catalogueItem } from '../economy/catalogue';
import { oddsOf, type DropTable } from '../economy/dropTables';

const StoredDrops = z.array(z.object({ itemUuid: z.string(), weight: z.number().int().positive() })).min(1);

export async function tableInForce(db: Executor, fromFile: DropTable): Promise<DropTable & { from: 'file' | 'console' }> {
  const row = await db.selectFrom('drop_table_overrides').select('drops').where('crate_version_id', '=', fromFile.crateVersionId).executeTakeFirst();
  const parsed = row ? StoredDrops.safeParse(row.drops) : null;
  if (!parsed?.success) return { ...fromFile, from: 'file' };
  const entries = parsed.data.flatMap((d) => {
    const item = catalogueItem(d.itemUuid);
    return item ? [{ itemUuid: item.uuid, name: item.name, weight: d.weight }] : [];
  });
  if (!entries.length) return { ...fromFile, from: 'file' };
  return { crateVersionId: fromFile.crateVersionId, entries, total: entries.reduce((s, e) => s + e.weight, 0), from: 'console' };
}

/** The console's table: percentages with two decimals adding to 100 (the contract checked it). */
export async function setDropTable(trx: Trx, versionId: number, drops: Array<{ itemUuid: string; percent: number }>, by: string) {
  const stored = drops.map((d) => {
    const item = catalogueItem(d.itemUuid);
    if (!item) throw invalid(`${d.itemUuid} is not in the item catalogue`, 'UNKNOWN_ITEM');
    return { itemUuid: item.uuid, weight: percentToBasis(d.percent) };
  });
  if (stored.reduce((s, d) => s + d.weight, 0) !== 10_000) throw invalid('The odds must add up to exactly 100%', 'ODDS_NOT_100');
  await trx.insertInto('drop_table_overrides').values({ crate_version_id: versionId, drops: JSON.stringify(stored), updated_by: by })
    .onConflict((oc) => oc.column('crate_version_id').doUpdateSet((eb) => ({ drops: eb.ref('excluded.drops'), updated_by: eb.ref('excluded.updated_by'), updated_at: new Date() })))
    .execute();
  return stored;
}

export const percentsOf = (table: DropTable) => oddsOf(table).map((e) => ({ itemUuid: e.itemUuid, name: e.name, percent: e.percent }));
