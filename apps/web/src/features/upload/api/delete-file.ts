/** The upload screen's words for deleting the file just uploaded (product-rules: Error messages "Upload"). */
export const DELETE_TEXT = {
  confirm: 'Are you sure you want to delete this file?',
  deleted: 'File deleted',
  failedTitle: 'Failed to delete file',
  failedFallback: 'An error occurred while deleting the file.',
} as const;
