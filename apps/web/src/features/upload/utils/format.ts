import { ACCEPTED_FILE_EXTENSIONS } from '@behavio/contract';

/** A count from the server, or '-' while it is not known yet. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '-' : value.toLocaleString();
}

/** The file chip and the metadata grid show the size in KB (product-rules: Screens). */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toLocaleString(undefined, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })} KB`;
}

/**
 * The extension decides (product-rules: Validation rules): browsers report CSV under several MIME types, or none, so
 * the drop zone's own MIME check cannot be trusted either way.
 */
export function hasAcceptedExtension(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return ACCEPTED_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** Only the first valid file is used (product-rules: Validation rules). */
export function firstAcceptedFile<T extends { name: string }>(files: readonly T[]): T | null {
  return files.find((file) => hasAcceptedExtension(file.name)) ?? null;
}
