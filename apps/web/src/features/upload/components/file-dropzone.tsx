import '@mantine/dropzone/styles.css';
import { ACCEPTED_FILE_EXTENSIONS } from '@behavio/contract';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { firstAcceptedFile } from '../utils/format';

export interface FileDropzoneProps {
  /** The first file with an accepted extension. */
  onFile: (file: File) => void;
  /** Files were given but none is a CSV or Excel file. */
  onInvalidType: () => void;
}

const ACCEPT_ATTRIBUTE = ACCEPTED_FILE_EXTENSIONS.join(',');

/**
 * Drag and drop or 'Browse files' (product-rules: Screens). The drop zone is given no MIME list: browsers report
 * CSV files under several types (or none), so the extension alone decides, here and for the
 * file picker's filter. Several files may be dropped; only the first valid one is used.
 */
export function FileDropzone({ onFile, onInvalidType }: FileDropzoneProps) {
  const openRef = useRef<() => void>(null);

  const handleFiles = (files: readonly File[]) => {
    if (files.length === 0) return;
    const file = firstAcceptedFile(files);
    if (file) onFile(file);
    else onInvalidType();
  };

  return (
    <Dropzone
      openRef={openRef}
      onDrop={handleFiles}
      onReject={(rejections) => handleFiles(rejections.map((rejection) => rejection.file))}
      multiple={false}
      // Dragging several files counts as a "reject" for a single-file zone, yet the first valid
      // one is used on drop: look the same as an accepted drag.
      rejectColor="brand"
      useFsAccessApi={false}
      activateOnKeyboard={false}
      inputProps={{ accept: ACCEPT_ATTRIBUTE, 'aria-label': 'Customers file' }}
      bg="white"
      radius="lg"
      p={{ base: 'lg', sm: 40 }}
      style={{ borderWidth: 2 }}
    >
      <Stack align="center" gap="xs" ta="center">
        <Dropzone.Accept>
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconUpload size={34} stroke={1.5} />
          </ThemeIcon>
        </Dropzone.Accept>
        <Dropzone.Reject>
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconUpload size={34} stroke={1.5} />
          </ThemeIcon>
        </Dropzone.Reject>
        <Dropzone.Idle>
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconFileSpreadsheet size={34} stroke={1.5} />
          </ThemeIcon>
        </Dropzone.Idle>
        <Text fw={600} size="lg">
          Drag and drop your customers file here
        </Text>
        <Text size="sm" c="dimmed">
          or
        </Text>
        <Button
          leftSection={<IconUpload size={18} />}
          // The whole zone opens the picker on click; the button is the keyboard way in.
          onClick={(event) => {
            event.stopPropagation();
            openRef.current?.();
          }}
          style={{ pointerEvents: 'all' }}
        >
          Browse files
        </Button>
        <Text size="sm" c="dimmed">
          Accepted file types: .csv, .xlsx, .xls
        </Text>
      </Stack>
    </Dropzone>
  );
}
