import {
  OPTIONAL_COLUMNS,
  REQUIRED_COLUMNS,
  type ColumnMapping,
  type NeedsMappingResponse,
} from '@behavio/contract';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { memo, useCallback, useMemo, useState } from 'react';
import { MAPPING_TEXT, suggestedMapping } from '../api/file-mapping';

const GUIDES = new Map<string, string>(
  [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].map((c) => [c.name, c.guide]),
);

export interface ColumnMappingStepProps {
  answer: NeedsMappingResponse;
  onConfirm: (mapping: ColumnMapping, save: boolean) => void;
  onCancel: () => void;
  confirming: boolean;
}

/** What stops the chosen mapping from being sent: required fields left out, a header chosen twice. */
function problemOf(answer: NeedsMappingResponse, mapping: ColumnMapping): string | null {
  const missing = answer.mapping_suggestions
    .filter((s) => s.required && !mapping[s.column])
    .map((s) => s.column);
  if (missing.length > 0) return MAPPING_TEXT.missing(missing);
  const chosen = Object.values(mapping);
  const twice = chosen.find((header, i) => chosen.indexOf(header) !== i);
  return twice === undefined ? null : MAPPING_TEXT.twice(twice);
}

/**
 * The upload's mapping step (docs/ingestion.md, "Column mapping"): each field with a select of
 * the file's headers, the suggestion chosen first, and the first values of the chosen header
 * beside it, so the user sees what will be read; Confirm starts the import.
 */
export function ColumnMappingStep({
  answer,
  onConfirm,
  onCancel,
  confirming,
}: ColumnMappingStepProps) {
  const [mapping, setMapping] = useState<ColumnMapping>(() => suggestedMapping(answer));
  const [save, setSave] = useState(true);
  const samples = useMemo(
    () => new Map(answer.headers.map((h) => [h.header, h.samples])),
    [answer.headers],
  );
  const headerOptions = useMemo(() => answer.headers.map((h) => h.header), [answer.headers]);
  const problem = problemOf(answer, mapping);

  // Stable, so a choice re-renders only its own row (thirty selects).
  const choose = useCallback(
    (column: string, header: string | null) =>
      setMapping((previous) => {
        const { [column]: _, ...rest } = previous;
        return header ? { ...rest, [column]: header } : rest;
      }),
    [],
  );

  return (
    <Paper withBorder bg="white" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {MAPPING_TEXT.title}
          </Title>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {answer.filename}
            </Text>
            : {MAPPING_TEXT.intro}
          </Text>
        </Stack>
        <Stack gap="sm" role="list" aria-label={MAPPING_TEXT.title}>
          {answer.mapping_suggestions.map((suggestion) => (
            <MappingRow
              key={suggestion.column}
              column={suggestion.column}
              required={suggestion.required}
              header={mapping[suggestion.column] ?? null}
              headers={headerOptions}
              samples={samples}
              onChoose={choose}
            />
          ))}
        </Stack>
        <Checkbox
          label={MAPPING_TEXT.remember}
          checked={save}
          onChange={(event) => setSave(event.currentTarget.checked)}
        />
        {problem ? (
          <Text size="sm" c="red.8" role="status">
            {problem}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={confirming}>
            {MAPPING_TEXT.cancel}
          </Button>
          <Button
            onClick={() => onConfirm(mapping, save)}
            disabled={problem !== null}
            loading={confirming}
          >
            {MAPPING_TEXT.confirm}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface MappingRowProps {
  column: string;
  required: boolean;
  header: string | null;
  headers: string[];
  samples: ReadonlyMap<string, string[]>;
  onChoose: (column: string, header: string | null) => void;
}

/** One field: its name and guide, the header chosen for it, and that header's first values. */
const MappingRow = memo(function MappingRow({
  column,
  required,
  header,
  headers,
  samples,
  onChoose,
}: MappingRowProps) {
  const values = header ? (samples.get(header) ?? []).filter((v) => v !== '') : [];
  return (
    <SimpleGrid
      role="listitem"
      cols={{ base: 1, sm: 3 }}
      spacing="sm"
      verticalSpacing={4}
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Box miw={0}>
        <Group gap={6}>
          <Code fw={600}>{column}</Code>
          {required ? null : (
            <Badge size="xs" variant="light" color="gray">
              {MAPPING_TEXT.optional}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {GUIDES.get(column)}
        </Text>
      </Box>
      <Select
        aria-label={`${MAPPING_TEXT.headerLabel}: ${column}`}
        data={headers}
        value={header}
        onChange={(value) => onChoose(column, value)}
        placeholder={MAPPING_TEXT.noHeader}
        clearable
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Text
        size="sm"
        c={values.length > 0 ? undefined : 'dimmed'}
        style={{ overflowWrap: 'anywhere' }}
        aria-label={`${MAPPING_TEXT.samplesLabel}: ${column}`}
      >
        {values.length > 0 ? values.join(', ') : '-'}
      </Text>
    </SimpleGrid>
  );
});
