import {
  RISK_LEVELS,
  SEGMENTS,
  type BookSummaryContent,
  type DataInsightsContent,
  type FeatureData,
  type RiskLevel,
} from '@behavio/contract';
import {
  Badge,
  Box,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CustomerLink } from '@/components/ui/customer-link/customer-link';
import {
  SEGMENT_COLORS,
  SEGMENT_LABELS,
  formatPriority,
  percentOf,
  priorityColor,
  riskRankingBadgeColor,
  roundPercent,
  sharePercent,
  titleCase,
  urgencyColor,
} from '@/lib/display-rules';

const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  high: 'High risk',
  medium: 'Medium risk',
  low: 'Low risk',
};

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.3}>
        {label}
      </Text>
      <Text fw={800} fz={22} lh={1.3} mt={2}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={4} fz="sm" fw={700}>
      {children}
    </Title>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** 'Premium Feature Access': the firm's book at a glance. */
export function BookSummary({ data }: { data: BookSummaryContent }) {
  const scored = data.scored_customers;
  return (
    <Stack gap="md">
      <SimpleGrid type="container" cols={{ base: 2, '560px': 4 }} spacing="xs">
        <Stat label="Customers" value={data.total_customers.toLocaleString('en-US')} />
        <Stat label="Assigned" value={data.assigned.toLocaleString('en-US')} hint="to an RM" />
        <Stat label="Unassigned" value={data.unassigned.toLocaleString('en-US')} />
        <Stat
          label="Avg priority"
          value={data.average_priority === null ? '–' : formatPriority(data.average_priority)}
          hint="out of 10"
        />
      </SimpleGrid>

      <SimpleGrid type="container" cols={{ base: 1, '640px': 2 }} spacing="lg" verticalSpacing="md">
        <Stack gap={8}>
          <SectionTitle>Risk levels</SectionTitle>
          {scored === 0 ? (
            <Empty>Risk levels appear once your customers have been scored.</Empty>
          ) : (
            <>
              <Progress.Root size={14} radius="xl" aria-label="Risk level mix">
                {RISK_LEVELS.map((level) => (
                  <Tooltip
                    key={level}
                    label={`${RISK_LEVEL_LABELS[level]}: ${data.risk_levels[level]}`}
                  >
                    <Progress.Section
                      value={roundPercent(data.risk_levels[level], scored)}
                      color={riskRankingBadgeColor(level)}
                      aria-label={`${RISK_LEVEL_LABELS[level]}: ${data.risk_levels[level]}`}
                    />
                  </Tooltip>
                ))}
              </Progress.Root>
              <Group gap="md" wrap="wrap">
                {RISK_LEVELS.map((level) => (
                  <Group key={level} gap={6} wrap="nowrap">
                    <Box
                      w={10}
                      h={10}
                      style={{
                        borderRadius: 999,
                        background: `var(--mantine-color-${riskRankingBadgeColor(level)}-6)`,
                      }}
                    />
                    <Text size="sm">
                      {RISK_LEVEL_LABELS[level]}{' '}
                      <Text span fw={700} inherit>
                        {data.risk_levels[level]}
                      </Text>{' '}
                      <Text span c="dimmed" inherit>
                        ({percentOf(data.risk_levels[level], scored)})
                      </Text>
                    </Text>
                  </Group>
                ))}
              </Group>
            </>
          )}
        </Stack>

        <Stack gap={8}>
          <SectionTitle>Behavioural segments</SectionTitle>
          {scored === 0 ? (
            <Empty>Segments appear once your customers have been scored.</Empty>
          ) : (
            <Stack gap={6}>
              {SEGMENTS.map((segment) => {
                const count = data.segments[segment];
                const share = percentOf(count, scored);
                return (
                  <Box key={segment}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="sm">{SEGMENT_LABELS[segment]}</Text>
                      <Text size="sm" fw={600}>
                        {count}{' '}
                        <Text span c="dimmed" fw={400} inherit>
                          ({share})
                        </Text>
                      </Text>
                    </Group>
                    <Progress
                      value={roundPercent(count, scored)}
                      size="sm"
                      radius="xl"
                      color={SEGMENT_COLORS[segment]}
                      aria-label={`${SEGMENT_LABELS[segment]}: ${count} (${share})`}
                    />
                  </Box>
                );
              })}
            </Stack>
          )}
        </Stack>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Based on {scored.toLocaleString('en-US')} scored {scored === 1 ? 'customer' : 'customers'}.
      </Text>
    </Stack>
  );
}

/** 'Advanced Data Insights': bias prevalence and who most needs a call. */
export function DataInsights({ data }: { data: DataInsightsContent }) {
  return (
    <SimpleGrid type="container" cols={{ base: 1, '720px': 2 }} spacing="xl" verticalSpacing="lg">
      <Stack gap={8}>
        <Group justify="space-between" gap="xs" align="baseline">
          <SectionTitle>Bias prevalence</SectionTitle>
          <Text size="xs" c="dimmed">
            Share of {data.scored_customers.toLocaleString('en-US')} customers scoring ≥{' '}
            {data.threshold}
          </Text>
        </Group>
        {data.bias_prevalence.length === 0 ? (
          <Empty>Bias scores appear once your customers have been scored.</Empty>
        ) : (
          <Stack gap={8} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.bias_prevalence.map((bias) => (
              <Box component="li" key={bias.bias_name}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500} truncate>
                    {titleCase(bias.bias_name)}
                  </Text>
                  <Text size="sm" fw={700} style={{ flexShrink: 0 }}>
                    {sharePercent(bias.share_at_or_above)}
                  </Text>
                </Group>
                <Progress
                  value={Math.round(bias.share_at_or_above * 100)}
                  size="sm"
                  radius="xl"
                  color="orange"
                  aria-label={`${titleCase(bias.bias_name)}: ${sharePercent(bias.share_at_or_above)}`}
                />
                <Text size="xs" c="dimmed" mt={2}>
                  {bias.customers_at_or_above}{' '}
                  {bias.customers_at_or_above === 1 ? 'customer' : 'customers'} · mean score{' '}
                  {bias.mean_score.toFixed(1)}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Stack>

      <Stack gap={8}>
        <SectionTitle>Top customers by priority</SectionTitle>
        {data.top_priority.length === 0 ? (
          <Empty>No scored customers yet.</Empty>
        ) : (
          <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.top_priority.map((customer, index) => (
              <Paper
                component="li"
                key={customer.customer_id}
                withBorder
                radius="md"
                p="xs"
                bg="white"
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={26} radius="xl" variant="light" color="gray">
                    <Text size="xs" fw={700}>
                      {index + 1}
                    </Text>
                  </ThemeIcon>
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap={6} wrap="wrap" justify="space-between">
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={700}>
                          <CustomerLink customerId={customer.customer_id} />
                        </Text>
                        <Text size="xs" c="dimmed">
                          {customer.country_iso}
                        </Text>
                      </Group>
                      <Group gap={6} wrap="nowrap">
                        <Badge
                          size="sm"
                          radius="sm"
                          variant="light"
                          color={urgencyColor(customer.urgency_level)}
                        >
                          {customer.urgency_level}
                        </Badge>
                        <Badge
                          size="sm"
                          radius="sm"
                          variant="filled"
                          color={priorityColor(customer.priority_score)}
                          tt="none"
                        >
                          {formatPriority(customer.priority_score)} / 10
                        </Badge>
                      </Group>
                    </Group>
                    <Text size="sm">{customer.recommended_action}</Text>
                    <Group gap={4} wrap="nowrap">
                      <IconUser size={13} color="var(--mantine-color-dimmed)" />
                      <Text size="xs" c="dimmed" truncate>
                        {customer.rm_name ?? 'Not assigned'}
                      </Text>
                    </Group>
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </SimpleGrid>
  );
}

/** The content of one premium feature, by its kind. */
export function FeatureContent({ data }: { data: FeatureData }) {
  return data.kind === 'book_summary' ? <BookSummary data={data} /> : <DataInsights data={data} />;
}
