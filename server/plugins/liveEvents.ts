// Live events: app.liveEvents (services/live/liveEventHub.ts) with the streams' caps; its LISTENs
// on the live events channel and the session revocation channel are started with every other
// one (plugins/listeners.ts). The stream itself is routes/liveEvents.ts.
import fp from 'fastify-plugin';
import { LiveEventHub } from '../services/live/liveEventHub';

export default fp(async (app) => {
  const { LIVE_EVENTS_PER_PLAYER, LIVE_EVENTS_PER_ADDRESS, LIVE_EVENTS_PER_PROCESS } = app.config;
  const hub = new LiveEventHub(app.log, { perPlayer: LIVE_EVENTS_PER_PLAYER, perAddress: LIVE_EVENTS_PER_ADDRESS, perProcess: LIVE_EVENTS_PER_PROCESS });
  app.decorate('liveEvents', hub);
  app.addHook('preClose', async () => { hub.endAll(); });
}, { name: 'live-events', dependencies: ['config', 'database'] });
