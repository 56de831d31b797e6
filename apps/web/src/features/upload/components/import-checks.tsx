import type { FilePreview, JobStatus, RowProblem } from '@behavio/contract';
import { Anchor, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Stat } from '@/components/ui/stat/stat';
import { messageOr } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { REPORT_TEXT, useDownloadFileReport } from '../api/file-report';
import { formatCount } from '../utils/format';

function ProblemsTable({ problems }: { problems: RowProblem[] }) {
  return (
    <Table.ScrollContainer
      minWidth={760}
      maxHeight={320}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Rejected rows"
    >
      <Table stickyHeader striped verticalSpacing={6} fz="sm" aria-label="Rejected rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>Row</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th miw={260}>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((problem, index) => (
            <Table.Tr key={`${problem.row}-${problem.column}-${index}`}>
              <Table.Td>{problem.row.toLocaleString()}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{problem.column}</Table.Td>
              <Table.Td maw={220} style={{ overflowWrap: 'anywhere' }}>
                {problem.value === '' ? (
                  <Text span size="sm" c="dimmed" fs="italic">
                    (empty)
                  </Text>
                ) : (
                  problem.value
                )}
              </Table.Td>
              <Table.Td>{problem.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function problemsHeading(count: number): string {
  if (count === 0) return 'Problems';
  return count === 1 ? 'First problem' : `First ${count} problems`;
}

export interface ImportChecksProps {
  fileId: string;
  filename: string;
  jobStatus: JobStatus;
  preview: FilePreview;
}

/**
 * What the import made of the rows: accepted and rejected counts, the first problems, and the
 * full report of rejected rows as CSV. Used after an upload and on each Datasets file tab.
 */
export function ImportChecks({ fileId, filename, jobStatus, preview }: ImportChecksProps) {
  const download = useDownloadFileReport();
  const rejected = preview.rejected_rows ?? 0;
  const problems = preview.problems;

  const handleDownload = () => {
    download.mutate(
      { fileId, filename },
      {
        onError: (error) =>
          toast.error({
            title: REPORT_TEXT.failedTitle,
            message: messageOr(error, REPORT_TEXT.failedFallback),
          }),
      },
    );
  };

  return (
    <Paper withBorder bg="white" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={3} fz="lg">
          Row checks
        </Title>
        {jobStatus === 'processing' ? (
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Every row is being checked. The counts appear here when the import finishes.
            </Text>
          </Group>
        ) : (
          <>
            <SimpleGrid cols={2} spacing="sm">
              <Stat
                label="Accepted rows"
                value={formatCount(preview.accepted_rows)}
                color="teal.8"
              />
              <Stat
                label="Rejected rows"
                value={formatCount(preview.rejected_rows)}
                color={rejected > 0 ? 'red.8' : 'dark'}
              />
            </SimpleGrid>
            {rejected === 0 && preview.accepted_rows !== null ? (
              <Text size="sm" c="dimmed">
                Every row passed the checks.
              </Text>
            ) : null}
          </>
        )}

        {problems.length > 0 || rejected > 0 ? (
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Text fw={600} size="sm">
                {problemsHeading(problems.length)}
              </Text>
              {rejected > 0 ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={600}
                  onClick={handleDownload}
                  disabled={download.isPending}
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                >
                  {download.isPending ? <Loader size={14} /> : <IconDownload size={16} />}
                  {REPORT_TEXT.link}
                </Anchor>
              ) : null}
            </Group>
            {problems.length > 0 ? <ProblemsTable problems={problems} /> : null}
            {rejected > 0 ? (
              <Text size="xs" c="dimmed">
                The error report lists every rejected row with the reason.
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
