// The player's own view: GET /api/me/inventory and GET /api/me/history (contract/myEconomy.ts).
import type { FastifyInstance } from 'fastify';
import { HISTORY_PAGE_DEFAULT, myHistory, myInventory } from '../../contract/myEconomy';
import { route } from '../route';
import * as mine from '../services/economy/myEconomy';

export async function myEconomyRoutes(app: FastifyInstance): Promise<void> {
  route(app, myInventory, async ({ user, db }) => mine.myInventory(db, user.id));
  route(app, myHistory, async ({ user, db, query }) => mine.myHistory(db, user.id, { before: query.before, limit: query.limit ?? HISTORY_PAGE_DEFAULT }));
}
