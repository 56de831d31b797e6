import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="xs" align="center" ta="center" mb={{ base: 32, sm: 48 }} maw={640} mx="auto">
      {eyebrow ? (
        <Text c="brand.7" fw={700} tt="uppercase" fz="xs" style={{ letterSpacing: 1.2 }}>
          {eyebrow}
        </Text>
      ) : null}
      <Title id={id} order={2} fz={{ base: 28, sm: 36 }}>
        {title}
      </Title>
      {children ? (
        <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }}>
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
