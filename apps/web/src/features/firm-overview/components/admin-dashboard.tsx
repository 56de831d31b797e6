import type { FirmOverviewResponse } from '@behavio/contract';
import {
  Alert,
  Anchor,
  Badge,
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
import {
  IconAlertCircle,
  IconCheck,
  IconRefresh,
  IconRocket,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { messageOr } from '@/lib/api-client';
import { FIRM_OVERVIEW_TEXT, useFirmOverview } from '../api/firm-overview';
import { percent, priorityColor, riskProfileColor, urgencyColor } from '../utils/display';
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

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      bg="white"
    >
      <Stack gap="md">
        <Title order={3} id={id} fz={{ base: 16, sm: 18 }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function TopPriorityTable({ rows }: { rows: FirmOverviewResponse['top_priority'] }) {
  if (rows.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="lg">
        No customers to call at this time
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={920} type="native">
      <Table
        styles={{ th: { whiteSpace: 'nowrap' } }}
        highlightOnHover
        verticalSpacing="sm"
        aria-label="Top priority customers"
      >
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
              <Table.Td fw={600}>{row.customer_id}</Table.Td>
              <Table.Td>
                {row.rm_name ?? (
                  <Text span size="sm" c="dimmed" fs="italic">
                    {FIRM_OVERVIEW_TEXT.notAssigned}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge
                  color={priorityColor(row.priority_score)}
                  autoContrast
                  radius="sm"
                  size="lg"
                  tt="none"
                >
                  {row.priority_score.toFixed(2)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge color={urgencyColor(row.urgency_level)} variant="light" radius="sm">
                  {row.urgency_level}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge
                  color={riskProfileColor(row.risk_profile)}
                  variant="light"
                  radius="sm"
                  size="lg"
                  tt="none"
                >
                  {row.risk_profile}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={3} title={row.why}>
                  {row.recommended_action}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        <StatCard label="Customers" value={data.total_customers} />
        <StatCard
          label="Assigned"
          value={data.assigned}
          hint={`${percent(data.assigned, data.total_customers)} of customers`}
          color="teal.7"
        />
        <StatCard
          label="Unassigned"
          value={data.unassigned}
          hint={data.unassigned > 0 ? 'No RM yet' : 'All covered'}
          color={data.unassigned > 0 ? 'orange.7' : undefined}
        />
      </SimpleGrid>
      <Card title="Customers per RM" id="overview-per-rm">
        {data.per_rm.length === 0 ? (
          <Text size="sm" c="dimmed">
            No relationship managers yet.{' '}
            <Anchor component={Link} to={paths.settings} size="sm">
              Add one in Settings
            </Anchor>
            .
          </Text>
        ) : (
          <CustomersPerRmChart perRm={data.per_rm} />
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card title="Risk Distribution" id="overview-risk">
          <RiskDistributionChart counts={data.risk_distribution} />
        </Card>
        <Card title="Behavioral Segments" id="overview-segments">
          <SegmentDistributionChart counts={data.segment_distribution} />
        </Card>
      </SimpleGrid>
      <Card title="Top Priority Customers" id="overview-top-priority">
        <TopPriorityTable rows={data.top_priority} />
      </Card>
    </Stack>
  );
}

/**
 * Spec §2 Dashboard, admin on pro or business (head and compliance may see it too): the firm
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
      <Alert
        color="red"
        variant="light"
        title={FIRM_OVERVIEW_TEXT.fetchError}
        icon={<IconAlertCircle size={20} />}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{messageOr(query.error, FIRM_OVERVIEW_TEXT.fallback)}</Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => void query.refetch()}
            loading={query.isFetching}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
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
          <Button
            component={Link}
            to={paths.manageCustomers}
            leftSection={<IconUsersGroup size={16} />}
          >
            Manage Customers
          </Button>
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

/** Spec §2 Dashboard, admin on the free plan: an upgrade block with a button to /subscription. */
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
