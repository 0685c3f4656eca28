import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { markRoutesPublic } from '../access';

/**
 * Who may read the API document (the API_DOCS setting):
 * - `off` (the default): no document at all; {apiBase}/docs answers 404 like any unknown path, so a
 *   production install does not hand out a map of its routes;
 * - `on`: the page, its assets and the OpenAPI JSON/YAML need a signed-in user (a valid token in
 *   X-Access-Token, otherwise 401 in the envelope): for tools (curl, code generators, Postman) and
 *   browsers with a header-adding extension;
 * - `public`: served to anyone, for development machines and closed networks only.
 */
export type ApiDocsMode = 'off' | 'on' | 'public';

/** OpenAPI document from the routes' zod schemas, browsable at {apiBase}/docs (assets bundled, no CDN). */
export async function registerApiDocs(app: FastifyInstance, opts: { apiBase: string; title: string; mode: ApiDocsMode }): Promise<void> {
  if (opts.mode === 'off') return;
  // loaded only where the document is served, not at every start
  const [{ default: fastifySwagger }, { default: fastifySwaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${opts.title} API`, version: '0.1.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (scope) => {
    if (opts.mode === 'public') {
      markRoutesPublic(scope);
    } else {
      // Every route of the document page is declared `auth`: the access guard then requires a signed-in user.
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), auth: true } as typeof route.config;
      });
    }
    await scope.register(fastifySwaggerUi, { routePrefix: `${opts.apiBase}/docs` });
  });
}
