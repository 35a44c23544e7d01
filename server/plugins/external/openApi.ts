// The OpenAPI document, generated from the contract's zod schemas as the routes are added (so
// it is registered before them); the page that shows it, /api/docs, is in plugins/routes.ts.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(async (app) => {
  await app.register(swagger, {
    openapi: { info: { title: 'TripShell API', version: app.config.APP_VERSION } },
    transform: jsonSchemaTransform,
  });
}, { name: 'openapi', dependencies: ['config'] });
