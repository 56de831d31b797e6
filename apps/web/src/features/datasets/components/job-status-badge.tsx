import type { JobStatus } from '@behavio/contract';
import { Badge } from '@mantine/core';
import { jobStatusColor } from '@/lib/display-rules';

/** The file's job status (product-rules: States and transitions): completed green, failed red, processing yellow, other blue. */
export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <Badge variant="filled" color={jobStatusColor(status)} autoContrast radius="sm">
      {status}
    </Badge>
  );
}
