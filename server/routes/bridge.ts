import type { FastifyInstance } from 'fastify';
import { BRIDGE_TEXT, bridgeFinalize, bridgeStatus, bridgeVerify } from '../../contract/bridge';
import { HttpError, notFound, unavailable } from '../errors';
import { route } from '../route';
import { MarketplaceProfiles } from '../providers/marketplaceProfiles';
import { refuseHeld, tradeRulesOf } from '../services/economy/tradeHolds';
import { notingRefusals, recordRefusals } from '../http/tradeRefusals';

export async function bridgeRoutes(app: FastifyInstance): Promise<void> {
  const { config, bridge } = app;
  const profiles = new MarketplaceProfiles(config.MARKETPLACE_API_BASE, config.MARKETPLACE_API_KEY);
  const rules = tradeRulesOf(config);
  recordRefusals(app, app.db);

  route(app, bridgeVerify, async ({ params }) => {
    if (!bridge) throw unavailable(BRIDGE_TEXT.notConfigured);
    let result;
    try {
      result = await profiles.lookup(params.wallet);
    } catch {
      throw new HttpError(502, BRIDGE_TEXT.verifyFailed, 'MARKETPLACE_UNAVAILABLE');
    }
    if (!result.found) throw notFound(BRIDGE_TEXT.noProfile);
    return { openseaProfile: result.profile };
  });

  // 'steps' (server/route.ts): the burn commits before anything goes to the chain. The transfer
  // keeps the request's Idempotency-Key: a retry resumes that transfer and answers its state,
  // never burning a second ticket.
  route(app, bridgeFinalize, async ({ body, user, idempotencyKey, transaction, request }) => {
    if (!bridge) throw unavailable(BRIDGE_TEXT.notConfigured);
    const { id } = await notingRefusals(request, () => transaction((trx) =>
      bridge.burn(trx, user.id, body.destinationWallet, idempotencyKey, () => refuseHeld(trx, user.id, 'bridge', rules))));
    const view = await bridge.process(id);
    if (!view.txHash || view.status === 'failed') throw new HttpError(502, BRIDGE_TEXT.finalizeFailed, 'BRIDGE_FAILED');
    return {
      transactionHash: view.txHash,
      explorerUrl: `${config.BLOCK_EXPLORER_TX_URL}${view.txHash}`,
      status: view.status === 'confirmed' ? 'confirmed' as const : view.status === 'sent' ? 'sent' as const : 'signed' as const,
    };
  }, { transaction: 'steps' });

  route(app, bridgeStatus, async ({ params, user }) => {
    if (!bridge) throw unavailable(BRIDGE_TEXT.notConfigured);
    const view = await bridge.statusOf(user.id, params.transactionHash);
    // 'pending' never has a hash, so it cannot be asked for; anything else is reported as is.
    if (!view || view.status === 'pending') throw notFound(BRIDGE_TEXT.unknownTransfer);
    const status = view.status === 'confirmed' || view.status === 'sent' || view.status === 'signed' ? view.status : 'failed' as const;
    return { transactionHash: params.transactionHash, status };
  });
}
