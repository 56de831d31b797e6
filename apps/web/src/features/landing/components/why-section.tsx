import { Box, Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrain, IconChartLine, IconShieldLock, type Icon } from '@tabler/icons-react';
import { getAppName } from '@/config/app-name';
import { SectionHeading } from './section-heading';

interface Reason {
  icon: Icon;
  color: string;
  title: string;
  text: string;
}

const REASONS: Reason[] = [
  {
    icon: IconBrain,
    color: 'brand',
    title: 'Adaptive intelligence',
    text: 'Recommendations learn from each financial profile and its behaviour, and adapt as the situation changes.',
  },
  {
    icon: IconShieldLock,
    color: 'teal',
    title: 'Privacy by design',
    text: 'Data is encrypted, and transparent data controls show what is used and why.',
  },
  {
    icon: IconChartLine,
    color: 'orange',
    title: 'Measurable outcomes',
    text: 'Follow the results that matter: money saved and healthier credit utilisation.',
  },
];

export function WhySection() {
  return (
    <Box
      component="section"
      id="why"
      aria-labelledby="why-title"
      py={{ base: 56, sm: 88 }}
      style={{ scrollMarginTop: 64 }}
    >
      <Container size="lg">
        <SectionHeading id="why-title" eyebrow="Why us" title={`Why ${getAppName()}`}>
          Insight that stays relevant, respects privacy and proves its value.
        </SectionHeading>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {REASONS.map((reason) => (
            <Card key={reason.title} shadow="xs">
              <ThemeIcon size={48} radius="md" variant="light" color={reason.color} mb="md">
                <reason.icon size={26} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                {reason.title}
              </Title>
              <Text c="dimmed" fz="sm" lh={1.6}>
                {reason.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
