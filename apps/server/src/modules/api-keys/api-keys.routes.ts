import {
  apiKeyIdParamsSchema,
  apiKeysResponseSchema,
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  revokeApiKeyResponseSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { ApiKeysService } from './api-keys.service.js';

const errors = errorResponses(400, 403, 404, 409, 420);
const docs = bearerRouteDocs('api keys');

/** The admin's API keys for the customer feed (docs/api-feed.md). */
export function apiKeysRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }) {
  const { apiKeys } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/keys',
    {
      config: { access: RULES.apiKeys },
      schema: {
        operationId: 'createApiKey',
        summary: 'Create an API key for the customer feed',
        ...docs,
        description:
          'Creates a named key for `POST /api/v1/customers`. The answer carries the secret (`key`) this once: only its SHA-256 is kept. The name must differ from every active key of the firm (409 `api_key_name_taken`).',
        body: createApiKeyRequestSchema,
        response: { 201: createApiKeyResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await apiKeys.create(principalOf(request), request.body.name)),
  );

  r.get(
    '/api/keys',
    {
      config: { access: RULES.apiKeys },
      schema: {
        operationId: 'listApiKeys',
        summary: "The firm's API keys, without their secrets",
        ...docs,
        description:
          'Every key of the firm, revoked ones too, newest first: name, prefix, who created it and when, when it was last used (to the minute) and when it was revoked.',
        response: { 200: apiKeysResponseSchema, ...errors },
      },
    },
    (request) => apiKeys.list(principalOf(request)),
  );

  r.delete(
    '/api/keys/:key_id',
    {
      config: { access: RULES.apiKeys },
      schema: {
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key',
        ...docs,
        description:
          'Revokes the key at once: its next request answers 420. The key stays in the list, marked revoked. Another firm’s key id answers 404.',
        params: apiKeyIdParamsSchema,
        response: { 200: revokeApiKeyResponseSchema, ...errors },
      },
    },
    (request) => apiKeys.revoke(principalOf(request), request.params.key_id),
  );
}
