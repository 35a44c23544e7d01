// The crate shops' configuration and drop tables as app.crates, built once (services/economy/crates.ts
// crateSetup): the crate routes, the console and the start-up step (each shop's supply) read it.
// A broken drop table stops the app here, before it serves.
import fp from 'fastify-plugin';
import { crateSetup } from '../services/economy/crates';

export default fp(async (app) => {
  app.decorate('crates', crateSetup(app.config));
}, { name: 'crates', dependencies: ['config'] });
