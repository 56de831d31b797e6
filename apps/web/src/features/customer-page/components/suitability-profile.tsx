import type { SuitabilityProfile } from '@behavio/contract';
import { Alert, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { NeedsReviewBadge } from '@/components/ui/needs-review-badge/needs-review-badge';

const FLAG_LABELS: Record<SuitabilityProfile['vulnerability_flags'][number]['flag'], string> = {
  age_80_plus: 'Age 80 or more',
  low_knowledge: 'Low tested knowledge',
  overrated_risk: 'Self-rated risk above tested knowledge',
  contradictory_data: 'Contradictory data',
};

/**
 * What the suitability gate reads of the customer (issue 28, item 2): knowledge, risk tolerance,
 * capacity for loss and horizon, each vulnerability flag with its reason, and why each part is
 * what it is. The words come from the server (`reasons`), never a copy here.
 */
export function SuitabilityProfilePanel({ profile }: { profile: SuitabilityProfile }) {
  const facts: [string, string][] = [
    ['Knowledge', profile.knowledge_level],
    ['Risk tolerance', `${profile.risk_tolerance}/7`],
    ['Capacity for loss', profile.capacity_for_loss],
    ['Horizon', `${profile.horizon_years} year${profile.horizon_years === 1 ? '' : 's'}`],
  ];
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      bg="white"
      component="section"
      aria-labelledby="suitability-profile"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} fz="lg" id="suitability-profile">
            Suitability profile
          </Title>
          <NeedsReviewBadge needsReview={profile.needs_review} />
        </Group>
        {profile.vulnerability_flags.length > 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            <Stack gap={4}>
              {profile.vulnerability_flags.map((f) => (
                <Text size="sm" key={f.flag}>
                  <Text span fw={700}>
                    {FLAG_LABELS[f.flag]}:
                  </Text>{' '}
                  {f.reason}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {facts.map(([label, value]) => (
            <Stack gap={0} key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600} tt="capitalize">
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <List size="sm" spacing={2} aria-label="Why this profile">
          {profile.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
