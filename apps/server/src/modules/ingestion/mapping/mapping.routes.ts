import {
  deleteMappingResponseSchema,
  failedUploadResponseSchema,
  fileIdParamsSchema,
  fileMappingBodySchema,
  listMappingsResponseSchema,
  mappingIdParamsSchema,
  uploadErrorBodySchema,
  uploadResponseSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/access.js';
import { RULES } from '../../../plugins/permissions.js';
import type { IngestionService } from '../ingestion.service.js';
import { errors, security, tags } from '../route-schemas.js';

/** Column mapping (docs/ingestion.md, "Column mapping"): confirm one, list and forget saved ones. */
export async function mappingRoutes(app: FastifyInstance, deps: { ingestion: IngestionService }) {
  const { ingestion } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/content/file-mapping/:file_id',
    {
      config: { access: RULES.admin, errorTextAlsoIn: 'error' },
      schema: {
        operationId: 'confirmFileMapping',
        summary: 'Confirm the column mapping of a file waiting for one, and start its import',
        tags,
        security,
        params: fileIdParamsSchema,
        body: fileMappingBodySchema,
        description:
          "`mapping` gives, by column name, the file's header that holds the column; columns left out are read from a header with their own name. The mapping is remembered for the firm's next files with the same headers unless `save` is false. 400 (`invalid_mapping`) names an unknown column, a header the file does not have, a header given to two columns, or a required column left without a header; 404 when the file is not one of the firm's files waiting for a mapping. Then as the upload: 201 with the import status, 422 when the file cannot be imported.",
        response: {
          201: uploadResponseSchema,
          400: uploadErrorBodySchema,
          403: uploadErrorBodySchema,
          404: uploadErrorBodySchema,
          420: uploadErrorBodySchema,
          422: failedUploadResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await ingestion.confirmMapping(
        principalOf(request),
        request.params.file_id,
        request.body,
        { requestId: request.id },
      );
      return reply.status(201).send(result);
    },
  );

  r.get(
    '/api/content/mappings',
    {
      config: { access: RULES.admin },
      schema: {
        operationId: 'listColumnMappings',
        summary: "The firm's saved column mappings",
        tags,
        security,
        response: { 200: listMappingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ mappings: await ingestion.listMappings(principalOf(request)) }),
  );

  r.delete(
    '/api/content/mappings/:mapping_id',
    {
      config: { access: RULES.admin },
      schema: {
        operationId: 'deleteColumnMapping',
        summary: 'Forget a saved column mapping',
        description: 'The next file with its headers asks for a mapping again.',
        tags,
        security,
        params: mappingIdParamsSchema,
        response: { 200: deleteMappingResponseSchema, ...errors },
      },
    },
    async (request) => ingestion.deleteMapping(principalOf(request), request.params.mapping_id),
  );
}
