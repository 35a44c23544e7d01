// The API's areas (server/routes/<area>.ts, each an encapsulated plugin) and the OpenAPI page at
// /api/docs. Registered after the app plugins: their hooks (errors, security headers, the origin
// check, the request log) apply to every route, and the areas use what those decorate.
// A new area is one file in server/routes/ and one line in AREAS.
import fp from 'fastify-plugin';
import swaggerUi from '@fastify/swagger-ui';
import { accountRoutes } from '../routes/accounts';
import { ageRoutes } from '../routes/age';
import { adminRoutes } from '../routes/admin';
import { authRoutes } from '../routes/auth';
import { bridgeRoutes } from '../routes/bridge';
import { clanRoutes } from '../routes/clans';
import { coinflipRoutes } from '../routes/coinflip';
import { crateRoutes } from '../routes/crates';
import { demoGameServerRoutes } from '../routes/demoGameServer';
import { economyRoutes } from '../routes/economy';
import { featureRoutes } from '../routes/features';
import { leaderboardRoutes } from '../routes/leaderboards';
import { legalRoutes } from '../routes/legal';
import { liveEventRoutes } from '../routes/liveEvents';
import { marketplaceRoutes } from '../routes/marketplace';
import { myEconomyRoutes } from '../routes/myEconomy';
import { profileRoutes } from '../routes/profile';
import { progressRoutes } from '../routes/progress';
import { purchaseRoutes } from '../routes/purchases';
import { releaseRoutes } from '../routes/releases';
import { rightsRoutes } from '../routes/rights';
import { settingsRoutes } from '../routes/settings';
import { systemRoutes } from '../routes/system';
import { webhookRoutes } from '../routes/webhooks';
import { tradeRoutes } from '../routes/trade';

const AREAS = [
  systemRoutes, authRoutes, progressRoutes, profileRoutes, releaseRoutes, clanRoutes, accountRoutes, ageRoutes,
  bridgeRoutes, economyRoutes, marketplaceRoutes, coinflipRoutes, crateRoutes, settingsRoutes, legalRoutes, adminRoutes, rightsRoutes,
  liveEventRoutes, myEconomyRoutes, purchaseRoutes, webhookRoutes, featureRoutes, tradeRoutes,
  leaderboardRoutes,
];

export default fp(async (app) => {
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  for (const area of AREAS) await app.register(area);
  // Local try-outs only (the config refuses it in production).
  if (app.config.DEMO_GAME_SERVER) await app.register(demoGameServerRoutes);
}, {
  name: 'routes',
  dependencies: ['config', 'database', '@fastify/cookie', 'rate-limit', 'openapi', 'errors', 'request-log', 'security', 'bot-check', 'sessions', 'bridge', 'crates', 'live-events', 'listeners', 'purchase-providers', 'features'],
});
