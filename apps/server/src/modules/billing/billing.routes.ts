import {
  completeLocalCheckoutRequestSchema,
  completeLocalCheckoutResponseSchema,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  localCheckoutParamsSchema,
  localCheckoutSessionSchema,
  plansResponseSchema,
  subscriptionChangeResponseSchema,
  subscriptionStatusSchema,
  updateSubscriptionRequestSchema,
  webhookResponseSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { BillingService } from './billing.service.js';

const errors = errorResponses(400, 403, 404, 409, 420, 502);
const docs = bearerRouteDocs('subscription');

/**
 * The subscription calls of product-rules: API calls, the offline checkout and Stripe's webhook. Each group is
 * its own encapsulated plugin, so the body parsing it needs stays with it: the rest of the app
 * keeps Fastify's JSON parser.
 */
export async function billingRoutes(app: FastifyInstance, deps: { billing: BillingService }) {
  const { billing } = deps;

  await app.register(async (api) => {
    // product-rules: API calls sends cancel with an empty body; clients that still label it JSON are accepted.
    const json = api.getDefaultJsonParser('error', 'error');
    api.removeContentTypeParser('application/json');
    api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (String(body).trim() === '') return done(null, undefined);
      return json(request, body as string, done);
    });
    const r = api.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/subscription/plans',
      {
        config: { access: RULES.anyEmployee },
        schema: {
          operationId: 'listPlans',
          summary: 'The paid plans, their prices and features',
          ...docs,
          description: 'The plans with their prices, yearly saving and features.',
          response: { 200: plansResponseSchema, ...errors },
        },
      },
      () => billing.plans(),
    );

    r.get(
      '/api/subscription/subscription-status',
      {
        config: { access: RULES.anyEmployee },
        schema: {
          operationId: 'getSubscriptionStatus',
          summary: "The firm's subscription",
          ...docs,
          description:
            "The firm's subscription. Any employee may read it; only the admin can change it.",
          response: { 200: subscriptionStatusSchema, ...errors },
        },
      },
      (request) => billing.status(principalOf(request)),
    );

    r.post(
      '/api/subscription/create',
      {
        config: { access: RULES.billing },
        schema: {
          operationId: 'createSubscription',
          summary: 'Start buying a plan: answers the checkout page',
          ...docs,
          description:
            'Starts a checkout for a firm without a subscription and answers the URL to send the browser to (Stripe Checkout, or the offline checkout page). 400 when the firm already has one: change it through update.',
          body: createSubscriptionRequestSchema,
          response: { 200: createSubscriptionResponseSchema, ...errors },
        },
      },
      (request) => billing.create(principalOf(request), request.body),
    );

    r.post(
      '/api/subscription/update',
      {
        config: { access: RULES.billing },
        schema: {
          operationId: 'updateSubscription',
          summary: "Change the firm's plan or billing cycle",
          ...docs,
          description:
            "Changes the plan or billing cycle, prorated by the provider. The current plan and cycle answer 400 'Already subscribed', unless the subscription is set to end: then it continues.",
          body: updateSubscriptionRequestSchema,
          response: { 200: subscriptionChangeResponseSchema, ...errors },
        },
      },
      (request) => billing.update(principalOf(request), request.body),
    );

    r.post(
      '/api/subscription/cancel',
      {
        config: { access: RULES.billing },
        schema: {
          operationId: 'cancelSubscription',
          summary: 'Cancel the subscription at the end of its period',
          ...docs,
          description:
            'Sets the subscription to end at the end of the current period; the plan stays until then.',
          response: { 200: subscriptionChangeResponseSchema, ...errors },
        },
      },
      (request) => billing.cancel(principalOf(request)),
    );

    r.get(
      '/api/subscription/local-checkout/:session_id',
      {
        config: { access: RULES.billing },
        schema: {
          operationId: 'getLocalCheckout',
          summary: 'An offline checkout session',
          ...docs,
          description:
            'The offline checkout (no payment provider configured): what the page at /checkout/{session_id} shows. 404 for another firm’s session or when Stripe is configured.',
          params: localCheckoutParamsSchema,
          response: { 200: localCheckoutSessionSchema, ...errors },
        },
      },
      (request) => billing.localCheckout(principalOf(request), request.params.session_id),
    );

    r.post(
      '/api/subscription/local-checkout/:session_id',
      {
        config: { access: RULES.billing },
        schema: {
          operationId: 'completeLocalCheckout',
          summary: 'Pay, decline or cancel an offline checkout',
          ...docs,
          description:
            'Completes an offline checkout as paid, cancelled or failed (a simulated card decline); it changes the subscription exactly as the matching Stripe webhooks would. A session completes once (409 after).',
          params: localCheckoutParamsSchema,
          body: completeLocalCheckoutRequestSchema,
          response: { 200: completeLocalCheckoutResponseSchema, ...errors },
        },
      },
      (request) =>
        billing.completeLocalCheckout(
          principalOf(request),
          request.params.session_id,
          request.body.outcome,
        ),
    );
  });

  await app.register(async (hooks) => {
    // The signature covers the exact bytes Stripe sent: keep them, parse after verifying.
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    const r = hooks.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/subscription/webhook',
      {
        config: { access: RULES.public },
        schema: {
          operationId: 'receiveStripeWebhook',
          summary: 'Receive a Stripe event (signed)',
          tags: docs.tags,
          consumes: ['application/json'],
          description:
            'Stripe webhook endpoint (no token): the raw event body signed in the Stripe-Signature header. Handles checkout.session.completed, customer.subscription.updated and .deleted, invoice.paid and invoice.payment_failed; other events answer 200 unhandled. Each event id is processed once: a replay answers 200 with duplicate true. 400 for a bad signature or when Stripe is not configured.',
          // Described, not validated: the handler needs the exact bytes to check the signature.
          body: z
            .unknown()
            .describe(
              'A Stripe event object ({id, type, created, data: {object}}), as Stripe sent it',
            ),
          response: { 200: webhookResponseSchema, ...errorResponses(400, 502) },
        },
      },
      (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return billing.stripeWebhook(body, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}
