import {
  rmListExportQuerySchema,
  whoToCallExportQuerySchema,
  type RmListName,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { EXPORT_RESPONSE, oneChunk, sendExport } from '../../plugins/export-file.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { AnalyticsService } from './analytics.service.js';
import { RM_LIST_EXPORT_COLUMNS, RM_LIST_FILE_NAMES } from './list-exports.js';

const errors = errorResponses(400, 403, 420);

/** Each RM list's address (beside its own route) and its words in the description. */
const LISTS: { list: RmListName; path: string; operationId: string; title: string }[] = [
  { list: 'book', path: 'rm-own-book', operationId: 'exportRmOwnBook', title: 'customer book' },
  {
    list: 'whoToCall',
    path: 'rm-who-to-call',
    operationId: 'exportRmWhoToCall',
    title: 'call list',
  },
  {
    list: 'priorityScores',
    path: 'rm-priority-scores',
    operationId: 'exportRmPriorityScores',
    title: 'priority scores',
  },
  {
    list: 'riskRanking',
    path: 'rm-risk-ranking',
    operationId: 'exportRmRiskRanking',
    title: 'risk ranking',
  },
  { list: 'segments', path: 'rm-segments', operationId: 'exportRmSegments', title: 'segments' },
];

/**
 * `GET /api/content/<list>/export`: the signed-in RM's own list as shown (the list's sort and
 * filters, every row) as CSV or Excel, under the list's own access rule.
 */
export function rmListExportRoutes(app: FastifyInstance, deps: { analytics: AnalyticsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const { list, path, operationId, title } of LISTS) {
    r.get(
      `/api/content/${path}/export`,
      {
        config: { access: RULES.ownBook, textResponse: EXPORT_RESPONSE },
        schema: {
          operationId,
          summary: `Export the signed-in RM's ${title} as CSV or Excel`,
          ...bearerRouteDocs('rm analytics'),
          // The call list exports what the screen shows: today's list or the whole book.
          querystring:
            list === 'whoToCall' ? whoToCallExportQuerySchema : rmListExportQuerySchema(list),
          response: errors,
        },
      },
      async (request, reply) => {
        const rows = await deps.analytics.exportRows(principalOf(request), list, request.query);
        return sendExport(reply, {
          name: `${RM_LIST_FILE_NAMES[list]}-${new Date().toISOString().slice(0, 10)}`,
          format: request.query.format,
          columns: RM_LIST_EXPORT_COLUMNS[list],
          rows: oneChunk(rows),
        });
      },
    );
  }
}
