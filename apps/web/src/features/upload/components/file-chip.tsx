import { Badge, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatKb } from '../utils/format';

export interface FileChipProps {
  name: string;
  /** Bytes; shown in KB (product-rules: Screens). */
  size: number;
  /** Shown after the size, e.g. the job status. */
  extra?: ReactNode;
}

/** The file chip of product-rules: Screens: the file's name and its size in KB. */
export function FileChip({ name, size, extra }: FileChipProps) {
  return (
    <Paper withBorder radius="md" px="sm" py={8} bg="gray.0" maw="100%">
      <Group gap="sm" wrap="wrap">
        <ThemeIcon size={34} radius="md" variant="light" aria-hidden>
          <IconFileSpreadsheet size={20} stroke={1.6} />
        </ThemeIcon>
        <Text
          fw={600}
          size="sm"
          truncate="end"
          title={name}
          style={{ flex: '1 1 120px', minWidth: 0 }}
        >
          {name}
        </Text>
        <Badge variant="default" radius="sm" style={{ flexShrink: 0 }}>
          {formatKb(size)}
        </Badge>
        {extra}
      </Group>
    </Paper>
  );
}
