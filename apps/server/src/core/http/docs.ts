import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { markRoutesPublic } from '../access';

/** OpenAPI document from the routes' zod schemas, browsable at {apiBase}/docs (assets bundled, no CDN). */
export async function registerApiDocs(app: FastifyInstance, opts: { apiBase: string; title: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${opts.title} API`, version: '0.1.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (scope) => {
    markRoutesPublic(scope);
    await scope.register(fastifySwaggerUi, { routePrefix: `${opts.apiBase}/docs` });
  });
}
