// The Mythical Bridge (services/economy/bridge.ts) as app.bridge, null when the chain is not configured:
// one per process, since its send lock lives in it. The bridge routes use it; the start-up step
// (server/start.ts) finishes the transfers a previous process left open.
import fp from 'fastify-plugin';
import type { Hex } from 'viem';
import { ViemChainSender } from '../providers/chain';
import { routeTransactions } from '../route';
import { Bridge } from '../services/economy/bridge';

export default fp(async (app) => {
  const { config, db, dbKind } = app;
  const { CHAIN_RPC_URL: rpcUrl, BRIDGE_CONTRACT_ADDRESS: contract, BRIDGE_SENDER_PRIVATE_KEY: senderKey } = config;
  app.decorate('bridge', rpcUrl && contract && senderKey
    ? new Bridge(db, dbKind, new ViemChainSender(rpcUrl, config.CHAIN_ID, contract as Hex, config.BRIDGE_TOKEN_ID, senderKey as Hex), routeTransactions(app))
    : null);
}, { name: 'bridge', dependencies: ['config', 'database'] });
