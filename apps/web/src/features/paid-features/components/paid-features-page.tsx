import { PAID_FEATURES, isPaidPlan, type PaidFeatureKey } from '@behavio/contract';
import {
  Button,
  Card,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconChartBar, IconCoins, IconSparkles, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/query-states/query-states';
import { SubscriptionRequiredMessage } from '@/components/ui/subscription-required/subscription-required';
import { PageHeader } from '@/components/ui/page-header/page-header';
import { getAppName } from '@/config/app-name';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { PAID_FEATURES_TEXT, paidErrorMessage, usePaidFeature } from '../api/paid-features';
import { FeatureContent } from './feature-content';
import { FeatureDataHeader } from '@/components/ui/feature-data-header/feature-data-header';

const CARD_LOOK: Record<PaidFeatureKey, { description: string; icon: typeof IconChartBar }> = {
  paidRoute1: {
    description:
      "Your firm's book at a glance: customers, assignment, risk levels and behavioural segments.",
    icon: IconUsersGroup,
  },
  paidRoute2: {
    description:
      'How common each behavioural bias is across your customers, and who most needs a call.',
    icon: IconChartBar,
  },
};

function PaidFeatureCard({ featureKey }: { featureKey: PaidFeatureKey }) {
  const query = usePaidFeature(featureKey, true);
  const look = CARD_LOOK[featureKey];
  const title = PAID_FEATURES[featureKey];
  const headingId = `paid-${featureKey}-heading`;

  return (
    <Card component="article" aria-labelledby={headingId} padding="lg" bg="white">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light">
            <look.icon size={22} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz={18} id={headingId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {look.description}
            </Text>
          </Stack>
        </Group>
        <Divider />
        {query.isPending ? (
          <Center py={48} role="status">
            <Stack align="center" gap="sm">
              <Loader size="md" />
              <Text c="dimmed" size="sm" fw={500}>
                {PAID_FEATURES_TEXT.loading}
              </Text>
            </Stack>
          </Center>
        ) : query.isError ? (
          <LoadErrorAlert look="warning" message={paidErrorMessage(query.error)} query={query} />
        ) : (
          <Stack gap="md">
            <FeatureDataHeader userId={query.data.userId} />
            <FeatureContent data={query.data} />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** The free plan: the paid screen is not open; say so and offer the two ways in. */
function PurchaseRequired() {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="white">
      <Stack align="center" ta="center" gap="md" py="md">
        <SubscriptionRequiredMessage />
        <Text size="sm" c="dimmed" maw={460}>
          Premium features are included in the Pro and Business plans. On the free plan you can
          unlock them one at a time with credits.
        </Text>
        <Group justify="center" gap="sm">
          <Button component={Link} to={paths.subscription} leftSection={<IconSparkles size={16} />}>
            See Plans
          </Button>
          <Button
            component={Link}
            to={paths.premium}
            variant="default"
            leftSection={<IconCoins size={16} />}
          >
            Unlock with Credits
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * product-rules: Screens "Paid features screen": '<product> Premium' with both premium features loaded from
 * /paid/paidRoute1 and /paid/paidRoute2 in parallel, for a firm on pro or business.
 */
export function PaidFeaturesPage() {
  const { data: user } = useUser();
  const paid = user ? isPaidPlan(user.subscription) : false;

  return (
    <>
      <PageHeader
        title={`${getAppName()} Premium`}
        description={paid ? PAID_FEATURES_TEXT.subtitle : undefined}
      />
      {paid ? (
        // One card a row: each is wide enough to lay its content out side by side.
        <Stack gap="lg">
          <PaidFeatureCard featureKey="paidRoute1" />
          <PaidFeatureCard featureKey="paidRoute2" />
        </Stack>
      ) : user ? (
        <PurchaseRequired />
      ) : null}
    </>
  );
}
