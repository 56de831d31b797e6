import type { CustomerPageResponse } from '@behavio/contract';
import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  PriorityBadge,
  RiskLevelBadge,
  UrgencyBadge,
} from '@/components/ui/score-badges/score-badges';
import { SEGMENT_COLORS, SEGMENT_LABELS } from '@/lib/display-rules';

/** Who looks after the customer, the badges that rank them, and what to do about them. */
export function CustomerSummary({ page }: { page: CustomerPageResponse }) {
  const { insights } = page;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} bg="white">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Relationship manager
            </Text>
            <Text fw={600}>{page.rm_name ?? 'Not assigned'}</Text>
          </Stack>
          <Group gap={6} wrap="wrap" role="group" aria-label="Ranking">
            <Badge color={SEGMENT_COLORS[insights.segment]} variant="light" radius="sm" tt="none">
              {SEGMENT_LABELS[insights.segment]}
            </Badge>
            <UrgencyBadge level={insights.urgency_level} suffix=" urgency" />
            <RiskLevelBadge level={insights.risk_level} suffix=" risk" />
            <Group gap={4} wrap="nowrap">
              <Text size="sm" c="dimmed">
                Priority
              </Text>
              <PriorityBadge score={insights.priority_score} />
            </Group>
          </Group>
        </Group>
        <Stack gap={4}>
          <Title order={2} fz="md">
            Recommended action
          </Title>
          <Text>{insights.recommended_action}</Text>
        </Stack>
        <Box p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Text size="sm" fw={700}>
            Why
          </Text>
          <Text size="sm">{insights.why}</Text>
        </Box>
      </Stack>
    </Paper>
  );
}
