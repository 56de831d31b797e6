import { Box, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconPlugConnected,
  IconTargetArrow,
  type Icon,
} from '@tabler/icons-react';
import { SectionHeading } from './section-heading';

interface Step {
  icon: Icon;
  title: string;
  text: string;
}

/** The three steps of product-rules: Product. */
const STEPS: Step[] = [
  {
    icon: IconPlugConnected,
    title: 'Connect securely',
    text: 'Connect bank and credit accounts with read-only, encrypted access.',
  },
  {
    icon: IconTargetArrow,
    title: 'Get tailored picks',
    text: 'Receive credit card, loan and savings picks with transparent scoring.',
  },
  {
    icon: IconAdjustmentsHorizontal,
    title: 'Optimise over time',
    text: 'Proactive alerts keep every recommendation current as things change.',
  },
];

export function HowItWorksSection() {
  return (
    <Box
      component="section"
      id="how-it-works"
      aria-labelledby="how-title"
      py={{ base: 56, sm: 88 }}
      bg="gray.0"
      style={{ scrollMarginTop: 64 }}
    >
      <Container size="lg">
        <SectionHeading id="how-title" eyebrow="Three steps" title="How it works">
          From first connection to continuous improvement.
        </SectionHeading>
        <SimpleGrid
          cols={{ base: 1, sm: 3 }}
          spacing={{ base: 'xl', sm: 40 }}
          component="ol"
          p={0}
          m={0}
        >
          {STEPS.map((step, index) => (
            <Stack key={step.title} component="li" gap="sm" style={{ listStyle: 'none' }}>
              <Group gap="sm">
                <ThemeIcon size={44} radius="xl" variant="filled">
                  <step.icon size={22} stroke={1.7} />
                </ThemeIcon>
                <Text fw={700} c="brand.7" fz="sm">
                  Step {index + 1}
                </Text>
              </Group>
              <Title order={3} fz="lg">
                {step.title}
              </Title>
              <Text c="dimmed" fz="sm" lh={1.6}>
                {step.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
