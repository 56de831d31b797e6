import {
  API_KEY_MESSAGES,
  errorBodySchema,
  feedCustomersRequestSchema,
  feedErrorBodySchema,
  feedHeadersSchema,
  feedImportResponseSchema,
  importIdParamsSchema,
  importStatusResponseSchema,
} from '@behavio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors/app-error.js';
import { apiKeyOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { FeedService } from './feed.service.js';

/** The multipart part that carries a file, as for the upload. */
const UPLOAD_PART = 'file';
/**
 * 10,000 customers of 30 values as JSON are about 10 MB written out long; a larger body is
 * refused (413) before it is read. Files go as multipart, bounded by MAX_UPLOAD_MB.
 */
export const FEED_JSON_BODY_LIMIT = 32 * 1024 * 1024;

const docs = { tags: ['customer feed'], security: [{ apiKey: [] }] };
const errors = {
  403: errorBodySchema,
  404: errorBodySchema,
  420: errorBodySchema,
  429: errorBodySchema,
};

const curlJson = `curl -X POST "$BEHAVIO_URL/api/v1/customers" \\
  -H "Authorization: Bearer $BEHAVIO_API_KEY" \\
  -H "Idempotency-Key: 2f9c1e5e-7a41-4c1b-9f53-0d6f3c1a8b20" \\
  -H "Content-Type: application/json" \\
  -d '{"customers":[{"customer_id":"C-10001","country_iso":"GBR","age":42,"risk_profile":6,"knowledge_quiz_score":72,"experience_years":8,"cash_pct":15,"etf_pct":45,"single_stock_pct":40,"days_since_last_trade":12,"stop_loss_sell_cnt":1,"days_since_loss_sell":45,"leverage_ratio":1.2,"home_country_weight_pct":60,"trade_turnover_30d_pct_peer":70,"anchor_price_gap_pct":-12,"limit_orders_at_purchase_px":true,"social_hype_score":55,"days_since_hype_peak":9,"positive_news_sentiment_7d":0.3,"news_clicks_7d":14,"gain_takes":6,"loss_takes":2,"rebalances_ytd":1,"num_sub_accounts":3,"averaging_down_trades":2,"days_since_last_average_down":20,"max_drawdown_pct":-18,"aum":250000}]}'`;
const curlFile = `curl -X POST "$BEHAVIO_URL/api/v1/customers" \\
  -H "Authorization: Bearer $BEHAVIO_API_KEY" \\
  -F "file=@customers.csv"`;

const feedDescription = `Sends customers with an API key (created by the firm admin in API keys; \`Authorization: Bearer <key>\`). Either JSON, \`{"customers": [...]}\` with up to 10,000 customers (the 28 columns of a customers file, plus optional \`aum\` and \`revenue_12m\`), or a CSV or Excel file as multipart/form-data with one \`file\` part, as the upload takes it. The customers become an import of the firm (a file with \`source: api\`) and go through the same import as an uploaded file: the same rules, insights, and everything that follows an import.

202 with the import: for JSON the rows are checked before anything is stored, so \`accepted\`, \`rejected\` and \`problems\` (the first 100; row 2 is \`customers[0]\`) are always known; for a file once its import has finished (else null: read \`GET /api/v1/imports/{import_id}\`). JSON none of whose customers is valid: 400 \`no_valid_rows\` with the problems, nothing stored. A file that cannot be imported: 422 \`upload_failed\`. On the free plan the feed counts as the firm's one file (403 \`upload_limit_reached\` after it). Send \`Idempotency-Key\` to retry safely: the same key and body answer the first import (header \`Idempotent-Replayed: true\`). At most \`RATE_LIMIT_API_KEY_PER_MINUTE\` calls a minute per key (429 with \`Retry-After\`).

\`\`\`sh
${curlJson}

${curlFile}
\`\`\``;

/** The customer feed for a firm's systems (docs/api-feed.md): API keys only. */
export function feedRoutes(
  app: FastifyInstance,
  deps: { feed: FeedService; limiter: RateLimiter; perMinute: number },
) {
  const { feed, limiter } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // After the access hook (route hooks run after the app's): the key is known and valid.
  const perKey = async (request: FastifyRequest) => {
    const key = apiKeyOf(request);
    await limiter.consume(
      [{ key: `api-key:${key.keyId}`, limit: deps.perMinute, windowSeconds: 60 }],
      new Date(),
      API_KEY_MESSAGES.rateLimited,
    );
  };

  r.post(
    '/api/v1/customers',
    {
      bodyLimit: FEED_JSON_BODY_LIMIT,
      onRequest: perKey,
      config: { access: RULES.apiFeed, uploadPart: UPLOAD_PART },
      schema: {
        operationId: 'feedCustomers',
        summary: 'Send customers from the firm’s systems (API key)',
        ...docs,
        description: feedDescription,
        consumes: ['application/json', 'multipart/form-data'],
        headers: feedHeadersSchema,
        // Null for a multipart request, whose file is read as a stream.
        body: feedCustomersRequestSchema.nullish(),
        response: {
          202: feedImportResponseSchema,
          400: feedErrorBodySchema,
          413: errorBodySchema,
          422: feedErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const key = apiKeyOf(request);
      const idempotencyKey = request.headers['idempotency-key'];
      const context = { requestId: request.id };
      let answer;
      if (request.isMultipart()) {
        const part = await request.file();
        if (!part || part.fieldname !== UPLOAD_PART)
          throw badRequest('No file was uploaded: send it in a part named "file".');
        answer = await feed.importFile(
          key,
          { filename: part.filename, stream: part.file, truncated: () => part.file.truncated },
          idempotencyKey,
          context,
        );
      } else {
        if (!request.body) throw badRequest(API_KEY_MESSAGES.notMultipartOrJson);
        answer = await feed.importJson(key, request.body, idempotencyKey, context);
      }
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(202).send(answer.body);
    },
  );

  r.get(
    '/api/v1/imports/:import_id',
    {
      onRequest: perKey,
      config: { access: RULES.apiFeed },
      schema: {
        operationId: 'getFeedImport',
        summary: 'The status of a feed import (API key)',
        ...docs,
        description: `The import a \`POST /api/v1/customers\` answered: its status and, once it has ended, what was accepted and rejected with the first 100 problems. Any feed import of the key's firm; another firm's, or a file an employee uploaded, answers 404.

\`\`\`sh
curl "$BEHAVIO_URL/api/v1/imports/$IMPORT_ID" -H "Authorization: Bearer $BEHAVIO_API_KEY"
\`\`\``,
        params: importIdParamsSchema,
        response: { 200: importStatusResponseSchema, 400: errorBodySchema, ...errors },
      },
    },
    (request) => feed.status(apiKeyOf(request), request.params.import_id),
  );
}
