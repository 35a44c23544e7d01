import type { Config } from './config';
import type { Db, DbHandle, DbKind } from './db/createDb';
import type { Metrics } from './services/system/metrics';
import type { Listen } from './db/notifications';
import type { LiveEventHub } from './services/live/liveEventHub';
import type { Drain } from './plugins/drain';
import type { BotCheckProvider } from './providers/botCheck';
import type { AltchaProvider } from './providers/botCheck';
import type { Bridge } from './services/economy/bridge';
import type { CrateSetup } from './services/economy/crates';
import type { Products } from './services/purchases/products';
import type { PasswordWork } from './services/accounts/passwords';
import type { SessionCache } from './services/accounts/sessionCache';
import type { SessionUser } from './services/accounts/sessions';
import type { Purchases } from './plugins/purchaseProviders';
import type { ErrorTracker } from './providers/errorTracker';
import type { Features } from './plugins/features';
import type { Listeners } from './plugins/listeners';
import type { ListingsCache } from './services/economy/listingsCache';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: DbKind;
    dbListen: Listen;
    dbPool: DbHandle['pool'];
    metrics: Metrics;
    liveEvents: LiveEventHub;
    /** Every LISTEN subscriber's start (plugins/listeners.ts); the switches' is the start-up step's. */
    listeners: Listeners;
    /** The market's pages kept between changes (services/economy/listingsCache.ts). */
    listings: ListingsCache;
    /** The drain before this process stops (plugins/drain.ts). */
    drain: Drain;
    botCheck: BotCheckProvider;
    altcha: AltchaProvider | null;
    frameHosts: string[];
    sessions: SessionCache;
    bridge: Bridge | null;
    crates: CrateSetup;
    products: Products;
    passwordWork: PasswordWork;
    /** Real-money packs: null when no purchase service is given (nothing is sold). */
    purchases: Purchases | null;
    /** Sentry's Node SDK for unexpected errors: null unless SENTRY_DSN is set. */
    errorTracker: ErrorTracker | null;
    /** What each host allows and the console's switches (plugins/features.ts). */
    features: Features;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}
