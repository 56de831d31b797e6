import { AspectRatio, Box, Card, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { SectionHeading } from './section-heading';

interface Demo {
  title: string;
  text: string;
  video: string;
  poster: string;
}

/** Served by the app itself from public/media, so the page works offline. */
const DEMOS: Demo[] = [
  {
    title: 'B2B analytics platform',
    text: 'For banks, fintechs and enterprises: customer insights, risk and recommendations across the whole portfolio.',
    video: '/media/demo-b2b.webm',
    poster: '/media/demo-b2b-poster.svg',
  },
  {
    title: 'Consumer app',
    text: 'Personal product picks and proactive alerts, on the phone of every customer.',
    video: '/media/demo-consumer.webm',
    poster: '/media/demo-consumer-poster.svg',
  },
];

export function ProofSection() {
  return (
    <Box
      component="section"
      id="proof"
      aria-labelledby="proof-title"
      py={{ base: 56, sm: 88 }}
      style={{ scrollMarginTop: 64 }}
    >
      <Container size="lg">
        <SectionHeading id="proof-title" eyebrow="See it in action" title="Proof You Can Trust">
          Two short demos of the platform at work.
        </SectionHeading>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {DEMOS.map((demo) => (
            <Card key={demo.title} shadow="xs" padding={0} style={{ overflow: 'hidden' }}>
              <AspectRatio ratio={16 / 9} bg="brand.9">
                <video
                  controls
                  preload="none"
                  playsInline
                  poster={demo.poster}
                  aria-label={`${demo.title} demo video`}
                  style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                >
                  <source src={demo.video} type="video/webm" />
                </video>
              </AspectRatio>
              <Box p="lg">
                <Title order={3} fz="lg" mb={6}>
                  {demo.title}
                </Title>
                <Text c="dimmed" fz="sm" lh={1.6}>
                  {demo.text}
                </Text>
              </Box>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
