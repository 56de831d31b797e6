import {
  MAPPABLE_COLUMNS,
  type FileReading as Reading,
  type MappingSource,
} from '@behavio/contract';
import { Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';

export const READING_TEXT = {
  title: 'How the file was read',
  encoding: 'Encoding',
  separator: 'Separator',
  columns: 'Columns',
  field: 'Field',
  header: 'Header in the file',
  spreadsheet: 'spreadsheet',
  mappingLabel: 'The header each field was read from',
} as const;

const ENCODINGS: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252',
};
const POSITION = new Map<string, number>(MAPPABLE_COLUMNS.map((column, i) => [column, i]));
const SEPARATORS: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };
const SOURCES: Record<MappingSource, string> = {
  headers: "the file's own headers",
  saved: 'a saved matching of these headers',
  confirmed: 'the matching confirmed on upload',
};

/**
 * What the import understood of a file (docs/ingestion.md, "Column mapping"): its encoding and
 * separator and, for a mapped file, which header each field was read from.
 */
export function FileReading({ reading }: { reading: Reading }) {
  // In our columns' order, whatever the file's.
  const mapped = Object.entries(reading.mapping ?? {}).sort(
    ([a], [b]) => (POSITION.get(a) ?? Infinity) - (POSITION.get(b) ?? Infinity),
  );
  return (
    <Paper withBorder bg="white" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {READING_TEXT.title}
        </Title>
        <Group gap="lg" style={{ rowGap: 6 }}>
          <Text size="sm">
            <Text span c="dimmed">
              {READING_TEXT.encoding}:{' '}
            </Text>
            {reading.encoding
              ? (ENCODINGS[reading.encoding] ?? reading.encoding)
              : READING_TEXT.spreadsheet}
          </Text>
          {reading.delimiter ? (
            <Text size="sm">
              <Text span c="dimmed">
                {READING_TEXT.separator}:{' '}
              </Text>
              {SEPARATORS[reading.delimiter] ?? reading.delimiter}
            </Text>
          ) : null}
          {reading.mapping_source ? (
            <Text size="sm">
              <Text span c="dimmed">
                {READING_TEXT.columns}:{' '}
              </Text>
              {SOURCES[reading.mapping_source]}
            </Text>
          ) : null}
        </Group>
        {mapped.length > 0 ? (
          <ScrollTable label={READING_TEXT.mappingLabel} minWidth={320} maxHeight={360}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{READING_TEXT.field}</Table.Th>
                <Table.Th>{READING_TEXT.header}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mapped.map(([column, header]) => (
                <Table.Tr key={column}>
                  <Table.Td>
                    <Code>{column}</Code>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{header}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        ) : null}
      </Stack>
    </Paper>
  );
}
