import type { BillingCycle, PaidPlan } from '@behavio/contract';
import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { BillingProvider, Database, SubscriptionRow } from '../../db/schema.js';
import type { Principal } from '../../plugins/access.js';
import { recordAudit, type AuditActor } from '../audit/audit.repository.js';
import * as repo from './billing.repository.js';

/**
 * The one place a subscription changes state. Stripe webhooks, the offline checkout, the
 * scheduler and the admin's own calls all describe what happened as a SubscriptionEvent and
 * apply it here, in the caller's transaction: the subscription row, the firm's plan, the audit
 * trail and the next scheduled check move together. The state machine is in docs/billing.md.
 */

export type LiveStatus = 'active' | 'past_due';

export interface SubscriptionState {
  plan: PaidPlan;
  billingCycle: BillingCycle;
  status: LiveStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export interface SubscriptionPatch {
  plan?: PaidPlan;
  billingCycle?: BillingCycle;
  status?: LiveStatus | 'ended';
  currentPeriodStart?: Date;
  currentPeriodEnd?: Date;
  cancelAtPeriodEnd?: boolean;
  /** Where an open invoice can be paid; null clears it. */
  paymentUrl?: string | null;
}

export type SubscriptionEvent =
  | {
      /** A checkout was paid: the firm's subscription starts (or, seen again, is brought up to date). */
      type: 'activate';
      firmId: string;
      provider: BillingProvider;
      providerSubscriptionId: string;
      providerCustomerId: string | null;
      state: SubscriptionState;
    }
  | {
      /** Something about a known subscription changed. */
      type: 'change';
      provider: BillingProvider;
      providerSubscriptionId: string;
      patch: SubscriptionPatch;
      /** Why, for the audit trail (an ending's cause). */
      reason?: string;
    };

export type ApplyResult =
  | { outcome: 'applied'; firmId: string; subscription: SubscriptionRow; actions: string[] }
  | { outcome: 'ignored'; reason: string; firmId: string | null };

export interface ApplyContext {
  /** The admin who asked, or the system that reported it ('stripe', 'local-checkout', 'scheduler'). */
  actor: Principal | { system: string };
  /** When the provider says it happened: older events than the last applied one are ignored. */
  eventAt?: Date | null;
}

/** Schedules the scheduler's next look at a subscription (its period end). */
export type ScheduleCheck = (
  trx: Transaction<Database>,
  subscriptionId: string,
  at: Date,
) => Promise<void>;

const snapshot = (row: SubscriptionRow) => ({
  provider: row.provider,
  plan: row.plan,
  billingCycle: row.billing_cycle,
  status: row.status,
  currentPeriodEnd: new Date(row.current_period_end).toISOString(),
  cancelAtPeriodEnd: row.cancel_at_period_end,
  paymentUrl: row.payment_url,
});

const sameTime = (a: Date | null, b: Date | null) =>
  (a === null ? null : new Date(a).getTime()) === (b === null ? null : new Date(b).getTime());

export class SubscriptionLifecycle {
  constructor(private readonly deps: { logger: Logger; scheduleCheck: ScheduleCheck }) {}

  async apply(
    trx: Transaction<Database>,
    event: SubscriptionEvent,
    ctx: ApplyContext,
  ): Promise<ApplyResult> {
    if (event.type === 'activate') return this.activate(trx, event, ctx);
    const found = await repo.findSubscriptionByProviderId(
      trx,
      event.provider,
      event.providerSubscriptionId,
    );
    if (!found) return { outcome: 'ignored', reason: 'unknown subscription', firmId: null };
    await repo.lockFirm(trx, found.firm_id);
    const row = await repo.findSubscriptionByProviderId(
      trx,
      event.provider,
      event.providerSubscriptionId,
      { forUpdate: true },
    );
    if (!row) return { outcome: 'ignored', reason: 'unknown subscription', firmId: null };
    return this.change(trx, row, event.patch, ctx, event.reason);
  }

  private async activate(
    trx: Transaction<Database>,
    event: Extract<SubscriptionEvent, { type: 'activate' }>,
    ctx: ApplyContext,
  ): Promise<ApplyResult> {
    const firm = await repo.lockFirm(trx, event.firmId);
    if (!firm) return { outcome: 'ignored', reason: 'unknown firm', firmId: null };
    const known = await repo.findSubscriptionByProviderId(
      trx,
      event.provider,
      event.providerSubscriptionId,
      { forUpdate: true },
    );
    if (known) {
      if (known.firm_id !== firm.id)
        return { outcome: 'ignored', reason: 'subscription of another firm', firmId: firm.id };
      return this.change(trx, known, event.state, ctx);
    }
    const live = await repo.findLiveSubscription(trx, firm.id, { forUpdate: true });
    if (live) {
      // Two checkouts paid for one firm (possible with Stripe): keep the first, flag the second.
      this.deps.logger.error(
        {
          firmId: firm.id,
          kept: live.provider_subscription_id,
          extra: event.providerSubscriptionId,
        },
        'a second subscription was paid for a firm that already has one; refund or cancel it at the provider',
      );
      return { outcome: 'ignored', reason: 'the firm already has a subscription', firmId: firm.id };
    }
    const row = await repo.insertSubscription(trx, {
      firmId: firm.id,
      provider: event.provider,
      providerSubscriptionId: event.providerSubscriptionId,
      providerCustomerId: event.providerCustomerId,
      plan: event.state.plan,
      billingCycle: event.state.billingCycle,
      status: event.state.status,
      currentPeriodStart: event.state.currentPeriodStart,
      currentPeriodEnd: event.state.currentPeriodEnd,
      cancelAtPeriodEnd: event.state.cancelAtPeriodEnd,
      paymentUrl: null,
      lastEventAt: ctx.eventAt ?? null,
    });
    await repo.setFirmPlan(trx, firm.id, row.plan);
    await recordAudit(trx, this.actor(ctx, firm.id), {
      action: 'subscription.activated',
      subjectType: 'subscription',
      subjectId: row.id,
      before: { plan: firm.plan },
      after: snapshot(row),
    });
    await this.scheduleIfNeeded(trx, row, true);
    return { outcome: 'applied', firmId: firm.id, subscription: row, actions: ['activated'] };
  }

  /** `row` is locked, after its firm. */
  private async change(
    trx: Transaction<Database>,
    row: SubscriptionRow,
    patch: SubscriptionPatch,
    ctx: ApplyContext,
    reason?: string,
  ): Promise<ApplyResult> {
    if (row.status === 'ended')
      return { outcome: 'ignored', reason: 'the subscription has ended', firmId: row.firm_id };
    if (ctx.eventAt && row.last_event_at && ctx.eventAt < new Date(row.last_event_at))
      return { outcome: 'ignored', reason: 'stale event', firmId: row.firm_id };

    const next = {
      plan: patch.plan ?? row.plan,
      billing_cycle: patch.billingCycle ?? row.billing_cycle,
      status: patch.status ?? row.status,
      current_period_start: patch.currentPeriodStart ?? new Date(row.current_period_start),
      current_period_end: patch.currentPeriodEnd ?? new Date(row.current_period_end),
      cancel_at_period_end: patch.cancelAtPeriodEnd ?? row.cancel_at_period_end,
      payment_url: patch.paymentUrl === undefined ? row.payment_url : patch.paymentUrl,
    };
    const actions: string[] = [];
    if (next.status === 'ended') actions.push('expired');
    else {
      if (next.plan !== row.plan || next.billing_cycle !== row.billing_cycle)
        actions.push('updated');
      else if (next.current_period_end > new Date(row.current_period_end)) actions.push('renewed');
      if (next.cancel_at_period_end !== row.cancel_at_period_end)
        actions.push(next.cancel_at_period_end ? 'cancelled' : 'resumed');
      if (next.status !== row.status)
        actions.push(next.status === 'past_due' ? 'past_due' : 'payment_recovered');
    }
    const changed =
      actions.length > 0 ||
      next.payment_url !== row.payment_url ||
      !sameTime(next.current_period_start, row.current_period_start) ||
      !sameTime(next.current_period_end, row.current_period_end);
    const lastEventAt =
      ctx.eventAt && (!row.last_event_at || ctx.eventAt > new Date(row.last_event_at))
        ? ctx.eventAt
        : row.last_event_at;
    if (!changed) {
      if (!sameTime(lastEventAt, row.last_event_at))
        await repo.updateSubscription(trx, row.id, { last_event_at: lastEventAt });
      return { outcome: 'applied', firmId: row.firm_id, subscription: row, actions };
    }

    const ended = next.status === 'ended';
    const updated = await repo.updateSubscription(trx, row.id, {
      ...next,
      payment_url: ended ? null : next.payment_url,
      last_event_at: lastEventAt,
      ended_at: ended ? new Date() : null,
    });
    await repo.setFirmPlan(trx, row.firm_id, ended ? 'free' : updated.plan);
    if (ended) await repo.expireOpenSessions(trx, { subscriptionId: row.id });
    const actor = this.actor(ctx, row.firm_id);
    for (const action of actions)
      await recordAudit(trx, actor, {
        action: `subscription.${action}`,
        subjectType: 'subscription',
        subjectId: row.id,
        before: snapshot(row),
        after: { ...snapshot(updated), ...(ended && reason ? { reason } : {}) },
      });
    const periodMoved = !sameTime(updated.current_period_end, row.current_period_end);
    const cancelTurnedOn = updated.cancel_at_period_end && !row.cancel_at_period_end;
    if (!ended) await this.scheduleIfNeeded(trx, updated, periodMoved || cancelTurnedOn);
    return { outcome: 'applied', firmId: row.firm_id, subscription: updated, actions };
  }

  /**
   * The scheduler acts at a period end on a subscription set to end there, and on every offline
   * subscription (which renews or ends only through it). Stripe renews its own subscriptions.
   */
  private async scheduleIfNeeded(trx: Transaction<Database>, row: SubscriptionRow, moved: boolean) {
    if (!moved) return;
    if (row.provider !== 'local' && !row.cancel_at_period_end) return;
    await this.deps.scheduleCheck(trx, row.id, new Date(row.current_period_end));
  }

  private actor(ctx: ApplyContext, firmId: string): AuditActor {
    return 'system' in ctx.actor ? { firmId, system: ctx.actor.system } : ctx.actor;
  }
}
