// Crate drop tables: data (server/data/drop-tables.json, or CRATE_DROP_TABLES), validated when
// the server starts so a typo can never reach a player, published as odds, and drawn from with
// crypto.randomInt (uniform, unpredictable).
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CRATE_VERSIONS } from '../../../contract/crates';
import { catalogueItem } from './catalogue';

export const DEFAULT_DROP_TABLES = fileURLToPath(new URL('../../data/drop-tables.json', import.meta.url));

const DropTableFile = z.object({
  $comment: z.string().optional(),
  versions: z.array(z.object({
    crateVersionId: z.number().int(),
    drops: z.array(z.object({
      itemUuid: z.string(),
      /** For people reading the file; the catalogue's name is what players see. */
      name: z.string().optional(),
      weight: z.number().int().positive().max(1_000_000_000),
    })).min(1),
  })),
});

export interface DropEntry { itemUuid: string; name: string; weight: number }
export interface DropTable { crateVersionId: number; entries: DropEntry[]; total: number }

export class DropTableError extends Error {}

/** Reads and checks the file: one table per crate version, catalogue items only, no repeats. */
export function loadDropTables(path = DEFAULT_DROP_TABLES): Map<number, DropTable> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new DropTableError(`Cannot read the crate drop tables at ${path}: ${(error as Error).message}`);
  }
  const parsed = DropTableFile.safeParse(raw);
  if (!parsed.success) throw new DropTableError(`Invalid crate drop tables in ${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const tables = new Map<number, DropTable>();
  for (const version of parsed.data.versions) {
    if (tables.has(version.crateVersionId)) throw new DropTableError(`Crate version ${version.crateVersionId} has two drop tables`);
    const seen = new Set<string>();
    const entries = version.drops.map((d) => {
      const item = catalogueItem(d.itemUuid);
      if (!item) throw new DropTableError(`Drop table ${version.crateVersionId}: ${d.itemUuid} is not in the item catalogue`);
      if (seen.has(item.uuid)) throw new DropTableError(`Drop table ${version.crateVersionId}: ${item.name} is listed twice`);
      seen.add(item.uuid);
      return { itemUuid: item.uuid, name: item.name, weight: d.weight };
    });
    tables.set(version.crateVersionId, { crateVersionId: version.crateVersionId, entries, total: entries.reduce((s, e) => s + e.weight, 0) });
  }
  for (const v of CRATE_VERSIONS) {
    if (!tables.has(v.id)) throw new DropTableError(`No drop table for crate version ${v.id} (${v.name})`);
  }
  return tables;
}

/** One draw: every unit of weight is equally likely. */
export function draw(table: DropTable, random: (max: number) => number = randomInt): DropEntry {
  let ticket = random(table.total);
  for (const entry of table.entries) {
    if (ticket < entry.weight) return entry;
    ticket -= entry.weight;
  }
  throw new Error('draw: ticket beyond the table total');
}

/**
 * Odds as percentages with two decimals that sum to exactly 100 (largest remainder: each entry
 * gets its share rounded down, and the hundredths left over go to the largest remainders).
 */
export function oddsOf(table: DropTable): Array<DropEntry & { percent: number }> {
  const UNITS = 10_000n;
  const total = BigInt(table.total);
  const shares = table.entries.map((e, index) => {
    const exact = BigInt(e.weight) * UNITS;
    return { index, units: exact / total, remainder: exact % total };
  });
  let left = UNITS - shares.reduce((s, x) => s + x.units, 0n);
  for (const s of [...shares].sort((a, b) => (b.remainder === a.remainder ? a.index - b.index : b.remainder > a.remainder ? 1 : -1))) {
    if (left === 0n) break;
    s.units += 1n;
    left -= 1n;
  }
  return table.entries.map((e, i) => ({ ...e, percent: Number(shares[i]!.units) / 100 }));
}
