import type { BillingCycle, PaidPlan, Plan } from '@behavio/contract';
import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { withoutFirmScope } from '../../db/firm-scope.js';
import type {
  BillingProvider,
  LocalCheckoutStatus,
  SubscriptionRowStatus,
  SubscriptionsTable,
} from '../../db/schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/**
 * Payment webhooks and the period-end sweep find subscriptions, events and checkout sessions by
 * their own or the provider's ids, across firms; the firm is read from the row found.
 */
const byProviderIds = (db: Executor) =>
  withoutFirmScope(db, 'webhooks and the period-end sweep find billing rows by id across firms');

/* ----------------------------------------------- firms ---------------------------------------- */

/**
 * Locks the firm row, so one firm's subscription changes never interleave. Every billing
 * transaction takes this lock first, then the subscription, then checkout sessions: one order,
 * so concurrent webhooks, checkouts and the scheduler cannot deadlock.
 */
export async function lockFirm(db: Executor, firmId: string) {
  if (!isUuid(firmId)) return undefined;
  return db
    .selectFrom('firms')
    .select(['id', 'plan'])
    .where('id', '=', firmId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setFirmPlan(db: Executor, firmId: string, plan: Plan) {
  await db
    .updateTable('firms')
    .set({ plan })
    .where('id', '=', firmId)
    .where('plan', '<>', plan)
    .execute();
}

/* ------------------------------------------- subscriptions ------------------------------------ */

export async function findLiveSubscription(
  db: Executor,
  firmId: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = db
    .selectFrom('subscriptions')
    .selectAll()
    .where('firm_id', '=', firmId)
    .where('status', '<>', 'ended');
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findSubscriptionByProviderId(
  db: Executor,
  provider: BillingProvider,
  providerSubscriptionId: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = byProviderIds(db)
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_subscription_id', '=', providerSubscriptionId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The provider's customer of the firm's last subscription, so a returning firm is one customer. */
export async function lastProviderCustomerId(
  db: Executor,
  firmId: string,
  provider: BillingProvider,
) {
  const row = await db
    .selectFrom('subscriptions')
    .select('provider_customer_id')
    .where('firm_id', '=', firmId)
    .where('provider', '=', provider)
    .where('provider_customer_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.provider_customer_id ?? null;
}

export async function insertSubscription(
  db: Executor,
  values: {
    firmId: string;
    provider: BillingProvider;
    providerSubscriptionId: string;
    providerCustomerId: string | null;
    plan: PaidPlan;
    billingCycle: BillingCycle;
    status: Exclude<SubscriptionRowStatus, 'ended'>;
    currentPeriodStart: Date;
    currentPeriodEnd: Date;
    cancelAtPeriodEnd: boolean;
    paymentUrl: string | null;
    lastEventAt: Date | null;
  },
) {
  return db
    .insertInto('subscriptions')
    .values({
      firm_id: values.firmId,
      provider: values.provider,
      provider_subscription_id: values.providerSubscriptionId,
      provider_customer_id: values.providerCustomerId,
      plan: values.plan,
      billing_cycle: values.billingCycle,
      status: values.status,
      current_period_start: values.currentPeriodStart,
      current_period_end: values.currentPeriodEnd,
      cancel_at_period_end: values.cancelAtPeriodEnd,
      payment_url: values.paymentUrl,
      last_event_at: values.lastEventAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type SubscriptionUpdate = Pick<
  Updateable<SubscriptionsTable>,
  | 'plan'
  | 'billing_cycle'
  | 'status'
  | 'current_period_start'
  | 'current_period_end'
  | 'cancel_at_period_end'
  | 'payment_url'
  | 'last_event_at'
  | 'ended_at'
>;

export async function updateSubscription(db: Executor, id: string, values: SubscriptionUpdate) {
  return byProviderIds(db)
    .updateTable('subscriptions')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Live subscriptions whose period has ended and that the scheduler acts on. */
export async function dueSubscriptions(db: Executor, now: Date, limit: number) {
  return byProviderIds(db)
    .selectFrom('subscriptions')
    .select(['id', 'firm_id'])
    .where('status', '<>', 'ended')
    .where('current_period_end', '<=', now)
    .where((eb) => eb.or([eb('cancel_at_period_end', '=', true), eb('provider', '=', 'local')]))
    .orderBy('current_period_end')
    .limit(limit)
    .execute();
}

export async function lockDueSubscription(db: Executor, id: string, now: Date) {
  return byProviderIds(db)
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('status', '<>', 'ended')
    .where('current_period_end', '<=', now)
    .forUpdate()
    .executeTakeFirst();
}

/* ------------------------------------------ provider events ----------------------------------- */

/** How an event was handled the first time, or undefined if it is new. */
export async function processedEventOutcome(
  db: Executor,
  provider: BillingProvider,
  eventId: string,
) {
  const row = await byProviderIds(db)
    .selectFrom('billing_events')
    .select('outcome')
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.outcome === 'ignored' || row.outcome === 'unhandled' ? row.outcome : 'applied';
}

/** Claims the event; false when it was processed before (or by a concurrent delivery). */
export async function claimEvent(
  db: Executor,
  values: { provider: BillingProvider; eventId: string; type: string },
) {
  const row = await byProviderIds(db)
    .insertInto('billing_events')
    .values({ provider: values.provider, event_id: values.eventId, type: values.type })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setEventOutcome(
  db: Executor,
  key: { provider: BillingProvider; eventId: string },
  values: { outcome: string; detail: string | null; firmId: string | null },
) {
  await byProviderIds(db)
    .updateTable('billing_events')
    .set({ outcome: values.outcome, detail: values.detail, firm_id: values.firmId })
    .where('provider', '=', key.provider)
    .where('event_id', '=', key.eventId)
    .execute();
}

/* ------------------------------------- local checkout sessions -------------------------------- */

export async function insertLocalSession(
  db: Executor,
  values: {
    id: string;
    firmId: string;
    kind: 'subscription' | 'renewal';
    subscriptionId: string | null;
    plan: PaidPlan;
    billingCycle: BillingCycle;
    amount: number;
    currency: string;
    createdBy: string | null;
    expiresAt: Date | null;
  },
) {
  return db
    .insertInto('local_checkout_sessions')
    .values({
      id: values.id,
      firm_id: values.firmId,
      kind: values.kind,
      subscription_id: values.subscriptionId,
      plan: values.plan,
      billing_cycle: values.billingCycle,
      amount: values.amount,
      currency: values.currency,
      created_by: values.createdBy,
      expires_at: values.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findLocalSession(
  db: Executor,
  firmId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = db
    .selectFrom('local_checkout_sessions')
    .selectAll()
    .where('firm_id', '=', firmId)
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function completeLocalSession(
  db: Executor,
  id: string,
  status: Exclude<LocalCheckoutStatus, 'open'>,
) {
  await byProviderIds(db)
    .updateTable('local_checkout_sessions')
    .set({ status, completed_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Voids the firm's other open purchase sessions (one was paid) or a subscription's renewals. */
export async function expireOpenSessions(
  db: Executor,
  scope: { firmId: string; kind: 'subscription' } | { subscriptionId: string },
) {
  let query = byProviderIds(db)
    .updateTable('local_checkout_sessions')
    .set({ status: 'expired', completed_at: sql`now()` })
    .where('status', '=', 'open');
  query =
    'subscriptionId' in scope
      ? query.where('subscription_id', '=', scope.subscriptionId)
      : query.where('firm_id', '=', scope.firmId).where('kind', '=', scope.kind);
  await query.execute();
}

export async function findOpenRenewal(db: Executor, subscriptionId: string) {
  return byProviderIds(db)
    .selectFrom('local_checkout_sessions')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}
