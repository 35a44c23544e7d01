// The studio's console API (contract/admin.ts, access 'admin'). Reads go to the services
// directly; every write runs in the route layer's one transaction (server/route.ts, with its
// Idempotency-Key) and is one call of services/admin/adminConsole.ts, which makes the change, records
// its audit row and tells the player, all in that transaction. Before any write, the admin must
// have typed their password in this session lately (services/admin/adminReauth.ts).
import type { FastifyInstance } from 'fastify';
import * as api from '../../contract/admin';
import * as purchaseApi from '../../contract/adminPurchases';
import { CRATE_VERSIONS } from '../../contract/crates';
import type { EndpointDef, ResponseOf } from '../../contract/http';
import { HttpError, notFound } from '../errors';
import { SupplyError } from '../jobs/crateSupply';
import { route, type UserHandlerContext } from '../route';
import { providerStatuses } from './purchases';
import { auditRows } from '../services/admin/adminAudit';
import * as write from '../services/admin/adminConsole';
import { percentsOf, tableInForce } from '../services/admin/adminCrates';
import { economyOverview, runConservationCheck, type GrantCaps } from '../services/admin/adminEconomy';
import * as players from '../services/admin/adminPlayers';
import * as purchases from '../services/purchases/adminPurchases';
import { markReauthenticated, requireFreshPassword } from '../services/admin/adminReauth';
import { crateStatus } from '../services/economy/crates';
import { passwordAttempts } from '../services/accounts/passwordAttempts';
import { passwordHashOf } from '../services/accounts/passwordAccounts';
import { reversalPlan } from '../services/economy/reversals';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const { shops, tables } = app.crates;
  const shopOf = (version: string) => {
    const id = Number(version);
    const shop = shops.get(id);
    const table = tables.get(id);
    if (!shop || !table) throw notFound('No such crate shop');
    return { shop, table };
  };
  const caps: GrantCaps = {
    perGrantTc: config.ADMIN_GRANT_MAX_TC, dailyTc: config.ADMIN_GRANT_DAILY_TC,
    perGrantItems: config.ADMIN_GRANT_MAX_ITEMS, dailyItems: config.ADMIN_GRANT_DAILY_ITEMS,
  };
  const minutes = config.ADMIN_REAUTH_MINUTES;
  // The password typed again is checked like any other: counted per address and per account.
  const passwords = passwordAttempts(db, config, { botCheck: () => app.botCheck, work: app.passwordWork });

  /** A console write: refused (403) unless the admin typed their password lately, then the
   * handler in the route's transaction with the actor it acts as. */
  const consoleWrite = <E extends EndpointDef & { access: 'admin' }>(endpoint: E, handler: (ctx: UserHandlerContext<E>, actor: write.Actor) => Promise<ResponseOf<E>>) =>
    route(app, endpoint, (async (ctx: UserHandlerContext<E>) => {
      await requireFreshPassword(ctx.trx, { sessionId: ctx.user.sessionId, hasPassword: ctx.user.hasPassword }, minutes);
      return handler(ctx, { id: ctx.user.id, requestId: ctx.request.id });
    }) as Parameters<typeof route<E>>[2]);

  route(app, api.reauthenticate, async ({ body, user, request, transaction }) => {
    await passwords.chargeAddress(request);
    await passwords.chargeKey(`admin-reauth:${user.id}`);
    const stored = await passwordHashOf(db, user.id);
    if (!stored) throw new HttpError(403, api.ADMIN_TEXT.reauthNoPassword, 'PASSWORD_REQUIRED');
    if (!(await passwords.verify(request, user.username, body.password, stored))) throw new HttpError(403, api.ADMIN_TEXT.reauthWrong, 'WRONG_PASSWORD');
    const until = await transaction((trx) => markReauthenticated(trx, user.sessionId, minutes));
    return { ok: true as const, until: until.toISOString() };
  }, { transaction: 'steps' });

  route(app, api.findPlayers, async ({ query }) => players.findPlayers(db, query.q));
  route(app, api.playerDetail, async ({ params }) => players.playerDetail(db, params.uuid));
  route(app, api.playerLedger, async ({ params, query }) => players.playerLedger(db, params.uuid, query.page, query.limit));
  route(app, api.auditLog, async ({ query }) => auditRows(db, query));
  route(app, api.listListings, async ({ query }) => players.activeListings(db, query));
  route(app, api.economyOverview, async ({ query }) => economyOverview(db, query.days));
  route(app, api.conservationCheck, async ({ reply }) => { reply.header('cache-control', 'no-store'); return runConservationCheck(db); });

  route(app, api.reversalPlan, async ({ params }) => {
    const { txId, reason, createdAt, legs, fullRefusal, partial, reversedBy } = await reversalPlan(db, params.txId);
    return { txId, reason, createdAt, legs, fullRefusal, partial, reversedBy };
  });

  consoleWrite(api.revokeSessions, ({ params, body, trx }, actor) => write.revokeSessions(trx, actor, params.uuid, body));
  consoleWrite(api.reversePosting, ({ params, body, trx }, actor) => write.reversePosting(trx, actor, params.txId, body));
  consoleWrite(api.grantOrRemove, ({ params, body, trx }, actor) => write.grant(trx, actor, params.uuid, body, caps));
  consoleWrite(api.banPlayer, ({ params, body, trx }, actor) => write.ban(trx, actor, params.uuid, body.reason, body.playerMessage));
  consoleWrite(api.unbanPlayer, ({ params, body, trx }, actor) => write.unban(trx, actor, params.uuid, body.reason));
  consoleWrite(api.setDrops, ({ params, body, trx }, actor) => write.setDrops(trx, actor, shopOf(params.version).shop, body.drops, body.reason));
  consoleWrite(api.cancelListing, ({ params, body, trx }, actor) => write.cancelListing(trx, actor, params.id, body.reason, body.playerMessage));
  consoleWrite(api.setSupply, async ({ params, body, trx }, actor) => {
    try {
      return await write.setSupply(trx, actor, shopOf(params.version).shop, body.supply, body.reason);
    } catch (error) {
      if (error instanceof SupplyError) throw new HttpError(409, error.message, 'SUPPLY_REFUSED');
      throw error;
    }
  });

  route(app, purchaseApi.listPurchases, async ({ query }) => purchases.listPurchases(db, query));
  route(app, purchaseApi.purchasesOverview, async ({ query }) => ({ ...await purchases.purchasesOverview(db, query.days), providers: providerStatuses(app) }));
  route(app, purchaseApi.playerPurchases, async ({ params }) => purchases.playerPurchases(db, params.uuid));
  consoleWrite(purchaseApi.reversePurchaseByHand, ({ params, body, trx }, actor) => purchases.reverseByHand(trx, actor, params.id, body.reason));
  consoleWrite(purchaseApi.forgiveDebt, ({ params, body, trx }, actor) => purchases.forgiveDebt(trx, actor, params.uuid, body.reason));

  route(app, api.crateShops, async () => ({
    shops: await Promise.all(CRATE_VERSIONS.map(async (v) => {
      const { shop, table } = shopOf(String(v.id));
      const status = await crateStatus(db, shop, null);
      const inForce = await tableInForce(db, table);
      return {
        crateVersionId: v.id, name: v.name, crateItemUuid: v.crateItemUuid, totalSupply: status.totalSupply, remaining: status.remainingSupply,
        sold: status.totalSupply - status.remainingSupply, drops: percentsOf(inForce), dropsFrom: inForce.from,
      };
    })),
  }));
}
