import {
  fileChangesParamsSchema,
  fileChangesQuerySchema,
  fileChangesResponseSchema,
  importChangesParamsSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { ChangesService } from './changes.service.js';

/** What each import changed: for the admin, head and compliance. */
export function changesRoutes(app: FastifyInstance, deps: { changes: ChangesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/content/file-changes/:file_id',
    {
      config: { access: RULES.fileChanges },
      schema: {
        operationId: 'getFileChanges',
        summary: "What a file's import changed",
        description:
          "How many customers the file's import created, changed and left unchanged, how many showed each kind of change (the rules are in CHANGE_RULES), and a page of the customers it created or changed (by customer id), each with their insight before and after. An import never removes a customer, so `removed` is 0. A file still importing, or imported before changes were recorded, answers zeros. Another firm's file answers 404.",
        ...bearerRouteDocs('files'),
        params: fileChangesParamsSchema,
        querystring: fileChangesQuerySchema,
        response: { 200: fileChangesResponseSchema, ...errorResponses(400, 403, 404, 420) },
      },
    },
    (request) =>
      deps.changes.fileChanges(principalOf(request), request.params.file_id, request.query),
  );
  r.get(
    '/api/content/import-changes/:import_id',
    {
      config: { access: RULES.fileChanges },
      schema: {
        operationId: 'getImportChanges',
        summary: 'What a feed import changed',
        description:
          "The same answer as file-changes, for an import sent through the customer feed (`POST /api/v1/customers`): its `import_id` is the id of the file the feed stored. Another firm's import answers 404.",
        ...bearerRouteDocs('files'),
        params: importChangesParamsSchema,
        querystring: fileChangesQuerySchema,
        response: { 200: fileChangesResponseSchema, ...errorResponses(400, 403, 404, 420) },
      },
    },
    (request) =>
      deps.changes.fileChanges(principalOf(request), request.params.import_id, request.query),
  );
}
