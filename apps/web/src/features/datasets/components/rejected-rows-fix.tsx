import { TOAST_MS, type FixableRow, type RowProblem } from '@behavio/contract';
import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { messageOr } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import {
  FIX_PAGE_SIZE,
  FIX_TEXT,
  stillInvalidProblems,
  useFixRejectedRows,
  useRejectedRows,
} from '../api/file-fixes';

type Values = Record<string, string>;

/** The cells a problem names: one column, or each of "a + b + c" (the allocation check). */
const columnsOf = (problem: RowProblem) => problem.column.split(' + ');

/** The rows of a refused fix and their problems now. */
interface Refusal {
  rows: ReadonlySet<number>;
  problems: RowProblem[];
}

/**
 * Problems by row, then by column; a problem naming no column of ours is the row's own. A row
 * sent in a refused fix shows the problems the server found in it then (none: it was valid).
 */
function problemsByCell(rows: FixableRow[], columns: string[], refused: Refusal | null) {
  const known = new Set(columns);
  const byRow = new Map<number, { cells: Map<string, string[]>; row: string[] }>();
  for (const { row, problems } of rows) {
    const own = refused?.rows.has(row) ? refused.problems.filter((p) => p.row === row) : problems;
    const cells = new Map<string, string[]>();
    const rowLevel: string[] = [];
    for (const problem of own) {
      const named = columnsOf(problem).filter((c) => known.has(c));
      if (named.length === 0) rowLevel.push(`${problem.column}: ${problem.reason}`);
      for (const column of named) cells.set(column, [...(cells.get(column) ?? []), problem.reason]);
    }
    byRow.set(row, { cells, row: rowLevel });
  }
  return byRow;
}

/**
 * The rejected rows of a completed file, a page at a time, every cell editable; cells with a
 * problem are marked with its reason. Save fixes sends the changed rows: imported together, or,
 * when any is still invalid, none (its new problems are shown in place).
 */
export function RejectedRowsFix({ fileId }: { fileId: string }) {
  const [page, setPage] = useState(1);
  const offset = (page - 1) * FIX_PAGE_SIZE;
  const rowsQuery = useRejectedRows(fileId, offset);
  const fix = useFixRejectedRows(fileId);
  const [edits, setEdits] = useState<Map<number, Values>>(new Map());
  const [refused, setRefused] = useState<Refusal | null>(null);

  const data = rowsQuery.data;
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const columns = useMemo(() => data?.columns ?? [], [data]);
  const problems = useMemo(() => problemsByCell(rows, columns, refused), [rows, columns, refused]);

  const setCell = (row: FixableRow, column: string, value: string) =>
    setEdits((current) => {
      const next = new Map(current);
      next.set(row.row, { ...(current.get(row.row) ?? row.values), [column]: value });
      return next;
    });

  const save = () => {
    const changed = [...edits].map(([row, values]) => ({ row, values }));
    fix.mutate(
      { rows: changed },
      {
        onSuccess: (answer) => {
          setEdits(new Map());
          setRefused(null);
          // Fixing the last rows of the last page leaves it empty: show the new last page.
          setPage((current) =>
            Math.min(current, Math.max(1, Math.ceil(answer.rejected_rows / FIX_PAGE_SIZE))),
          );
          toast.success({
            title: FIX_TEXT.saved,
            message: answer.message,
            durationMs: TOAST_MS.general,
          });
        },
        onError: (error) => {
          const invalid = stillInvalidProblems(error);
          setRefused(invalid && { rows: new Set(edits.keys()), problems: invalid });
          if (invalid === null)
            toast.error({
              title: FIX_TEXT.saveFailed,
              message: messageOr(error, FIX_TEXT.saveFailed),
              durationMs: TOAST_MS.general,
            });
        },
      },
    );
  };

  const total = data?.rejected_rows ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIX_PAGE_SIZE));

  return (
    <Paper withBorder bg="white" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {FIX_TEXT.title}
        </Title>
        <Text size="sm" c="dimmed">
          {FIX_TEXT.intro}
        </Text>
        {refused && fix.error ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={20} />}
            title={FIX_TEXT.saveFailed}
          >
            {messageOr(fix.error, FIX_TEXT.saveFailed)}
          </Alert>
        ) : null}
        {rowsQuery.isPending ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {FIX_TEXT.loading}
            </Text>
          </Group>
        ) : rowsQuery.isError ? (
          <Text size="sm" c="red.8">
            {messageOr(rowsQuery.error, FIX_TEXT.loadFailed)}
          </Text>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {FIX_TEXT.noneLeft}
          </Text>
        ) : (
          <Table.ScrollContainer
            minWidth={columns.length * 150}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={FIX_TEXT.title}
          >
            <Table verticalSpacing={6} fz="sm" aria-label={FIX_TEXT.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={90}>{FIX_TEXT.rowLabel}</Table.Th>
                  {columns.map((column) => (
                    <Table.Th key={column} miw={140} style={{ whiteSpace: 'nowrap' }}>
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const values = edits.get(row.row) ?? row.values;
                  const marked = problems.get(row.row);
                  return (
                    <Table.Tr key={row.row}>
                      <Table.Td style={{ verticalAlign: 'top' }}>
                        <Text size="sm" fw={600}>
                          {row.row.toLocaleString('en-US')}
                        </Text>
                        {marked?.row.map((message) => (
                          <Text key={message} size="xs" c="red.8">
                            {message}
                          </Text>
                        ))}
                      </Table.Td>
                      {columns.map((column) => {
                        const reasons = marked?.cells.get(column);
                        return (
                          <Table.Td key={column} style={{ verticalAlign: 'top' }}>
                            <TextInput
                              size="xs"
                              aria-label={`${column}, row ${row.row}`}
                              value={values[column] ?? ''}
                              onChange={(event) => setCell(row, column, event.currentTarget.value)}
                              error={reasons?.join('; ')}
                            />
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between" gap="sm">
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              aria-label={FIX_TEXT.pageLabel}
            />
          ) : (
            <span />
          )}
          <Group gap="sm">
            {edits.size > 0 ? (
              <>
                <Text size="sm" c="dimmed">
                  {FIX_TEXT.edited(edits.size)}
                </Text>
                <Button
                  variant="subtle"
                  onClick={() => {
                    setEdits(new Map());
                    setRefused(null);
                  }}
                >
                  {FIX_TEXT.discard}
                </Button>
              </>
            ) : null}
            <Button
              leftSection={<IconDeviceFloppy size={18} />}
              onClick={save}
              disabled={edits.size === 0}
              loading={fix.isPending}
            >
              {FIX_TEXT.save}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
