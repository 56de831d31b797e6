import { Paper, Text } from '@mantine/core';

/** One count of a result in a small grey box: its label in capitals above, the figure in colour. */
export function Stat({ label, value, color }: { label: string; value: string; color: string }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} c={color}>
        {value}
      </Text>
    </Paper>
  );
}
