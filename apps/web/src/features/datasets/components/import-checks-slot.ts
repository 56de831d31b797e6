import type { FilePreview, JobStatus } from '@behavio/contract';
import type { ReactNode } from 'react';

/**
 * The slot a file's tab shows its import checks in (accepted and rejected counts, problems,
 * error report): filled by the route with features/upload's, handed down by the Datasets page
 * to each file's tab, the failed uploads' included. Its own file, so that the page and the
 * panels it renders all import it and none imports the page.
 */
export interface ImportChecksInput {
  fileId: string;
  filename: string;
  jobStatus: JobStatus;
  preview: FilePreview;
}

export type RenderImportChecks = (file: ImportChecksInput) => ReactNode;
