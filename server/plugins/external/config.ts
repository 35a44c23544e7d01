// The parsed configuration (server/config.ts) as app.config: every other plugin reads it.
import fp from 'fastify-plugin';
import type { Config } from '../../config';

export default fp<{ config: Config }>(async (app, { config }) => {
  app.decorate('config', config);
}, { name: 'config' });
