import {
  BREAKDOWN_KEYS,
  PRIORITY_MAX,
  TOP_BIASES_LISTED,
  type RiskRankingItem,
} from '@behavio/contract';
import {
  Box,
  Collapse,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { BiasMeter } from '@/components/ui/bias-meter/bias-meter';
import { CallStateBadge } from '@/components/ui/call-state-badge/call-state-badge';
import { NeedsReviewBadge } from '@/components/ui/needs-review-badge/needs-review-badge';
import { CustomerLink } from '@/components/ui/customer-link/customer-link';
import { RiskLevelBadge, UrgencyBadge } from '@/components/ui/score-badges/score-badges';
import { fixed, formatPriority, priorityColor, titleCase } from '@/lib/display-rules';
import {
  BIAS_HELP,
  BIAS_SCORE_HELP,
  BREAKDOWN_DECIMALS,
  BREAKDOWN_HELP,
  BREAKDOWN_LABELS,
} from '../utils/explanations';
import { HelpIcon } from './panel-parts';
import { PriorityWhy } from './score-parts';

function SectionLabel({ children, help }: { children: string; help?: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {children}
      </Text>
      {help ? <HelpIcon label={help} ariaLabel={`About ${children}`} /> : null}
    </Group>
  );
}

/**
 * Top behavioural biases: name title-cased, score, confidence as a percent, bar out of 100, and
 * the strength (score x confidence) they are listed by (docs/insights-model.md §6).
 */
function BiasList({ item }: { item: RiskRankingItem }) {
  const biases = item.top_biases.slice(0, TOP_BIASES_LISTED);
  if (biases.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No behavioral biases detected.
      </Text>
    );
  }
  return (
    <Stack gap="sm" role="list" aria-label={`Top behavioral biases of ${item.customer_id}`}>
      {biases.map((bias) => {
        const name = titleCase(bias.bias_name);
        return (
          <div key={bias.bias_name} role="listitem" aria-label={name}>
            <BiasMeter
              name={name}
              score={bias.score}
              confidence={bias.confidence}
              label={
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  <HelpIcon
                    label={
                      (BIAS_HELP as Record<string, string | undefined>)[bias.bias_name] ?? name
                    }
                    ariaLabel={`About ${name}`}
                  />
                </Group>
              }
            >
              {/* What the list is ordered by, so a lower score above a higher one says why. */}
              <Text size="xs" c="dimmed">
                Strength {Math.round(bias.score * bias.confidence)} (score × confidence)
              </Text>
            </BiasMeter>
          </div>
        );
      })}
    </Stack>
  );
}

/** Risk breakdown: Bias Severity (1 decimal) and the other three measures (2 decimals), of 10. */
function BreakdownList({ item }: { item: RiskRankingItem }) {
  return (
    <Stack gap="sm" role="list" aria-label={`Risk breakdown of ${item.customer_id}`}>
      {BREAKDOWN_KEYS.map((key) => {
        const value = item.breakdown[key];
        const label = BREAKDOWN_LABELS[key];
        return (
          <Stack key={key} gap={4} role="listitem" aria-label={label}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={4} wrap="nowrap">
                <Text size="sm">{label}</Text>
                <HelpIcon label={BREAKDOWN_HELP[key]} ariaLabel={`About ${label}`} />
              </Group>
              <Text size="sm" fw={700}>
                {fixed(value, BREAKDOWN_DECIMALS[key])}/{PRIORITY_MAX}
              </Text>
            </Group>
            <Progress
              value={Math.min(100, (value / PRIORITY_MAX) * 100)}
              color={priorityColor(value)}
              size="sm"
              radius="xl"
              aria-hidden
            />
          </Stack>
        );
      })}
    </Stack>
  );
}

function InsightDetails({ item }: { item: RiskRankingItem }) {
  return (
    <Stack gap="md" px={{ base: 'sm', sm: 'md' }} pb="md" pt="xs">
      <Stack gap={4}>
        <SectionLabel>Recommended Action</SectionLabel>
        <Text size="sm">{item.recommended_action}</Text>
      </Stack>
      <Box
        p="sm"
        bg="gray.0"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        aria-label="Why"
        role="note"
      >
        <SectionLabel>Why</SectionLabel>
        <PriorityWhy why={item.why} />
      </Box>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs">
          <SectionLabel help={BIAS_SCORE_HELP}>Top Behavioral Biases</SectionLabel>
          <BiasList item={item} />
        </Stack>
        <Stack gap="xs">
          <SectionLabel>Risk Breakdown</SectionLabel>
          <BreakdownList item={item} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * One customer of the risk ranking or a segment (product-rules: States and transitions: rows toggle between collapsed and
 * expanded). The details are built the first time the row opens, so long lists stay light.
 */
export function InsightRow({ item }: { item: RiskRankingItem }) {
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const detailsId = useId();
  const toggle = () => {
    setOpened((value) => !value);
    setEverOpened(true);
  };

  return (
    <Paper withBorder radius="md" bg="white" role="listitem">
      {/* The id links to the customer's page; the rest of the row opens the details. */}
      <Group gap="xs" wrap="nowrap" align="center" p="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>
            <CustomerLink customerId={item.customer_id} />
            <CallStateBadge state={item.call_state} />
            <NeedsReviewBadge needsReview={item.needs_review} />
          </Text>
          <Text size="xs" c="dimmed">
            {item.country_iso} · Age {item.age} · Risk profile {item.risk_profile}/10
          </Text>
        </Stack>
        <UnstyledButton
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={detailsId}
          title={opened ? 'Hide details' : 'Show details'}
          style={{ flex: 1, alignSelf: 'stretch' }}
        >
          {/* The name says whose details, and keeps the visible badges in it (WCAG 2.5.3). */}
          <VisuallyHidden>Details of {item.customer_id}:</VisuallyHidden>
          <Group gap="xs" wrap="nowrap" justify="flex-end" h="100%">
            <Group gap={6} wrap="wrap" justify="flex-end">
              {/* Named, since no column header says which badge is which ("HIGH high"). */}
              <RiskLevelBadge level={item.risk_level} suffix=" risk" />
              <UrgencyBadge level={item.urgency_level} suffix=" urgency" />
              <Tooltip label={<PriorityWhy why={item.why} />} multiline w={320} withArrow>
                <Group gap={4} wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    Priority
                  </Text>
                  <Text size="sm" fw={700} c={priorityColor(item.priority_score)}>
                    {formatPriority(item.priority_score)}
                  </Text>
                </Group>
              </Tooltip>
            </Group>
            <IconChevronDown
              size={18}
              aria-hidden
              style={{
                transform: opened ? 'rotate(180deg)' : 'none',
                transition: 'transform 150ms ease',
                flexShrink: 0,
              }}
            />
          </Group>
        </UnstyledButton>
      </Group>
      <Collapse in={opened} id={detailsId}>
        {everOpened ? <InsightDetails item={item} /> : null}
      </Collapse>
    </Paper>
  );
}
