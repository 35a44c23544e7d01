// Every LISTEN subscriber of this process, started here and nowhere else, through the one LISTEN
// client (app.dbListen, db/notifications.ts), and stopped when the app closes:
//  - the session cache hears other processes' revocations (PostgreSQL only: PGlite is one
//    process, and its own announcements reach the cache directly);
//  - the live-event hub hears live events and revocations (it ends a revoked session's streams);
//  - the market's listings cache hears listing changes (app.listings, read by routes/marketplace.ts);
//  - the console's feature switches: followed once the start-up step has migrated their tables
//    (server/start.ts calls app.listeners.followSwitches()).
import fp from 'fastify-plugin';
import { listenForRevocations } from '../services/accounts/sessionCache';
import { ListingsCache } from '../services/economy/listingsCache';
import { followSwitches } from '../services/policy/featureSwitches';

export interface Listeners {
  /** Reads the feature switches now and follows every change (resolves after the first read). */
  followSwitches(): Promise<void>;
}

export default fp(async (app) => {
  const revocations = app.sessions.needsListener ? listenForRevocations(app.dbListen, app.sessions, app.log) : null;
  const listings = new ListingsCache(app.log);
  await Promise.all([revocations?.started, app.liveEvents.start(app.dbListen), listings.start(app.dbListen)]);
  app.decorate('listings', listings);
  app.addHook('onClose', async () => { await Promise.all([revocations?.close(), app.liveEvents.stop(), listings.stop()]); });
  const listeners: Listeners = {
    async followSwitches() {
      const switches = followSwitches(app.db, app.features.store, app.dbListen, app.config.FEATURE_SWITCH_REFRESH_MS, app.log);
      app.addHook('onClose', async () => { await switches.close(); });
      await switches.started;
    },
  };
  app.decorate('listeners', listeners);
}, { name: 'listeners', dependencies: ['config', 'database', 'sessions', 'live-events', 'features'] });
