import type { FirmOverviewResponse } from '@behavio/contract';
import {
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  type MantineColor,
} from '@mantine/core';
import { IconCheck, IconRefresh, IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CustomerLink } from '@/components/ui/customer-link/customer-link';
import { NeedsReviewBadge } from '@/components/ui/needs-review-badge/needs-review-badge';
import { ManageCustomersButton } from '@/components/ui/manage-customers-button/manage-customers-button';
import { EmptyLine, LoadErrorAlert } from '@/components/ui/query-states/query-states';
import {
  PriorityBadge,
  RiskProfileBadge,
  UrgencyBadge,
} from '@/components/ui/score-badges/score-badges';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { paths } from '@/config/paths';
import { messageOr } from '@/lib/api-client';
import { roundPercentOf } from '@/lib/display-rules';
import { FIRM_OVERVIEW_TEXT, useFirmOverview } from '../api/firm-overview';
import {
  CustomersPerRmChart,
  RiskDistributionChart,
  SegmentDistributionChart,
} from './overview-charts';

function StatCard({
  label,
  value,
  hint,
  color,
}: {
  label: string;
  value: number;
  hint?: string;
  color?: MantineColor;
}) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="white">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={{ base: 24, sm: 28 }} fw={700} c={color}>
        {value.toLocaleString('en-US')}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

function TopPriorityTable({ rows }: { rows: FirmOverviewResponse['top_priority'] }) {
  if (rows.length === 0) {
    return <EmptyLine>No customers to call at this time</EmptyLine>;
  }
  return (
    <ScrollTable label="Top priority customers" minWidth={920}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Customer ID</Table.Th>
          <Table.Th>Relationship Manager</Table.Th>
          <Table.Th>Priority Score</Table.Th>
          <Table.Th miw={110}>Urgency</Table.Th>
          <Table.Th>Risk Profile</Table.Th>
          <Table.Th w={320}>Recommended Action</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.customer_id}>
            <Table.Td fw={600}>
              <CustomerLink customerId={row.customer_id} />
              <NeedsReviewBadge needsReview={row.needs_review} />
            </Table.Td>
            <Table.Td>
              {row.rm_name ?? (
                <Text span size="sm" c="dimmed" fs="italic">
                  {FIRM_OVERVIEW_TEXT.notAssigned}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <PriorityBadge score={row.priority_score} />
            </Table.Td>
            <Table.Td>
              <UrgencyBadge level={row.urgency_level} />
            </Table.Td>
            <Table.Td>
              <RiskProfileBadge value={row.risk_profile} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={3} title={row.why}>
                {row.recommended_action}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

function OverviewBody({ data }: { data: FirmOverviewResponse }) {
  if (data.total_customers === 0) {
    return (
      <Paper withBorder p="xl" bg="white">
        <Stack align="center" gap="xs" ta="center">
          <Text fw={600}>No customers yet</Text>
          <Text size="sm" c="dimmed">
            Upload a customers file to see your firm at a glance.
          </Text>
          <Button component={Link} to={paths.datasets} variant="light" mt="xs">
            Go to Datasets
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        <StatCard label="Customers" value={data.total_customers} />
        <StatCard
          label="Assigned"
          value={data.assigned}
          hint={`${roundPercentOf(data.assigned, data.total_customers)} of customers`}
          color="teal.7"
        />
        <StatCard
          label="Unassigned"
          value={data.unassigned}
          hint={data.unassigned > 0 ? 'No RM yet' : 'All covered'}
          color={data.unassigned > 0 ? 'orange.7' : undefined}
        />
        <StatCard
          label="Awaiting review"
          value={data.awaiting_review}
          hint={data.awaiting_review > 0 ? 'A vulnerability flag is raised' : 'No flags raised'}
          color={data.awaiting_review > 0 ? 'orange.7' : undefined}
        />
      </SimpleGrid>
      <SectionCard order={3} title="Customers per RM" labelId="overview-per-rm">
        {data.per_rm.length === 0 ? (
          <Text size="sm" c="dimmed">
            No relationship managers yet.{' '}
            <Anchor component={Link} to={paths.settings} size="sm" underline="always">
              Add one in Settings
            </Anchor>
            .
          </Text>
        ) : (
          <CustomersPerRmChart perRm={data.per_rm} />
        )}
      </SectionCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SectionCard order={3} title="Risk Distribution" labelId="overview-risk">
          <RiskDistributionChart counts={data.risk_distribution} />
        </SectionCard>
        <SectionCard order={3} title="Behavioral Segments" labelId="overview-segments">
          <SegmentDistributionChart counts={data.segment_distribution} />
        </SectionCard>
      </SimpleGrid>
      <SectionCard order={3} title="Top Priority Customers" labelId="overview-top-priority">
        <TopPriorityTable rows={data.top_priority} />
      </SectionCard>
    </Stack>
  );
}

/**
 * product-rules: Screens Dashboard, admin on pro or business (head and compliance may see it too): the firm
 * overview — customers, assigned and unassigned, customers per RM, risk and segment
 * distributions, and the firm's top priority customers.
 */
export function AdminDashboard() {
  const query = useFirmOverview();

  let body;
  if (query.isPending) {
    body = (
      <Stack gap="md" role="status" aria-label="Loading the firm overview">
        <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
          <Skeleton h={92} radius="lg" />
          <Skeleton h={92} radius="lg" />
          <Skeleton h={92} radius="lg" />
        </SimpleGrid>
        <Skeleton h={220} radius="lg" />
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <LoadErrorAlert
        title={FIRM_OVERVIEW_TEXT.fetchError}
        message={messageOr(query.error, FIRM_OVERVIEW_TEXT.fallback)}
        query={query}
      />
    );
  } else {
    body = <OverviewBody data={query.data} />;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            Firm Overview
          </Title>
          <Text size="sm" c="dimmed">
            Your customers, their relationship managers and who needs a call first.
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
          >
            Refresh
          </Button>
          <ManageCustomersButton />
        </Group>
      </Group>
      {body}
    </Stack>
  );
}

const UPGRADE_BENEFITS = [
  'Assign customers to relationship managers',
  'A firm overview with risk and segment distributions',
  'Every RM’s customer book and prioritised call list',
  'Unlimited employees and role-based permissions',
] as const;

/** product-rules: Screens Dashboard, admin on the free plan: an upgrade block with a button to /subscription. */
export function UpgradeBlock() {
  return (
    <Paper
      component="section"
      aria-labelledby="upgrade-block-heading"
      withBorder
      p={{ base: 'lg', sm: 'xl' }}
      bg="white"
    >
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconRocket size={24} />
        </ThemeIcon>
        <Stack gap={4}>
          <Title order={2} id="upgrade-block-heading" fz={{ base: 20, sm: 24 }}>
            Upgrade to unlock the admin dashboard
          </Title>
          <Text c="dimmed">
            Your free plan includes one customers file. Choose Pro or Business to run your firm from
            here.
          </Text>
        </Stack>
        <List
          spacing="xs"
          icon={
            <ThemeIcon size={20} radius="xl" color="teal">
              <IconCheck size={12} />
            </ThemeIcon>
          }
        >
          {UPGRADE_BENEFITS.map((benefit) => (
            <List.Item key={benefit}>
              <Text size="sm">{benefit}</Text>
            </List.Item>
          ))}
        </List>
        <Button component={Link} to={paths.subscription} size="md">
          Upgrade Now
        </Button>
      </Stack>
    </Paper>
  );
}
