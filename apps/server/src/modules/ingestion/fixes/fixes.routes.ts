import {
  FIX_BODY_MAX_BYTES,
  FIX_CELL_MAX_CHARS,
  FIX_ROWS_MAX,
  fileFixesBodySchema,
  fileFixesErrorBodySchema,
  fileFixesPageSchema,
  fileFixesQuerySchema,
  fileFixesResponseSchema,
  fileIdParamsSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/access.js';
import { RULES } from '../../../plugins/permissions.js';
import type { FileFixesService } from './fixes.service.js';
import { errors, security, tags } from '../route-schemas.js';

/** Fixing rejected rows in place (docs/ingestion.md, "Fixing rejected rows"): admin, as uploads. */
export async function fixRoutes(app: FastifyInstance, deps: { fixes: FileFixesService }) {
  const { fixes } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/content/file-fixes/:file_id',
    {
      config: { access: RULES.admin },
      schema: {
        operationId: 'listRejectedRows',
        summary: "A page of a completed file's rejected rows, with their problems",
        description:
          'The rows the import rejected and no fix has imported since, in file order, `limit` (at most 100, default 25) from `offset`: each with its row number, its cells by column name and its problems. 409 (`file_not_completed`) unless the import has completed.',
        tags,
        security,
        params: fileIdParamsSchema,
        querystring: fileFixesQuerySchema,
        response: { 200: fileFixesPageSchema, ...errors, 409: errors[400] },
      },
    },
    async (request) =>
      fixes.listRejected(principalOf(request), request.params.file_id, request.query),
  );

  r.post(
    '/api/content/file-fixes/:file_id',
    {
      // Sized from the row limit, so the largest fix the schema takes is never a 413.
      bodyLimit: FIX_BODY_MAX_BYTES,
      config: { access: RULES.admin },
      schema: {
        operationId: 'fixRejectedRows',
        summary: 'Import corrected rejected rows of a completed file',
        description: `\`rows\`: each a rejected row's number and the whole corrected row by column name. They are validated as an upload's rows are and imported together: the file's accepted count rises and its rejected count falls by their number, and its rejected-rows report no longer lists them. When any is still invalid, nothing is imported: 400 (\`rows_still_invalid\`) with every problem in \`problems\`. 400 also for a row that is not one of the file's rejected rows, a row sent twice or an unknown column; 409 (\`file_not_completed\`) unless the import has completed, (\`rows_already_fixed\`) when another fix imported one of the rows meanwhile. At most ${FIX_ROWS_MAX} rows and ${FIX_CELL_MAX_CHARS} characters a cell (400 beyond); the body may be up to ${FIX_BODY_MAX_BYTES.toLocaleString('en-US')} bytes, which any such request fits, and a larger one answers 413 (\`payload_too_large\`).`,
        tags,
        security,
        params: fileIdParamsSchema,
        body: fileFixesBodySchema,
        response: {
          200: fileFixesResponseSchema,
          ...errors,
          400: fileFixesErrorBodySchema,
          409: errors[400],
          413: errors[400],
        },
      },
    },
    async (request) => fixes.fix(principalOf(request), request.params.file_id, request.body),
  );
}
