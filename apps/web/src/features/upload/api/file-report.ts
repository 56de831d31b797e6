import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveTextFile } from '../utils/csv-template';

/** A report of many rejected rows can take a while to build. */
const REPORT_TIMEOUT_MS = 120_000;

export const REPORT_TEXT = {
  link: 'Download error report',
  failedTitle: 'Download failed',
  failedFallback: 'Could not download the error report. Please try again.',
} as const;

/** "customers.xlsx" → "customers-rejected-rows.csv". */
export function reportFilename(filename: string): string {
  const base = filename.replace(/\.[^.]+$/, '').trim() || 'customers';
  return `${base}-rejected-rows.csv`;
}

/**
 * GET /content/file-report/{file_id}: every rejected row with a reason column, as CSV. It needs
 * the bearer token, so a plain link cannot fetch it: the api client fetches it and the text is
 * saved through an object URL.
 */
export async function downloadFileReport(input: { fileId: string; filename: string }) {
  const body = await api.get<unknown>(`/content/file-report/${encodeURIComponent(input.fileId)}`, {
    headers: { Accept: 'text/csv' },
    timeoutMs: REPORT_TIMEOUT_MS,
  });
  const text = typeof body === 'string' ? body : '';
  saveTextFile(text, reportFilename(input.filename));
}

export function useDownloadFileReport() {
  return useMutation({ mutationFn: downloadFileReport });
}
