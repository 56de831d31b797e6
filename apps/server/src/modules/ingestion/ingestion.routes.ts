import multipart from '@fastify/multipart';
import {
  deleteFileResponseSchema,
  failedUploadResponseSchema,
  uploadErrorBodySchema,
  fileIdParamsSchema,
  listFilesQuerySchema,
  listFilesResponseSchema,
  previewFileResponseSchema,
  uploadAnswerSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors/app-error.js';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import type { IngestionService } from './ingestion.service.js';
import { errors, security, tags } from './route-schemas.js';
import { mappingRoutes } from './mapping/mapping.routes.js';
import { fixRoutes } from './fixes/fixes.routes.js';

/** The multipart part that carries the customers file. */
const UPLOAD_PART = 'file';

export async function ingestionRoutes(
  app: FastifyInstance,
  deps: { ingestion: IngestionService; maxUploadBytes: number },
) {
  const { ingestion } = deps;
  await app.register(multipart, {
    limits: { fileSize: deps.maxUploadBytes, files: 1, fields: 10, parts: 20, headerPairs: 200 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/content/upload-file',
    {
      config: { access: RULES.admin, errorTextAlsoIn: 'error', uploadPart: UPLOAD_PART },
      schema: {
        operationId: 'uploadFile',
        summary: 'Upload a customers file and start its import',
        tags,
        security,
        consumes: ['multipart/form-data'],
        description:
          'Multipart with one `file` part (.csv, .xlsx or .xls). 201 when stored; `job_status` tells whether the import finished. When the headers do not all name our columns and the firm saved no mapping for them, 201 with `status: needs_mapping`, suggestions for each column and the headers with sample values: the file is kept but not counted until its mapping is confirmed (`confirmFileMapping`). 422 with `status: failed` and `preview.error` when the file cannot be imported. Every error body carries its text in `error` as well as `message` (product-rules: API calls reads upload errors from `error`).',
        response: {
          201: uploadAnswerSchema,
          400: uploadErrorBodySchema,
          403: uploadErrorBodySchema,
          413: uploadErrorBodySchema,
          420: uploadErrorBodySchema,
          422: failedUploadResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw badRequest('Upload the file as multipart/form-data with a "file" part.');
      const part = await request.file();
      if (!part || part.fieldname !== UPLOAD_PART)
        throw badRequest('No file was uploaded: send it in a part named "file".');
      const result = await ingestion.upload(
        principalOf(request),
        { filename: part.filename, stream: part.file, truncated: () => part.file.truncated },
        { requestId: request.id },
      );
      return reply.status(201).send(result);
    },
  );

  r.get(
    '/api/content/list-all-uploaded-files',
    {
      config: { access: RULES.anyEmployee },
      schema: {
        operationId: 'listUploadedFiles',
        summary: "The firm's files, with their import status and progress",
        tags,
        security,
        querystring: listFilesQuerySchema,
        description:
          "The firm's files, oldest first, `limit` (at most 100, the default) from `offset` (default 0): a page shorter than `limit` is the last. Each preview is bounded: the known columns plus 8 others, texts cut to 100 characters.",
        response: { 200: listFilesResponseSchema, ...errors },
      },
    },
    async (request) => ({ files: await ingestion.listFiles(principalOf(request), request.query) }),
  );

  r.get(
    '/api/content/preview-file/:file_id',
    {
      config: { access: RULES.anyEmployee },
      schema: {
        operationId: 'previewFile',
        summary: "A file's preview and import status",
        tags,
        security,
        params: fileIdParamsSchema,
        response: { 200: previewFileResponseSchema, ...errors },
      },
    },
    async (request) => ingestion.previewFile(principalOf(request), request.params.file_id),
  );

  // Without the zod type provider: the answer is CSV text or a stream, which the type it would
  // derive from the (error) response schemas refuses. The zod schemas still validate.
  app.get<{ Params: { file_id: string } }>(
    '/api/content/file-report/:file_id',
    {
      config: {
        access: RULES.anyEmployee,
        textResponse: {
          status: 200,
          mediaType: 'text/csv',
          description: 'The rejected rows as CSV (UTF-8), with row and reason columns',
        },
      },
      schema: {
        operationId: 'downloadFileReport',
        summary: "Download a file's rejected rows as CSV",
        tags,
        security,
        params: fileIdParamsSchema,
        description:
          'Every rejected row of the file as CSV, with a reason column; it uploads back as it is once fixed.',
        response: errors,
      },
    },
    async (request, reply) => {
      const report = await ingestion.report(principalOf(request), request.params.file_id);
      const asciiName = report.filename.replace(/[^\w.-]+/g, '_');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${asciiName}"`)
        .send(report.body);
    },
  );

  r.get(
    '/api/content/delete-file/:file_id',
    {
      config: { access: RULES.admin },
      schema: {
        operationId: 'deleteFile',
        summary: 'Delete a file and the customers only it supplied',
        tags,
        security,
        params: fileIdParamsSchema,
        response: { 200: deleteFileResponseSchema, ...errors },
      },
    },
    async (request) => ingestion.deleteFile(principalOf(request), request.params.file_id),
  );

  r.get(
    '/api/content/remove-latest-uploaded-file',
    {
      config: { access: RULES.admin },
      schema: {
        operationId: 'deleteLatestFile',
        summary: "Delete the firm's latest file",
        tags,
        security,
        response: { 200: deleteFileResponseSchema, ...errors },
      },
    },
    async (request) => ingestion.deleteLatestFile(principalOf(request)),
  );

  await mappingRoutes(app, { ingestion });
  await fixRoutes(app, { fixes: ingestion.fixes });
}
