import fastifySwagger, {
  type SwaggerTransform,
  type SwaggerTransformObject,
} from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { nameApiSchemas } from '@behavio/contract';
import { finishDocument, type OpenApiDocument } from './openapi-document.js';
import { RULES } from './permissions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The multipart part that carries the uploaded file, for the OpenAPI description. */
    uploadPart?: string;
    /** A success answered as a file rather than JSON (a CSV or Excel download), for the description. */
    textResponse?: { status: number; mediaType: string | string[]; description: string };
  }
}

/** `anyOf: [X, null]` as X. */
function withoutNull(schema: unknown): unknown {
  const anyOf = (schema as { anyOf?: { type?: string }[] }).anyOf;
  const kept = anyOf?.filter((s) => s.type !== 'null');
  return kept?.length === 1 ? kept[0] : schema;
}

/**
 * The zod transform, plus what the route's options say beyond its schemas:
 * - no security requirement for a public route (its access rule), stated rather than left out;
 * - the file part of multipart routes: their body is read as a stream rather than validated, so
 *   it has no schema for the description to show. This one is for the description only.
 */
const transform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input);
  if (!out.schema || out.schema.hide) return out;
  const config = input.route.config;
  const schema: Record<string, unknown> = { ...out.schema };
  if (config?.access?.public) schema.security = [];
  const text = config?.textResponse;
  if (text) {
    schema.response = {
      ...(out.schema.response as object),
      [text.status]: {
        description: text.description,
        content: Object.fromEntries(
          [text.mediaType].flat().map((type) => [type, { schema: { type: 'string' } }]),
        ),
      },
    };
  }
  const part = config?.uploadPart;
  if (part) {
    const upload = {
      type: 'object',
      required: [part],
      properties: { [part]: { type: 'string', format: 'binary' } },
    };
    // A route that also takes JSON (the customer feed) describes both bodies; its schema allows
    // null only because a multipart body reaches validation as null.
    schema.body = out.schema.body
      ? {
          content: {
            'application/json': { schema: withoutNull(out.schema.body) },
            'multipart/form-data': { schema: upload },
          },
        }
      : upload;
  }
  return { ...out, schema };
};

/** The OpenAPI description is generated from the same zod schemas that validate requests. */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { appName: string; publicUrl: string },
) {
  nameApiSchemas();
  const operationIds = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    // Fastify adds a HEAD route beside each GET, with the GET's schema; the description omits it.
    if (route.method === 'HEAD') return;
    const schema = route.schema as { hide?: boolean; operationId?: string; summary?: string };
    if (schema?.hide) return;
    if (!schema?.operationId || !schema.summary)
      throw new Error(`Route ${route.method} ${route.url} declares no operationId or summary`);
    if (operationIds.has(schema.operationId))
      throw new Error(
        `Route ${route.method} ${route.url} reuses operationId ${schema.operationId}`,
      );
    operationIds.add(schema.operationId);
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.appName} API`,
        description:
          'Customer behavioural-finance insights for wealth-management and banking firms.',
        version: '1.0.0',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'API key (bhv_…)',
            description:
              'An API key the firm admin created in API keys, sent as `Authorization: Bearer <key>`. It may only call the customer feed (`/api/v1/…`); every other route answers 403, an unknown or revoked key 420.',
          },
        },
      },
    },
    transform,
    transformObject: (input) =>
      finishDocument(
        jsonSchemaTransformObject(input) as OpenApiDocument,
      ) as ReturnType<SwaggerTransformObject>,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: RULES.public }, schema: { hide: true } }, () =>
    app.swagger(),
  );
}
