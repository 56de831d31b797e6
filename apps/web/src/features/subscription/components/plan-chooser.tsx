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

/**
 * product-rules: Screens 'Choose Your Plan' for admins: the cycle toggle and the plan cards with their
 * subscribe or change buttons. No subscription → create and go to the checkout; subscribed →
 * update; the same plan and cycle → the info 'Already subscribed' (or resume when set to end).
 */
export function PlanChooser({ offer, status }: PlanChooserProps) {
  const queryClient = useQueryClient();
  const [chosenCycle, setChosenCycle] = useState<BillingCycle | null>(null);
  const cycle = chosenCycle ?? status?.billingCycle ?? offer.preferredCycle;
  const [changing, setChanging] = useState<PlanChoice | null>(null);
  const [busyPlan, setBusyPlan] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const create = useCreateSubscription();
  const update = useUpdateSubscription();

  const subscribed = status?.hasSubscription === true;

  const subscribe = (plan: PlanOffer) => {
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
          const next = response.subscription;
          toast.success({
            title: response.message,
            message:
              next.plan && next.billingCycle
                ? `Your firm is on the ${planName(next.plan)} plan, billed ${next.billingCycle}.`
                : 'Your subscription has been updated.',
          });
          setChosenCycle(null);
        },
        onError: (error) => {
          if (hasCode(error, 'already_subscribed'))
            toast.info({ message: SUBSCRIPTION_TEXT.alreadySubscribed });
          else toastProcessError(error);
        },
        onSettled: () => {
          setBusyPlan(null);
          setChanging(null);
        },
      },
    );
  };

  const actionFor = (plan: PlanOffer) => {
    const waiting = status === undefined || redirecting || busyPlan !== null;
    const loading = busyPlan === plan.id && !changing;
    if (!subscribed) {
      return (
        <Button
          fullWidth
          size="md"
          rightSection={<IconArrowRight size={18} />}
          onClick={() => subscribe(plan)}
          loading={loading || (redirecting && create.variables?.plan === plan.id)}
          disabled={waiting && !loading}
        >
          Subscribe to {plan.name}
        </Button>
      );
    }
    const samePlan = status.plan === plan.id;
    if (samePlan && status.billingCycle === cycle) {
      if (status.cancelAtPeriodEnd) {
        return (
          <Button
            fullWidth
            size="md"
            variant="light"
            leftSection={<IconPlayerPlay size={18} />}
            onClick={() => change({ plan, cycle })}
            loading={loading}
            disabled={waiting && !loading}
          >
            Resume {plan.name}
          </Button>
        );
      }
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
        onClick={() => setChanging({ plan, cycle })}
        disabled={waiting}
      >
        {samePlan ? `Switch to ${cycle} billing` : `Switch to ${plan.name}`}
      </Button>
    );
  };

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
              action={actionFor(plan)}
            />
          );
        })}
      </SimpleGrid>

      <ChangePlanModal
        choice={changing}
        currency={offer.currency}
        pending={update.isPending}
        onConfirm={change}
        onClose={() => setChanging(null)}
      />
    </Stack>
  );
}
