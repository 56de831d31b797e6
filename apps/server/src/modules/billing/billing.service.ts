import {
  BILLING_MESSAGES,
  type BillingCycle,
  type LocalCheckoutSession,
  type PaidPlan,
  type PlansResponse,
  type SubscriptionChangeResponse,
  type SubscriptionStatus,
  type WebhookResponse,
} from '@behavio/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database, LocalCheckoutSessionRow, SubscriptionRow } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../errors/app-error.js';
import type { Principal } from '../../plugins/access.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { JobQueue } from '../jobs/job-queue.js';
import * as repo from './billing.repository.js';
import { addCycle, plansResponse } from './plans.js';
import { LocalPaymentProvider } from './providers/local.provider.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { StripePaymentProvider } from './providers/stripe.provider.js';
import {
  SubscriptionLifecycle,
  type ApplyContext,
  type ApplyResult,
  type SubscriptionEvent,
  type SubscriptionPatch,
} from './subscription-lifecycle.js';

/**
 * The subscription screen after a checkout. The offline checkout answers these paths, relative to
 * the address the app was opened at (see LocalPaymentProvider.checkoutUrl); Stripe gets them on
 * PUBLIC_URL.
 */
const SUCCESS_PATH = '/subscription?paymentSuccess=true';
const CANCEL_PATH = '/subscription?paymentCancelled=true';
/** The spec's cancelled flag, plus why: the page says the card was declined, not cancelled. */
const DECLINED_PATH = `${CANCEL_PATH}&paymentDeclined=true`;

/** The queue of period-end checks: each job runs the scheduler (processDue). */
export const BILLING_QUEUE = 'billing-period-end';

/** The systems recorded as the actor of changes no signed-in user made. */
export const SYSTEM_ACTORS = {
  stripe: 'stripe',
  localCheckout: 'local-checkout',
  scheduler: 'billing-scheduler',
} as const;

type Outcome = 'paid' | 'cancelled' | 'failed';

interface Deps {
  db: Kysely<Database>;
  queue: JobQueue;
  logger: Logger;
  publicUrl: string;
  /** Null when no payment provider is configured: nothing can be bought (503). */
  provider: PaymentProvider | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function statusOf(row: SubscriptionRow | undefined): SubscriptionStatus {
  if (!row || row.status === 'ended')
    return {
      hasSubscription: false,
      status: null,
      plan: null,
      billingCycle: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      provider: null,
      paymentUrl: null,
    };
  return {
    hasSubscription: true,
    status: row.status,
    plan: row.plan,
    billingCycle: row.billing_cycle,
    currentPeriodEnd: iso(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    provider: row.provider,
    paymentUrl: row.payment_url,
  };
}

const endDate = (value: Date | string) =>
  new Date(value).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Plans, subscriptions and their payment provider. The rules are in docs/billing.md; every
 * change of state goes through SubscriptionLifecycle.
 */
export class BillingService {
  readonly lifecycle: SubscriptionLifecycle;

  constructor(private readonly deps: Deps) {
    this.lifecycle = new SubscriptionLifecycle({
      logger: deps.logger,
      scheduleCheck: async (trx, subscriptionId, at) => {
        const startAfter = new Date(Math.max(at.getTime(), Date.now()) + 1000);
        await deps.queue.send(
          BILLING_QUEUE,
          { subscriptionId },
          { trx, startAfter, retryLimit: 5 },
        );
      },
    });
  }

  private get db() {
    return this.deps.db;
  }

  /** Where Stripe sends the customer back: absolute, on PUBLIC_URL. */
  private get successUrl() {
    return `${this.deps.publicUrl}${SUCCESS_PATH}`;
  }

  private get cancelUrl() {
    return `${this.deps.publicUrl}${CANCEL_PATH}`;
  }

  plans(): PlansResponse {
    return plansResponse();
  }

  async status(principal: Principal): Promise<SubscriptionStatus> {
    return statusOf(await repo.findLiveSubscription(this.db, principal.firmId));
  }

  /** Starts a checkout for a firm without a subscription; answers the URL to send the browser to. */
  async create(
    principal: Principal,
    input: { plan: PaidPlan; billingCycle: BillingCycle },
  ): Promise<{ url: string }> {
    if (await repo.findLiveSubscription(this.db, principal.firmId))
      throw badRequest(
        BILLING_MESSAGES.alreadySubscribedUseUpdate,
        undefined,
        'already_subscribed',
      );
    const provider = this.deps.provider;
    if (!provider)
      throw new AppError('payments_not_configured', BILLING_MESSAGES.paymentsNotConfigured);
    const checkout = await this.callProvider('start a checkout', async () =>
      provider.startCheckout({
        firmId: principal.firmId,
        adminId: principal.userId,
        adminEmail: principal.email,
        plan: input.plan,
        billingCycle: input.billingCycle,
        customerId: await repo.lastProviderCustomerId(this.db, principal.firmId, provider.name),
        successUrl: this.successUrl,
        cancelUrl: this.cancelUrl,
      }),
    );
    await recordAudit(this.db, principal, {
      action: 'subscription.checkout_started',
      subjectType: 'checkout',
      subjectId: checkout.sessionId,
      after: { provider: provider.name, plan: input.plan, billingCycle: input.billingCycle },
    });
    return { url: checkout.url };
  }

  /** Changes plan or cycle (prorated by the provider); the current plan again resumes one set to end. */
  async update(
    principal: Principal,
    input: { newPlan: PaidPlan; newBillingCycle: BillingCycle },
    now = new Date(),
  ): Promise<SubscriptionChangeResponse> {
    const current = await repo.findLiveSubscription(this.db, principal.firmId);
    if (!current) throw badRequest(BILLING_MESSAGES.noSubscription);
    const same = current.plan === input.newPlan && current.billing_cycle === input.newBillingCycle;
    if (same && !current.cancel_at_period_end)
      throw badRequest(BILLING_MESSAGES.alreadySubscribed, undefined, 'already_subscribed');
    const provider = this.providerFor(current);
    const patch = await this.callProvider('change the plan', () =>
      provider.changePlan(current, input.newPlan, input.newBillingCycle, now),
    );
    const result = await this.applyOwn(principal, current, patch);
    return {
      message: same ? 'Your subscription will continue' : 'Subscription updated',
      subscription: statusOf(result),
    };
  }

  /** Sets the subscription to end with its current period; asking again changes nothing. */
  async cancel(principal: Principal, now = new Date()): Promise<SubscriptionChangeResponse> {
    const current = await repo.findLiveSubscription(this.db, principal.firmId);
    if (!current) throw badRequest(BILLING_MESSAGES.noSubscriptionToCancel);
    let row = current;
    if (!current.cancel_at_period_end) {
      const provider = this.providerFor(current);
      const patch = await this.callProvider('cancel the subscription', () =>
        provider.cancelAtPeriodEnd(current, now),
      );
      row = await this.applyOwn(principal, current, patch);
    }
    return {
      message: `Your subscription will end on ${endDate(row.current_period_end)}`,
      subscription: statusOf(row),
    };
  }

  /** The admin's own change, already made at the provider: applied at once, not on the webhook. */
  private async applyOwn(
    principal: Principal,
    current: SubscriptionRow,
    patch: SubscriptionPatch,
  ): Promise<SubscriptionRow> {
    const result = await this.db.transaction().execute((trx) =>
      this.lifecycle.apply(
        trx,
        {
          type: 'change',
          provider: current.provider,
          providerSubscriptionId: current.provider_subscription_id,
          patch,
        },
        { actor: principal },
      ),
    );
    if (result.outcome !== 'applied') throw badRequest(BILLING_MESSAGES.noSubscription);
    return result.subscription;
  }

  /* ----------------------------------------- Stripe webhooks ---------------------------------- */

  /**
   * Verifies and applies one Stripe event, once: the event id is claimed in the same transaction
   * as its effect, so a replay (or a concurrent second delivery) answers 200 and changes nothing.
   */
  async stripeWebhook(payload: Buffer, signature: string | undefined): Promise<WebhookResponse> {
    const provider = this.deps.provider;
    if (!(provider instanceof StripePaymentProvider))
      throw badRequest(BILLING_MESSAGES.webhooksDisabled);
    const event = provider.verifyWebhook(payload, signature);
    const key = { provider: 'stripe' as const, eventId: event.id };
    const seen = await repo.processedEventOutcome(this.db, 'stripe', event.id);
    if (seen) return { received: true, duplicate: true, outcome: seen };
    const meaning = await this.callProvider('read the event', () => provider.meaningOf(event));
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.claimEvent(trx, { ...key, type: event.type })))
        return { received: true as const, duplicate: true, outcome: 'applied' as const };
      if (meaning.kind === 'unhandled') {
        await repo.setEventOutcome(trx, key, { outcome: 'unhandled', detail: null, firmId: null });
        return { received: true as const, duplicate: false, outcome: 'unhandled' as const };
      }
      const result: ApplyResult =
        meaning.kind === 'event'
          ? await this.lifecycle.apply(trx, meaning.event, {
              actor: { system: SYSTEM_ACTORS.stripe },
              eventAt: new Date(event.created * 1000),
            })
          : { outcome: 'ignored', reason: meaning.reason, firmId: meaning.firmId };
      const detail = result.outcome === 'applied' ? result.actions.join(',') : result.reason;
      const firmId = result.firmId ?? meaning.firmId;
      await repo.setEventOutcome(trx, key, {
        outcome: result.outcome,
        detail,
        firmId: firmId && repo.isUuid(firmId) ? firmId : null,
      });
      if (result.outcome === 'ignored')
        this.deps.logger.warn(
          { eventId: event.id, type: event.type, reason: result.reason },
          'stripe event ignored',
        );
      return {
        received: true as const,
        duplicate: false,
        outcome: result.outcome,
        ...(result.outcome === 'ignored' ? { reason: result.reason } : {}),
      };
    });
  }

  /* ----------------------------------------- offline checkout --------------------------------- */

  /** The offline checkout exists only while the offline provider runs subscriptions. */
  private requireLocal(): LocalPaymentProvider {
    const provider = this.deps.provider;
    if (!(provider instanceof LocalPaymentProvider))
      throw notFound(BILLING_MESSAGES.checkoutNotFound);
    return provider;
  }

  async localCheckout(
    principal: Principal,
    sessionId: string,
    now = new Date(),
  ): Promise<LocalCheckoutSession> {
    this.requireLocal();
    const session = await repo.findLocalSession(this.db, principal.firmId, sessionId);
    if (!session) throw notFound(BILLING_MESSAGES.checkoutNotFound);
    return {
      session_id: session.id,
      kind: session.kind,
      plan: session.plan,
      billingCycle: session.billing_cycle,
      amount: session.amount,
      currency: session.currency,
      status: effectiveStatus(session, now),
      expiresAt: session.expires_at ? iso(session.expires_at) : null,
    };
  }

  /**
   * The offline checkout's Pay, Cancel or a simulated card failure. It drives the same state
   * changes as Stripe's webhooks: a paid purchase activates, a paid renewal settles, a failed
   * renewal makes the subscription past_due. A session completes once.
   */
  async completeLocalCheckout(
    principal: Principal,
    sessionId: string,
    outcome: Outcome,
    now = new Date(),
  ): Promise<{ redirectUrl: string }> {
    const local = this.requireLocal();
    const ctx: ApplyContext = { actor: { system: SYSTEM_ACTORS.localCheckout }, eventAt: now };
    return this.db.transaction().execute(async (trx) => {
      await repo.lockFirm(trx, principal.firmId);
      const session = await repo.findLocalSession(trx, principal.firmId, sessionId, {
        forUpdate: true,
      });
      if (!session) throw notFound(BILLING_MESSAGES.checkoutNotFound);
      const status = effectiveStatus(session, now);
      if (status === 'expired') throw conflict(BILLING_MESSAGES.checkoutExpired, 'checkout_closed');
      if (status !== 'open') throw conflict(BILLING_MESSAGES.checkoutCompleted, 'checkout_closed');

      if (session.kind === 'subscription') {
        if (outcome === 'paid') {
          if (await repo.findLiveSubscription(trx, session.firm_id, { forUpdate: true }))
            throw conflict(BILLING_MESSAGES.alreadySubscribed, 'checkout_closed');
          await repo.completeLocalSession(trx, session.id, 'paid');
          await repo.expireOpenSessions(trx, { firmId: session.firm_id, kind: 'subscription' });
          await this.apply(trx, local.activation(session, now), ctx);
          return { redirectUrl: SUCCESS_PATH };
        }
        // A first payment that fails or is cancelled leaves the firm as it was.
        await repo.completeLocalSession(trx, session.id, outcome);
        return { redirectUrl: outcome === 'failed' ? DECLINED_PATH : CANCEL_PATH };
      }

      const subscription = session.subscription_id
        ? await repo.findLiveSubscription(trx, session.firm_id, { forUpdate: true })
        : undefined;
      if (!subscription || subscription.id !== session.subscription_id)
        throw conflict(BILLING_MESSAGES.checkoutExpired, 'checkout_closed');
      await repo.completeLocalSession(trx, session.id, outcome);
      const change = (patch: SubscriptionPatch) =>
        this.apply(
          trx,
          {
            type: 'change',
            provider: 'local',
            providerSubscriptionId: subscription.provider_subscription_id,
            patch,
          },
          ctx,
        );
      if (outcome === 'paid') {
        await change({ status: 'active', paymentUrl: null });
        return { redirectUrl: SUCCESS_PATH };
      }
      // The renewal is still owed: a fresh session takes the place of this one.
      const paymentUrl = await local.openRenewal(trx, subscription);
      await change(outcome === 'failed' ? { status: 'past_due', paymentUrl } : { paymentUrl });
      return { redirectUrl: outcome === 'failed' ? DECLINED_PATH : CANCEL_PATH };
    });
  }

  private async apply(trx: Transaction<Database>, event: SubscriptionEvent, ctx: ApplyContext) {
    const result = await this.lifecycle.apply(trx, event, ctx);
    if (result.outcome !== 'applied') throw conflict(result.reason);
    return result;
  }

  /* -------------------------------------------- scheduler ------------------------------------- */

  /**
   * Acts on every subscription whose period has ended by `now`: one set to end ends (the firm
   * goes back to free); an offline one renews into its next period with a renewal to pay, or
   * ends if the last renewal was never paid. Safe to run any number of times, from any process.
   */
  async processDue(now = new Date()): Promise<{ ended: number; renewed: number }> {
    const counts = { ended: 0, renewed: 0 };
    const ctx: ApplyContext = { actor: { system: SYSTEM_ACTORS.scheduler } };
    for (let round = 0; round < 1000; round++) {
      const due = await repo.dueSubscriptions(this.db, now, 100);
      if (due.length === 0) break;
      for (const { id, firm_id: firmId } of due) {
        await this.db.transaction().execute(async (trx) => {
          await repo.lockFirm(trx, firmId);
          const row = await repo.lockDueSubscription(trx, id, now);
          if (!row) return;
          const event = (patch: SubscriptionPatch) =>
            ({
              type: 'change',
              provider: row.provider,
              providerSubscriptionId: row.provider_subscription_id,
              patch,
            }) as const;
          if (row.cancel_at_period_end) {
            await this.lifecycle.apply(
              trx,
              { ...event({ status: 'ended' }), reason: 'cancelled at the period end' },
              ctx,
            );
            counts.ended++;
            return;
          }
          if (row.provider !== 'local') return;
          if (await repo.findOpenRenewal(trx, row.id)) {
            await this.lifecycle.apply(
              trx,
              { ...event({ status: 'ended' }), reason: 'the renewal was not paid' },
              ctx,
            );
            counts.ended++;
            return;
          }
          const local = this.deps.provider;
          if (!(local instanceof LocalPaymentProvider)) return;
          const periodStart = new Date(row.current_period_end);
          const paymentUrl = await local.openRenewal(trx, row);
          await this.lifecycle.apply(
            trx,
            event({
              currentPeriodStart: periodStart,
              currentPeriodEnd: addCycle(periodStart, row.billing_cycle),
              paymentUrl,
            }),
            ctx,
          );
          counts.renewed++;
        });
      }
    }
    return counts;
  }

  /* ---------------------------------------------- helpers ------------------------------------- */

  /** A subscription is managed by the provider it was bought through. */
  private providerFor(row: SubscriptionRow): PaymentProvider {
    const provider = this.deps.provider;
    if (!provider || row.provider !== provider.name)
      throw new AppError(
        409,
        `This subscription is managed through ${row.provider === 'stripe' ? 'Stripe' : 'the offline checkout'}, which this server is not configured for.`,
      );
    return provider;
  }

  /** Provider failures answer 502 with a plain message; the detail goes to the log. */
  private async callProvider<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.deps.logger.error(
        { err: error, provider: this.deps.provider?.name },
        `could not ${what}`,
      );
      throw new AppError('provider_unavailable', BILLING_MESSAGES.providerUnavailable);
    }
  }
}

function effectiveStatus(session: LocalCheckoutSessionRow, now: Date) {
  if (session.status === 'open' && session.expires_at && new Date(session.expires_at) <= now)
    return 'expired' as const;
  return session.status;
}
