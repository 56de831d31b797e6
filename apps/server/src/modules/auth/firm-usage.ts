/** How many files a firm has uploaded: owned by the ingestion module, read by check-user. */
export interface FirmUsageCounter {
  fileUploads(firmId: string): Promise<number>;
}
