import fastifySwagger, {
  type SwaggerTransform,
  type SwaggerTransformObject,
} from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { nameApiSchemas } from '@behavio/contract';
import { RULES } from './permissions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The multipart part that carries the uploaded file, for the OpenAPI description. */
    uploadPart?: string;
    /** A success answered as text rather than JSON (a CSV download), for the description. */
    textResponse?: { status: number; mediaType: string; description: string };
  }
}

/**
 * What each status means wherever it is answered (docs/architecture.md, "Error codes"): the
 * description of a response whose schema gives none (neither its own nor its named shape's).
 */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Success',
  201: 'Created',
  400: 'The request is invalid: `message` says why, `errors` lists each field that failed',
  401: 'The credentials are wrong',
  403: "The user's role or the firm's plan does not allow this",
  404: 'Nothing of that id in the firm',
  409: 'It conflicts with the current state',
  413: 'The file or body is too large',
  420: 'The bearer token is missing, invalid or expired',
  421: 'Not enough credits',
  422: 'The file cannot be imported',
  429: 'Too many attempts; try again later',
  502: 'The payment provider failed',
  503: 'A service the request needs is unavailable',
};

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
        content: { [text.mediaType]: { schema: { type: 'string' } } },
      },
    };
  }
  const part = config?.uploadPart;
  if (part) {
    schema.body = {
      type: 'object',
      required: [part],
      properties: { [part]: { type: 'string', format: 'binary' } },
    };
  }
  return { ...out, schema };
};

/** The parts of the document tidied here. */
interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}
const SCHEMAS = '#/components/schemas/';
const INPUT = 'Input';

/** Every component name the document references, following references inside components. */
function referencedComponents(doc: OpenApiDocument): Set<string> {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const found = new Set<string>();
  const visit = (value: unknown) => {
    const text = JSON.stringify(value);
    for (const match of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      const name = match[1]!;
      if (found.has(name)) continue;
      found.add(name);
      visit(schemas[name]);
    }
  };
  visit(doc.paths);
  return found;
}

/**
 * fastify-type-provider-zod writes every named schema twice, as read (`NameInput`) and as
 * written (`Name`). Keep one `Name` where both read the same or only one is used, and drop what
 * nothing references, so client generators get one type per shape, named as the contract names it.
 */
function tidyComponents(doc: OpenApiDocument): OpenApiDocument {
  const used = referencedComponents(doc);
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const outputOf = (name: string) => name.slice(0, -INPUT.length);
  /** Input shapes that take their output's name: unused as output, or equal to it. */
  const folded = new Set([...used].filter((name) => name.endsWith(INPUT)));
  const rewrite = (value: unknown) =>
    JSON.stringify(value).replace(/"#\/components\/schemas\/([^"]+)"/g, (ref, name: string) =>
      folded.has(name) ? `"${SCHEMAS}${outputOf(name)}"` : ref,
    );
  // Equal once the shapes they reference fold too: repeat until nothing more unfolds.
  for (let changed = true; changed;) {
    changed = false;
    for (const name of folded) {
      const output = outputOf(name);
      if (used.has(output) && rewrite(schemas[name]) !== rewrite(schemas[output])) {
        folded.delete(name);
        changed = true;
      }
    }
  }
  const kept: Record<string, unknown> = {};
  const keep = (name: string, from: string) => {
    // Their `$id` ("#/components/schemas/…") would only confuse resolvers: the key names them.
    const { $id: _id, $schema: _schema, ...schema } = schemas[from] as Record<string, unknown>;
    kept[name] = schema;
  };
  for (const name of [...used].sort()) {
    if (!folded.has(name)) keep(name, name);
    else if (!used.has(outputOf(name))) keep(outputOf(name), name);
  }
  return JSON.parse(
    rewrite({ ...doc, components: { ...doc.components, schemas: kept } }),
  ) as OpenApiDocument;
}

interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}

/**
 * Gives every response without a description of its own (@fastify/swagger writes "Default
 * Response") its named shape's description, or its status's.
 */
function describeResponses(doc: OpenApiDocument): OpenApiDocument {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, { description?: string }>;
  for (const operations of Object.values(doc.paths ?? {}) as Record<string, unknown>[]) {
    for (const operation of Object.values(operations)) {
      const responses = (operation as { responses?: Record<string, ResponseObject> }).responses;
      for (const [status, response] of Object.entries(responses ?? {})) {
        if (response.description && response.description !== 'Default Response') continue;
        const ref = response.content?.['application/json']?.schema?.$ref;
        const named = ref?.startsWith(SCHEMAS) ? schemas[ref.slice(SCHEMAS.length)] : undefined;
        response.description =
          named?.description ?? STATUS_DESCRIPTIONS[status] ?? `HTTP ${status}`;
      }
    }
  }
  return doc;
}

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
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
    transformObject: (input) =>
      describeResponses(
        tidyComponents(jsonSchemaTransformObject(input) as OpenApiDocument),
      ) as ReturnType<SwaggerTransformObject>,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: RULES.public }, schema: { hide: true } }, () =>
    app.swagger(),
  );
}
