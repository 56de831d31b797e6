import {
  createProductRequestSchema,
  deleteProductResponseSchema,
  listProductsResponseSchema,
  productIdParamsSchema,
  productOutcomeRequestSchema,
  productOutcomeResponseSchema,
  productPerformanceResponseSchema,
  productSchema,
  recordHeadersSchema,
  updateProductRequestSchema,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { ProductsService } from './products.service.js';

const errors = errorResponses(400, 403, 404, 409, 420);
const docs = bearerRouteDocs('products');

/** The firm's product shelf (issue 18): read by every role, changed by the admin. */
export function productsRoutes(app: FastifyInstance, deps: { products: ProductsService }) {
  const { products } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/products',
    {
      config: { access: RULES.anyEmployee },
      schema: {
        operationId: 'listProducts',
        summary: "The firm's product shelf",
        ...docs,
        description: "The firm's products, active or not, by name.",
        response: { 200: listProductsResponseSchema, ...errors },
      },
    },
    (request) => products.list(principalOf(request)),
  );

  r.post(
    '/api/products',
    {
      config: { access: RULES.productShelf },
      schema: {
        operationId: 'createProduct',
        summary: 'Add a product to the shelf',
        ...docs,
        description:
          'Adds a product. Left-out rules are empty (no rule); weight defaults to 5; a product naming no needs serves every need of its category.',
        body: createProductRequestSchema,
        response: { 201: productSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await products.create(principalOf(request), request.body)),
  );

  r.put(
    '/api/products/:product_id',
    {
      config: { access: RULES.productShelf },
      schema: {
        operationId: 'updateProduct',
        summary: 'Change a product of the shelf',
        ...docs,
        description:
          'Changes the fields given (null clears a rule); the others stay. Set active to false to take a product off the shelf.',
        params: productIdParamsSchema,
        body: updateProductRequestSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    (request) => products.update(principalOf(request), request.params.product_id, request.body),
  );

  r.delete(
    '/api/products/:product_id',
    {
      config: { access: RULES.productShelf },
      schema: {
        operationId: 'deleteProduct',
        summary: 'Remove a product from the shelf',
        ...docs,
        description:
          '409 when the product was ever recommended or has recorded outcomes: deactivate it instead.',
        params: productIdParamsSchema,
        response: { 200: deleteProductResponseSchema, ...errors },
      },
    },
    (request) => products.remove(principalOf(request), request.params.product_id),
  );

  r.post(
    '/api/content/product-outcome',
    {
      config: { access: RULES.productOutcome },
      schema: {
        operationId: 'recordProductOutcome',
        summary: 'Record that a product was offered, accepted or declined',
        ...docs,
        description:
          "Records that a product was offered, accepted or declined by a customer (or 'undone', taking back the standing outcome): an RM for their own customers, the admin for any. Append-only and audited; an accepted product is not recommended again, a declined one not for RECOMMENDATION_COOLOFF_DAYS days. An outcome that repeats the pair's standing one (the same outcome; a refusal only within the cooling-off of the one standing) records nothing and answers the standing record, so a double submission makes one record and one Undo takes it back. Send `Idempotency-Key` to retry safely.",
        headers: recordHeadersSchema,
        body: productOutcomeRequestSchema,
        response: { 201: productOutcomeResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const answer = await products.recordOutcome(
        principalOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(201).send(answer.body);
    },
  );

  r.get(
    '/api/content/product-performance',
    {
      config: { access: RULES.productPerformance },
      schema: {
        operationId: 'getProductPerformance',
        summary: 'How each product and each person does with recommendations',
        ...docs,
        description:
          'Per product: the customers it is recommended to now, and the customer-product pairs offered, accepted and declined (outcomes that stand, an Undo taking one back) with the acceptance rate (accepted of decided); per person, the same by who recorded the latest outcome.',
        response: { 200: productPerformanceResponseSchema, ...errors },
      },
    },
    (request) => products.performance(principalOf(request)),
  );
}
