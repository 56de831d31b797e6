import {
  BILLING_MESSAGES,
  type BillingCycle,
  type PlanOffer,
  type PlansResponse,
  type SubscriptionStatus,
} from '@behavio/contract';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError, hasCode, endsSession, messageOr } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import {
  SUBSCRIPTION_TEXT,
  subscriptionQueryKeys,
  useCreateSubscription,
  useUpdateSubscription,
} from '../api/subscription';
import { browserLocation } from '../utils/browser';
import { planName } from '@/lib/display-rules';
import { BillingCycleToggle } from './billing-cycle-toggle';
import { ChangePlanModal, type PlanChoice } from './change-plan-modal';
import { PlanCard } from './plan-card';

/** product-rules: Error messages 'Failed to process subscription', with the server's reason when it gave one. */
export function toastProcessError(error: unknown) {
  if (endsSession(error)) return;
  const reason = isApiError(error) ? error.serverMessage : undefined;
  if (reason) toast.error({ title: SUBSCRIPTION_TEXT.failedToProcess, message: reason });
  else toast.error({ message: SUBSCRIPTION_TEXT.failedToProcess });
}

export interface PlanChooserProps {
  offer: PlansResponse;
  /** Undefined while the status loads or when it failed: the buttons wait for it. */
  status: SubscriptionStatus | undefined;
}

/** The success toast's line after a plan change. */
function changedPlanLine({ plan, billingCycle }: SubscriptionStatus): string {
  return plan && billingCycle
    ? `Your firm is on the ${planName(plan)} plan, billed ${billingCycle}.`
    : 'Your subscription has been updated.';
}

/**
 * Subscribing (create, then the provider's checkout) and changing plan (update), with the plan
 * whose call is running. Decisions on a refusal are made on its code (`already_subscribed`).
 */
function usePlanMutations(after: { changed: () => void; changeSettled: () => void }) {
  const queryClient = useQueryClient();
  const [busyPlan, setBusyPlan] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const create = useCreateSubscription();
  const update = useUpdateSubscription();

  const subscribe = (plan: PlanOffer, cycle: BillingCycle) => {
    setBusyPlan(plan.id);
    create.mutate(
      { plan: plan.id, billingCycle: cycle },
      {
        onSuccess: ({ url }) => {
          setRedirecting(true);
          browserLocation.assign(url);
        },
        onError: (error) => {
          if (hasCode(error, 'already_subscribed')) {
            toast.info({ message: messageOr(error, BILLING_MESSAGES.alreadySubscribed) });
            void queryClient.invalidateQueries({ queryKey: subscriptionQueryKeys.status });
          } else {
            toastProcessError(error);
          }
        },
        onSettled: () => setBusyPlan(null),
      },
    );
  };

  const change = (choice: PlanChoice) => {
    setBusyPlan(choice.plan.id);
    update.mutate(
      { newPlan: choice.plan.id, newBillingCycle: choice.cycle },
      {
        onSuccess: (response) => {
          toast.success({
            title: response.message,
            message: changedPlanLine(response.subscription),
          });
          after.changed();
        },
        onError: (error) => {
          if (hasCode(error, 'already_subscribed'))
            toast.info({ message: SUBSCRIPTION_TEXT.alreadySubscribed });
          else toastProcessError(error);
        },
        onSettled: () => {
          setBusyPlan(null);
          after.changeSettled();
        },
      },
    );
  };

  return {
    subscribe,
    change,
    busyPlan,
    redirecting,
    /** The plan whose checkout the browser is leaving for. */
    redirectingTo: redirecting ? create.variables?.plan : undefined,
    changePending: update.isPending,
  };
}

interface PlanActionProps {
  plan: PlanOffer;
  cycle: BillingCycle;
  status: SubscriptionStatus | undefined;
  /** Another call is running or the status is not known yet. */
  waiting: boolean;
  /** This plan's call is running. */
  loading: boolean;
  onSubscribe: () => void;
  onResume: () => void;
  onSwitch: () => void;
}

/**
 * A plan card's button: Subscribe (no subscription), Resume (this plan and cycle, set to end),
 * Subscribed (this plan and cycle), or Switch (another plan or cycle, confirmed in a modal).
 */
function PlanAction({
  plan,
  cycle,
  status,
  waiting,
  loading,
  onSubscribe,
  onResume,
  onSwitch,
}: PlanActionProps) {
  if (status?.hasSubscription !== true) {
    return (
      <Button
        fullWidth
        size="md"
        rightSection={<IconArrowRight size={18} />}
        onClick={onSubscribe}
        loading={loading}
        disabled={waiting && !loading}
      >
        Subscribe to {plan.name}
      </Button>
    );
  }
  const samePlan = status.plan === plan.id;
  if (samePlan && status.billingCycle === cycle && status.cancelAtPeriodEnd) {
    return (
      <Button
        fullWidth
        size="md"
        variant="light"
        leftSection={<IconPlayerPlay size={18} />}
        onClick={onResume}
        loading={loading}
        disabled={waiting && !loading}
      >
        Resume {plan.name}
      </Button>
    );
  }
  if (samePlan && status.billingCycle === cycle) {
    return (
      <Button
        fullWidth
        size="md"
        variant="light"
        leftSection={<IconCircleCheck size={18} />}
        onClick={() => toast.info({ message: SUBSCRIPTION_TEXT.alreadySubscribed })}
      >
        Subscribed
      </Button>
    );
  }
  return (
    <Button
      fullWidth
      size="md"
      variant={samePlan ? 'light' : 'filled'}
      onClick={onSwitch}
      disabled={waiting}
    >
      {samePlan ? `Switch to ${cycle} billing` : `Switch to ${plan.name}`}
    </Button>
  );
}

/**
 * product-rules: Screens 'Choose Your Plan' for admins: the cycle toggle and the plan cards with their
 * subscribe or change buttons. No subscription → create and go to the checkout; subscribed →
 * update; the same plan and cycle → the info 'Already subscribed' (or resume when set to end).
 */
export function PlanChooser({ offer, status }: PlanChooserProps) {
  const [chosenCycle, setChosenCycle] = useState<BillingCycle | null>(null);
  const cycle = chosenCycle ?? status?.billingCycle ?? offer.preferredCycle;
  const [changing, setChanging] = useState<PlanChoice | null>(null);
  const plans = usePlanMutations({
    // After a change the status carries the new cycle: the toggle follows it again.
    changed: () => setChosenCycle(null),
    changeSettled: () => setChanging(null),
  });

  const subscribed = status?.hasSubscription === true;
  const waiting = status === undefined || plans.redirecting || plans.busyPlan !== null;

  return (
    <Stack gap="lg" component="section" aria-labelledby="choose-plan-heading">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={2}>
          <Title order={2} id="choose-plan-heading" fz={{ base: 22, sm: 24 }}>
            {SUBSCRIPTION_TEXT.choosePlan}
          </Title>
          <Text size="sm" c="dimmed">
            Prices in {offer.currency.toUpperCase()}. Change or cancel any time.
          </Text>
        </Stack>
        <BillingCycleToggle
          cycles={offer.billingCycles}
          preferred={offer.preferredCycle}
          value={cycle}
          onChange={setChosenCycle}
        />
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {offer.plans.map((plan) => {
          const hasPlan = subscribed && status.plan === plan.id;
          const loading = plans.busyPlan === plan.id && !changing;
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              cycle={cycle}
              currency={offer.currency}
              current={hasPlan && status.billingCycle === cycle}
              currentOtherCycle={
                hasPlan && status.billingCycle !== cycle ? status.billingCycle : null
              }
              action={
                <PlanAction
                  plan={plan}
                  cycle={cycle}
                  status={status}
                  waiting={waiting}
                  loading={loading || (!subscribed && plans.redirectingTo === plan.id)}
                  onSubscribe={() => plans.subscribe(plan, cycle)}
                  onResume={() => plans.change({ plan, cycle })}
                  onSwitch={() => setChanging({ plan, cycle })}
                />
              }
            />
          );
        })}
      </SimpleGrid>

      <ChangePlanModal
        choice={changing}
        currency={offer.currency}
        pending={plans.changePending}
        onConfirm={plans.change}
        onClose={() => setChanging(null)}
      />
    </Stack>
  );
}
