import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { messageOr } from '@/lib/api-client';
import { PageHeader } from '@/components/ui/page-header/page-header';
import { LoadErrorAlert } from '@/components/ui/query-states/query-states';
import { useUser } from '@/lib/auth';
import { toast } from '@/lib/notify';
import {
  SUBSCRIPTION_TEXT,
  usePlans,
  useSubscriptionStatus,
  useUpdateSubscription,
} from '../api/subscription';
import { usePaymentResult } from '../hooks/use-payment-result';
import { CancelSubscription } from './cancel-subscription';
import { PlanChooser, toastProcessError } from './plan-chooser';
import { SubscriptionStatusCard } from './subscription-status-card';

function PlansLoading() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" aria-busy="true" aria-label="Loading plans">
      {[0, 1].map((index) => (
        <Paper key={index} withBorder p="lg" bg="white">
          <Skeleton h={22} w={100} mb="md" />
          <Skeleton h={38} w={140} mb="md" />
          <Skeleton h={12} mb={8} />
          <Skeleton h={12} mb={8} />
          <Skeleton h={12} w="70%" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Non-admins (product-rules: Screens, §6): told to contact the firm admin. */
function ContactAdmin() {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} bg="white">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <IconLock size={24} color="var(--mantine-color-brand-7)" style={{ flexShrink: 0 }} />
        <Stack gap={4}>
          <Text fw={700} role="status">
            {SUBSCRIPTION_TEXT.contactAdmin}
          </Text>
          <Text size="sm" c="dimmed">
            Only your firm&apos;s admin can choose, change or cancel the plan.
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * product-rules: Screens "Subscription": the firm's plan for everyone; for admins 'Choose Your Plan' (cycle
 * toggle, plan cards, Current Plan badge, savings) and the cancel section; for others the
 * 'Contact your firm admin…' message. Handles the payment flags the checkout returns with.
 */
export function SubscriptionPage() {
  const { data: user } = useUser();
  const paymentResult = usePaymentResult();
  const isAdmin = user?.role === 'admin';
  const statusQuery = useSubscriptionStatus();
  const plansQuery = usePlans({ enabled: isAdmin });
  const resume = useUpdateSubscription();
  const status = statusQuery.data;

  const resumeSubscription = () => {
    if (!status?.plan || !status.billingCycle) return;
    resume.mutate(
      { newPlan: status.plan, newBillingCycle: status.billingCycle },
      {
        onSuccess: (response) =>
          toast.success({ title: response.message, message: 'Your plan carries on as before.' }),
        onError: toastProcessError,
      },
    );
  };

  return (
    <>
      <PageHeader title="Subscription" description="Your firm's plan and billing." />
      <Stack gap="xl">
        {paymentResult ? (
          <Text size="sm" c="dimmed" role="status">
            Updating your subscription…
          </Text>
        ) : null}

        <SubscriptionStatusCard
          status={status}
          error={statusQuery.error}
          loading={statusQuery.isPending}
          onRetry={() => void statusQuery.refetch()}
          retrying={statusQuery.isFetching}
        />

        {!isAdmin ? (
          <ContactAdmin />
        ) : plansQuery.isPending ? (
          <PlansLoading />
        ) : plansQuery.isError ? (
          <LoadErrorAlert
            look="warning"
            title="The plans could not be loaded."
            message={messageOr(plansQuery.error, 'Please try again.')}
            query={plansQuery}
          />
        ) : (
          <PlanChooser offer={plansQuery.data} status={status} />
        )}

        {isAdmin && status?.hasSubscription ? (
          <CancelSubscription
            status={status}
            onResume={resumeSubscription}
            resuming={resume.isPending}
          />
        ) : null}
      </Stack>
    </>
  );
}
