// Live events: app.liveEvents (services/live/liveEventHub.ts), this process's LISTENs on the live
// events channel and the session revocation channel, and the streams' caps, started with the app
// and stopped with it. The stream itself is
// routes/liveEvents.ts.
import fp from 'fastify-plugin';
import { LiveEventHub } from '../services/live/liveEventHub';

export default fp(async (app) => {
  const { LIVE_EVENTS_PER_PLAYER, LIVE_EVENTS_PER_ADDRESS, LIVE_EVENTS_PER_PROCESS } = app.config;
  const hub = new LiveEventHub(app.log, { perPlayer: LIVE_EVENTS_PER_PLAYER, perAddress: LIVE_EVENTS_PER_ADDRESS, perProcess: LIVE_EVENTS_PER_PROCESS });
  app.decorate('liveEvents', hub);
  await hub.start(app.dbListen);
  app.addHook('preClose', async () => { hub.endAll(); });
  app.addHook('onClose', async () => { await hub.stop(); });
}, { name: 'live-events', dependencies: ['config', 'database'] });
