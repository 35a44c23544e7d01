// Per-item price statistics for the marketplace's chart: the cheapest active listing, how many
// are listed, and the recent sales.
import { sql } from 'kysely';
import { SALES_HISTORY_LENGTH } from '../../../contract/marketplace';
import { hundredthsToNumber } from '../../../contract/money';
import type { Executor } from '../../db/tx';
import { toBigInt, toDate } from '../../db/values';
import { catalogueItem } from './catalogue';

interface StatsRow { item_uuid: string; lowest: string | number | null; lowest_unit: string | number | null; n: string | number; units: string | number }
interface SaleRow { item_uuid: string; price: string | number; quantity: string | number; closed_at: Date | string }

/** Per item: cheapest active listing, how many are listed, and the last 30 sales (oldest first). */
export async function marketStats(db: Executor, itemUuid?: string) {
  const only = itemUuid ? sql`AND item_uuid = ${itemUuid.toLowerCase()}::uuid` : sql``;
  const [active, sales] = await Promise.all([
    sql<StatsRow>`
      SELECT item_uuid, min(price) AS lowest, min(round(price::numeric / quantity))::bigint AS lowest_unit,
             count(*) AS n, sum(quantity) AS units
      FROM market_listings WHERE status = 'active' AND end_time > now() ${only}
      GROUP BY item_uuid`.execute(db),
    sql<SaleRow>`
      SELECT item_uuid, price, quantity, closed_at FROM (
        SELECT item_uuid, price, quantity, closed_at,
               row_number() OVER (PARTITION BY item_uuid ORDER BY closed_at DESC, id) AS rn
        FROM market_listings WHERE status = 'sold' ${only}) s
      WHERE rn <= ${SALES_HISTORY_LENGTH}
      ORDER BY item_uuid, closed_at`.execute(db),
  ]);
  const uuids = new Set([...active.rows.map((r) => r.item_uuid), ...sales.rows.map((r) => r.item_uuid)]);
  if (itemUuid && catalogueItem(itemUuid)) uuids.add(itemUuid.toLowerCase());
  return {
    items: [...uuids].sort().map((uuid) => {
      const a = active.rows.find((r) => r.item_uuid === uuid);
      return {
        item_uuid: uuid,
        item_name: catalogueItem(uuid)?.name ?? 'Unknown item',
        lowest_price: a?.lowest == null ? null : hundredthsToNumber(toBigInt(a.lowest)),
        lowest_unit_price: a?.lowest_unit == null ? null : hundredthsToNumber(toBigInt(a.lowest_unit)),
        listed_count: Number(toBigInt(a?.n ?? 0)),
        listed_quantity: Number(toBigInt(a?.units ?? 0)),
        recent_sales: sales.rows.filter((s) => s.item_uuid === uuid).map((s) => {
          const price = toBigInt(s.price);
          const quantity = toBigInt(s.quantity);
          return {
            price: hundredthsToNumber(price), quantity: Number(quantity),
            unit_price: Math.round(Number(price) / Number(quantity)) / 100,
            sold_at: (toDate(s.closed_at) ?? new Date(0)).toISOString(),
          };
        }),
      };
    }),
  };
}
