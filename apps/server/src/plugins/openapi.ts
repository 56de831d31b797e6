import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { RULES } from './permissions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The multipart part that carries the uploaded file, for the OpenAPI description. */
    uploadPart?: string;
  }
}

/**
 * The zod transform, plus the file part of multipart routes: their body is read as a stream
 * rather than validated, so it has no schema for the description to show. This one is for the
 * description only.
 */
const transform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const part = input.route.config?.uploadPart;
  if (!part) return out;
  const body = {
    type: 'object',
    required: [part],
    properties: { [part]: { type: 'string', format: 'binary' } },
  };
  return { ...out, schema: { ...out.schema, body } };
};

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
    transform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: RULES.public }, schema: { hide: true } }, () =>
    app.swagger(),
  );
}
