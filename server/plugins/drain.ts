// The drain before a process stops (server/shutdown.ts starts it on SIGTERM/SIGINT): from then
// on /api/ready answers 503 DRAINING, so a load balancer polling it takes this process out, while
// every other request is still served. Each answer during the drain also says
// `Connection: close`: a proxy's kept-alive connection to a process that is about to stop
// accepting would otherwise carry a request into the moment it closes; on a fresh connection a
// closed listener is a refused connect, which a proxy passes to the next process whatever the
// method. (A connection still in the listen queue at that instant is reset instead: with a proxy
// that does not poll /api/ready, docs/deploy.md takes the process out of it first.)
import fp from 'fastify-plugin';

export interface Drain {
  /** True from the stop signal on. */
  readonly draining: boolean;
  /** Starts the drain (idempotent). */
  begin(): void;
}

export default fp(async (app) => {
  let draining = false;
  const drain: Drain = {
    get draining() { return draining; },
    begin() { draining = true; },
  };
  app.decorate('drain', drain);
  // A callback hook: every request passes here, and an async one cost a promise each time.
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });
}, { name: 'drain' });
