import { customerPageParamsSchema, customerPageResponseSchema } from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { CustomerPageService } from './customer-page.service.js';

/** The customer page: the admin for any of the firm's customers, an RM for their own. */
export function customerPageRoutes(
  app: FastifyInstance,
  deps: { customerPage: CustomerPageService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/content/customer/:customer_id',
    {
      config: { access: RULES.customerPage },
      schema: {
        operationId: 'getCustomer',
        summary: 'One customer: insights, products and history',
        ...bearerRouteDocs('customers'),
        description:
          "One customer: the row as sent, the insights with every bias's evidence, the recommended products with their reasons and suitability, the excluded products with why, and the recorded product and call outcomes (newest first). Another RM's customer, like another firm's, answers 404.",
        params: customerPageParamsSchema,
        response: { 200: customerPageResponseSchema, ...errorResponses(400, 403, 404, 420) },
      },
    },
    (request) => deps.customerPage.get(principalOf(request), request.params.customer_id),
  );
}
