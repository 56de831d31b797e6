import type { FileSummary } from '@behavio/contract';
import { Accordion, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { RenderImportChecks } from './import-checks-slot';
import { FileTabPanel } from './file-tab-panel';

export interface FailedUploadsProps {
  files: FileSummary[];
  isAdmin: boolean;
  onDelete: (file: FileSummary) => void;
  deletingId: string | null;
  renderImportChecks: RenderImportChecks;
}

/**
 * Files whose import failed. They are not uploaded files (they do not count towards the free
 * plan's one file, docs/ingestion.md), so they are not tabs beside the firm's files, where the
 * free plan's 'You have already uploaded 1 file' sat next to two of them. They stay listed here,
 * under the upload, with their reason and error report until deleted. A file's details load when
 * it is opened.
 */
export function FailedUploads({
  files,
  isAdmin,
  onDelete,
  deletingId,
  renderImportChecks,
}: FailedUploadsProps) {
  const [open, setOpen] = useState<string | null>(null);
  if (files.length === 0) return null;
  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="failed-uploads-heading">
      <Title order={2} fz="lg" id="failed-uploads-heading">
        Failed uploads ({files.length.toLocaleString('en-US')})
      </Title>
      <Text size="sm" c="dimmed">
        These files could not be imported and do not count as uploaded files. Open one to see why,
        then fix it and upload it again, or delete it.
      </Text>
      <Accordion variant="separated" value={open} onChange={setOpen}>
        {files.map((file) => (
          <Accordion.Item key={file.file_id} value={file.file_id} bg="white">
            <Accordion.Control
              icon={<IconAlertCircle size={18} color="var(--mantine-color-red-8)" aria-hidden />}
            >
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {file.filename}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              {open === file.file_id ? (
                <FileTabPanel
                  file={file}
                  isAdmin={isAdmin}
                  // A failed import changed nothing.
                  showChanges={false}
                  onDelete={onDelete}
                  deleting={deletingId === file.file_id}
                  renderImportChecks={renderImportChecks}
                />
              ) : null}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
