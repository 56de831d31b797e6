import type { BiasScore } from '@behavio/contract';
import { List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { BiasMeter } from '@/components/ui/bias-meter/bias-meter';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { fixed, titleCase } from '@/lib/display-rules';

/** The strongest first: what the RM reads the page for. */
const byScore = (biases: readonly BiasScore[]) => [...biases].sort((a, b) => b.score - a.score);

function BiasCard({ bias }: { bias: BiasScore }) {
  const name = titleCase(bias.bias_name);
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={name}>
      <BiasMeter
        name={name}
        score={bias.score}
        confidence={bias.confidence}
        label={
          <Title order={3} fz="sm">
            {name}
          </Title>
        }
      >
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
      </BiasMeter>
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
