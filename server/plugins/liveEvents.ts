// Live events: app.liveEvents (services/liveEventHub.ts), this process's one LISTEN on the live
// events channel, started with the app and stopped with it. The stream itself is
// routes/liveEvents.ts.
import fp from 'fastify-plugin';
import { LiveEventHub } from '../services/liveEventHub';

export default fp(async (app) => {
  const hub = new LiveEventHub(app.log);
  app.decorate('liveEvents', hub);
  await hub.start(app.dbListen);
  app.addHook('preClose', async () => { hub.endAll(); });
  app.addHook('onClose', async () => { await hub.stop(); });
}, { name: 'live-events', dependencies: ['config', 'database'] });
