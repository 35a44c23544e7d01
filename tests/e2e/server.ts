// The e2e server (playwright.config.ts's webServer): the real server, started by server/main.ts
// itself, with the Mythical Bridge configured against a local chain in this same process:
// ganache on PORT + 1000 with the test token contract at a known address (tests/chain/e2eChain.ts),
// the fake marketplace answering a profile for every wallet, and a local block explorer.
// Everything here dies with the process (Playwright ends it; main.ts exits on SIGINT/SIGTERM).
import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { setAdmin } from '../../server/jobs/adminRole';
import { CHAIN_ID, startLocalChain, TOKEN_ID } from '../chain/localChain';
import { E2E_CONTRACT, E2E_SENDER_KEY, e2eChainPort } from '../chain/e2eChain';
import { startLocalExplorer } from '../chain/explorer';
import { startFakeMarketplace } from '../fakes/marketplace';

const MARKETPLACE_KEY = 'e2e-market-key';

/** The marketplace profile of any wallet: a name made from its address ("relic_52908400"). */
const everyWallet = new Proxy<Record<string, { username: string; bio: string }>>({}, {
  get: (_, address) => (typeof address === 'string' && /^0x[0-9a-f]{40}$/.test(address)
    ? { username: `relic_${address.slice(2, 10)}`, bio: 'Collector of ancient relics.' }
    : undefined),
});

async function main(): Promise<void> {
  const appPort = Number(process.env.PORT);
  if (!Number.isInteger(appPort) || appPort <= 0) throw new Error('the e2e server needs PORT');
  const started = performance.now();
  const chain = await startLocalChain({ port: e2eChainPort(appPort), senderKey: E2E_SENDER_KEY, supply: 1000n });
  if (chain.contract.toLowerCase() !== E2E_CONTRACT.toLowerCase()) throw new Error(`token contract at ${chain.contract}, expected ${E2E_CONTRACT}`);
  const [market, explorer] = await Promise.all([startFakeMarketplace(everyWallet, MARKETPLACE_KEY), startLocalExplorer(chain)]);
  Object.assign(process.env, {
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(CHAIN_ID),
    BRIDGE_CONTRACT_ADDRESS: chain.contract,
    BRIDGE_TOKEN_ID: String(TOKEN_ID),
    BRIDGE_SENDER_PRIVATE_KEY: chain.senderKey,
    BLOCK_EXPLORER_TX_URL: explorer.txUrlBase,
    MARKETPLACE_API_BASE: market.apiBase,
    MARKETPLACE_API_KEY: MARKETPLACE_KEY,
  });
  console.log(`local chain at ${chain.rpcUrl} (token ${chain.contract}), explorer ${explorer.txUrlBase} (${Math.round(performance.now() - started)} ms)`);
  // Imported only now: main.ts reads the configuration and starts the server when loaded.
  const { running } = await import('../../server/main');
  // The ports around E2E_PORT: + 1 the host playground, + 2 a spec's own product server (the
  // host specs), + 3 this admin control, + 1000 the chain.
  await startAdminControl(await running, appPort + 3);
}

/**
 * The operator's `npm run admin -- grant-admin <name>` for the e2e server: the PGlite in memory
 * belongs to this process, so the command cannot open it from outside (as on a real PGlite
 * folder, which it refuses while the server holds it). Loopback only, e2e only.
 */
async function startAdminControl(app: FastifyInstance, port: number): Promise<void> {
  const control = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const username = url.searchParams.get('username');
    if (request.method !== 'POST' || url.pathname !== '/grant-admin' || !username) { response.writeHead(404).end(); return; }
    setAdmin(app.db, username, true).then((text) => response.writeHead(200).end(text), (error: Error) => response.writeHead(400).end(error.message));
  });
  await new Promise<void>((resolve) => control.listen(port, '127.0.0.1', resolve));
  // It dies with the process, as the chain and the fakes do.
  control.unref();
}

main().catch((error: unknown) => {
  console.error('the e2e server could not start:', error);
  process.exit(1);
});
