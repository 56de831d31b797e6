import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title sizes by level: a section of a page (2), or a card under a page's own title (3). */
const TITLE_SIZE = {
  2: { base: 18, sm: 20 },
  3: { base: 16, sm: 18 },
} as const;

export interface SectionCardProps {
  /** The title's id: the section is named by its title. */
  labelId: string;
  title: string;
  /** 2 for a section of a page; 3 for a card under a titled page. */
  order?: 2 | 3;
  description?: ReactNode;
  /** Beside the title, e.g. a count badge. */
  titleAside?: ReactNode;
  /** At the right of the heading, e.g. the section's main button; null keeps the layout. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled white card holding one section of a screen. */
export function SectionCard({
  labelId,
  title,
  order = 2,
  description,
  titleAside,
  actions,
  children,
}: SectionCardProps) {
  const titleElement = (
    <Title order={order} id={labelId} fz={TITLE_SIZE[order]}>
      {title}
    </Title>
  );
  let heading = (
    <Stack gap={2}>
      {titleAside ? (
        <Group gap="xs">
          {titleElement}
          {titleAside}
        </Group>
      ) : (
        titleElement
      )}
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
  if (actions !== undefined) {
    // A one-line heading centres its actions; beside a description they stay at the top.
    heading = (
      <Group justify="space-between" align={description ? 'flex-start' : 'center'} gap="sm">
        {heading}
        {actions}
      </Group>
    );
  }

  return (
    <Paper
      component="section"
      aria-labelledby={labelId}
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      bg="white"
    >
      <Stack gap="md">
        {heading}
        {children}
      </Stack>
    </Paper>
  );
}
