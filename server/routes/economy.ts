// Catalogue and sprites, inventory, player search, item transfers and the game-server award API
// (awards are ours: the game awards what players earn).
import type { FastifyInstance } from 'fastify';
import { award, baseInventory, ECONOMY_TEXT, itemCatalogue, itemSprite, searchPlayers, transferItems } from '../../contract/economy';
import { notFound } from '../errors';
import { constantAnswer, route } from '../route';
import { awardOnce } from '../services/economy/awards';
import { catalogueItem, catalogueItems, etagMatches, sprite } from '../services/economy/catalogue';
import { inventoryOf, searchPlayers as findPlayers, transferItems as transfer } from '../services/economy/inventory';
import { tradeRulesOf } from '../services/economy/tradeHolds';
import { notingRefusals, recordRefusals } from '../http/tradeRefusals';

export async function economyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const rules = tradeRulesOf(app.config);
  recordRefusals(app, db);

  // The catalogue never changes while the process runs: both answers made and written once.
  const catalogueAnswer = (cleaned: boolean) => constantAnswer({
    items: catalogueItems().map((i) => ({
      uuid: i.uuid, name: i.name, description: i.description, dex_id: i.dex_id,
      ...(cleaned ? {} : { kind: i.kind, collection: i.collection }),
    })),
  });
  const catalogue = { cleaned: catalogueAnswer(true), full: catalogueAnswer(false) };
  route(app, itemCatalogue, async ({ query, reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return query.cleaned !== 'false' ? catalogue.cleaned : catalogue.full;
  }, { trustedAnswer: true });

  route(app, itemSprite, async ({ params, query, request, reply }) => {
    const item = catalogueItem(params.uuid);
    if (!item) throw notFound(ECONOMY_TEXT.itemNotFound);
    const { body, etag } = sprite(item, Number(query.size ?? '256'));
    // Sprites never change for an item: clients revalidate daily, and cheaply (304).
    reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    reply.type('image/svg+xml; charset=utf-8');
    return body;
  });

  route(app, baseInventory, async ({ user, reply }) => {
    reply.header('cache-control', 'no-store');
    return inventoryOf(db, user.id);
  });

  route(app, searchPlayers, async ({ params, query, user }) => findPlayers(db, user.id, params.query, query.limit));

  route(app, transferItems, async ({ body, user, trx, request }) => {
    await notingRefusals(request, () => transfer(trx, user, body, rules));
    return { message: ECONOMY_TEXT.transferSuccess };
  }, { trustedAnswer: true });

  // Idempotent by its awardId (awardOnce), and by an Idempotency-Key header too when one is sent:
  // both keys are claimed by the one mechanism in the route's transaction.
  route(app, award, async ({ body, trx }) => awardOnce(trx, body), { trustedAnswer: true });
}
