// Holds, limits and the sale fee (services/economy/tradeHolds.ts): what the shell reads before the
// player fills a form, and the console's view of them. Releasing a hold is a console write: the
// admin typed their password lately (services/admin/adminReauth.ts), with a reason, audited.
import type { FastifyInstance } from 'fastify';
import { limitHitsReport, playerHolds, releaseHold } from '../../contract/adminHolds';
import { priceBand, tradeStatus } from '../../contract/trade';
import { hundredthsToNumber } from '../../contract/money';
import { route } from '../route';
import * as holds from '../services/admin/adminHolds';
import { requireFreshPassword } from '../services/admin/adminReauth';
import { priceBandOf, tradeRulesOf, tradeStatusOf } from '../services/economy/tradeHolds';

export async function tradeRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const rules = tradeRulesOf(config);
  const tc = (v: bigint | null) => (v === null ? null : hundredthsToNumber(v));

  route(app, tradeStatus, async ({ user, reply }) => {
    reply.header('cache-control', 'no-store');
    return tradeStatusOf(db, user.id, rules);
  });

  route(app, priceBand, async ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    const band = await priceBandOf(db, query.itemUuid, rules);
    return { itemUuid: query.itemUuid.toLowerCase(), sales: band.sales, median: tc(band.median), low: tc(band.low), high: tc(band.high), saleFeePercent: rules.saleFeeBps / 100 };
  });

  route(app, playerHolds, async ({ params }) => holds.playerHolds(db, params.uuid, rules));
  route(app, limitHitsReport, async ({ query }) => holds.limitHitsReport(db, query.days));
  route(app, releaseHold, async ({ params, body, user, trx, request }) => {
    await requireFreshPassword(trx, { sessionId: user.sessionId, hasPassword: user.hasPassword }, config.ADMIN_REAUTH_MINUTES);
    return holds.releaseHold(trx, { id: user.id, requestId: request.id }, params.uuid, params.holdId, body.reason);
  });
}
