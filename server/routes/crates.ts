// Crate shops (v1 Base Set, v2 Base Set II), crate opening and the published odds.
// The shops and drop tables are app.crates (plugins/crates.ts, which checks the tables when the
// app is built). The console's table, when set, replaces the file's
// (services/admin/adminCrates.ts tableInForce). Each shop's supply is minted by the start-up step.
import type { FastifyInstance } from 'fastify';
import { buyCrates, buyCratesV2, CRATE_VERSIONS, crateOdds, crateStatus, crateStatusV2, openCrate, type CrateVersion } from '../../contract/crates';
import { route } from '../route';
import { tableInForce } from '../services/admin/adminCrates';
import * as crates from '../services/economy/crates';
import { oddsOf } from '../services/economy/dropTables';

export async function crateRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const shopOf = (id: number) => {
    const found = app.crates.find(id);
    if (!found) throw new Error(`crate version ${id} is not configured`);
    return found;
  };
  const [v1, v2] = CRATE_VERSIONS as [CrateVersion, CrateVersion];

  for (const [endpoint, version] of [[crateStatus, v1], [crateStatusV2, v2]] as const) {
    const { shop } = shopOf(version.id);
    route(app, endpoint, async ({ request, reply }) => {
      reply.header('cache-control', 'no-store');
      return crates.crateStatus(db, shop, request.user?.id ?? null);
    });
  }

  for (const [endpoint, version] of [[buyCrates, v1], [buyCratesV2, v2]] as const) {
    const { shop } = shopOf(version.id);
    route(app, endpoint, async ({ body, user, trx }) => crates.buyCrates(trx, shop, user.id, body.quantity), { trustedAnswer: true });
  }

  route(app, openCrate, async ({ body, user, trx }) => {
    const { shop, table } = shopOf(body?.crateVersionId ?? 0);
    return crates.openCrate(trx, shop, await tableInForce(trx, table), user.id);
  }, { trustedAnswer: true });

  route(app, crateOdds, async ({ query, reply }) => {
    const { shop, table: fromFile } = shopOf(Number(query.crateVersionId));
    // The console may change the table (services/admin/adminCrates.ts): never served from a cache.
    reply.header('cache-control', 'no-cache');
    const table = await tableInForce(db, fromFile);
    return {
      crateVersionId: shop.version.id,
      crateItemUuid: shop.version.crateItemUuid,
      odds: oddsOf(table).map((e) => ({ itemUuid: e.itemUuid, name: e.name, weight: e.weight, percent: e.percent })),
    };
  });
}
