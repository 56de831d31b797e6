import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { RULES } from './permissions.js';

/** The OpenAPI description is generated from the same zod schemas that validate requests. */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { appName: string; publicUrl: string },
) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${options.appName} API`,
        description:
          'Customer behavioural-finance insights for wealth-management and banking firms.',
        version: '1.0.0',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: RULES.public }, schema: { hide: true } }, () =>
    app.swagger(),
  );
}
