import { BIAS_SCORE_MAX, type BiasScore } from '@behavio/contract';
import { Group, List, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { biasBarColor, fixed, sharePercent, titleCase } from '@/lib/display-rules';

/** The strongest first: what the RM reads the page for. */
const byScore = (biases: readonly BiasScore[]) => [...biases].sort((a, b) => b.score - a.score);

function BiasCard({ bias }: { bias: BiasScore }) {
  const name = titleCase(bias.bias_name);
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} fz="sm">
            {name}
          </Title>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" fw={700}>
              {fixed(bias.score, 1).replace(/\.0$/, '')}
            </Text>
            <Text size="xs" c="dimmed">
              {sharePercent(bias.confidence)} confidence
            </Text>
          </Group>
        </Group>
        <Progress
          value={Math.round(Math.min(100, (bias.score / BIAS_SCORE_MAX) * 100))}
          color={biasBarColor(bias.score)}
          size="sm"
          radius="xl"
          aria-label={`${name} score`}
        />
        {bias.evidence.length === 0 ? (
          <Text size="xs" c="dimmed">
            No sign of this bias in the customer's figures.
          </Text>
        ) : (
          <List size="xs" spacing={2}>
            {bias.evidence.map((item) => (
              <List.Item key={item.column}>
                {item.explanation} (+{fixed(item.contribution, 1)})
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}

/** Every bias the model scores, with its score, confidence and the figures behind it. */
export function BiasEvidence({ biases }: { biases: readonly BiasScore[] }) {
  return (
    <SectionCard
      labelId="biases"
      title="Behavioral biases"
      description="Scores out of 100; each figure below added the points shown."
    >
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="sm">
        {byScore(biases).map((bias) => (
          <BiasCard key={bias.bias_name} bias={bias} />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
