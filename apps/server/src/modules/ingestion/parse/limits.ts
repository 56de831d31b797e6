/**
 * The limits of the customer-file parser. Each one turns a pathological or hostile file into a
 * clear failure instead of a hang or an out-of-memory crash. Documented in the module README.
 */
export const LIMITS = {
  /** Data rows (not counting the header) accepted in one file; a parameter, this is the default. */
  maxRows: 2_000_000,
  /** Columns in the header or in any row. Real customer files have about 30. */
  maxColumns: 1_000,
  /** Characters in one cell. */
  maxCellChars: 10_000,
  /** Characters in one CSV record: beyond this a quote was almost certainly left open. */
  maxRecordChars: 1_000_000,
  /** Bytes of a CSV sniffed for type and dialect before parsing. */
  sniffBytes: 64 * 1024,

  /** .xls is read whole by SheetJS: refuse larger files (a full 65,535-row sheet is ~35 MB). */
  maxXlsBytes: 50 * 1024 * 1024,
  /** .xlsx files on disk (compressed). A 1,048,576-row, 28-column sheet is about 170 MB. */
  maxXlsxBytes: 500 * 1024 * 1024,
  /** Sum of the declared uncompressed sizes of all zip entries of an .xlsx. */
  maxXlsxUncompressedBytes: 2 * 1024 * 1024 * 1024,
  /** Entries larger than this (uncompressed) must not expand more than maxCompressionRatio. */
  ratioCheckFromBytes: 1024 * 1024,
  /** Sheet XML expands about 5:1; 100:1 on a big entry is a zip bomb. */
  maxCompressionRatio: 100,
  /** Zip entries in one .xlsx (Excel writes about ten). */
  maxZipEntries: 10_000,
  /** The shared-strings part is held in memory by the reader. */
  maxSharedStringsBytes: 256 * 1024 * 1024,
  /** workbook.xml, its relationships and styles.xml. */
  maxSmallPartBytes: 32 * 1024 * 1024,

  /** Heap of the worker thread that reads an Excel file. */
  workerHeapMb: { xlsx: 1_024, xls: 1_536 },
  /** A worker that sends nothing for this long is stopped (the caller awaiting is not counted). */
  workerIdleTimeoutMs: 60_000,
  /** Rows sent from the worker in one message. */
  workerBatchRows: 2_000,
} as const;
