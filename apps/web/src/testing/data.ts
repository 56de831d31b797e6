import type {
  FilePreview,
  FileSummary,
  PreviewFileResponse,
  UploadResponse,
  User,
} from '@behavio/contract';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    name: 'Ada Admin',
    email: 'ada@firm.example',
    role: 'admin',
    firmId: 'firm-1',
    businessName: 'Ada Wealth',
    adminEmail: 'ada@firm.example',
    noOfFileUploads: 1,
    subscription: 'free',
    credits: 100,
    ...overrides,
  };
}

export const TEST_TOKEN = 'test-token';

/** The check-user answer for a user. */
export function checkUserReply(user: User) {
  return { status: 200, body: { message: 'User found', user } };
}

/** A file preview as the server answers it; a completed 3-row file unless overridden. */
export function buildPreview(overrides: Partial<FilePreview> = {}): FilePreview {
  return {
    filename: 'customers.csv',
    total_rows: 3,
    total_columns: 28,
    file_size: 4096,
    preview_rows: [
      { customer_id: 'C-1', country_iso: 'GBR', age: 42, risk_profile: 8, cash_pct: 15 },
      { customer_id: 'C-2', country_iso: 'DEU', age: 35, risk_profile: 5, cash_pct: 20 },
      { customer_id: 'C-3', country_iso: 'FRA', age: 61, risk_profile: 2, cash_pct: 30 },
    ],
    columns_info: [
      { name: 'customer_id', required: true, kind: 'text' },
      { name: 'country_iso', required: true, kind: 'country' },
      { name: 'age', required: true, kind: 'integer' },
      { name: 'risk_profile', required: true, kind: 'number' },
      { name: 'cash_pct', required: true, kind: 'number' },
    ],
    accepted_rows: 3,
    rejected_rows: 0,
    problems: [],
    ...overrides,
  };
}

/** The 201 answer of POST /content/upload-file for a small file. */
export function buildUploadResponse(overrides: Partial<UploadResponse> = {}): UploadResponse {
  return {
    message: 'File uploaded successfully',
    status: 'completed',
    job_status: 'completed',
    file_id: 'file-1',
    preview: buildPreview(),
    ...overrides,
  };
}

/** One entry of GET /content/list-all-uploaded-files. */
export function buildFileSummary(overrides: Partial<FileSummary> = {}): FileSummary {
  return {
    file_id: 'file-1',
    filename: 'customers.csv',
    file_size: 4096,
    job_status: 'completed',
    uploaded_at: '2025-03-01T10:00:00.000Z',
    completed_at: '2025-03-01T10:00:02.000Z',
    total_rows: 3,
    accepted_rows: 3,
    rejected_rows: 0,
    error: null,
    preview: buildPreview(),
    ...overrides,
  };
}

/** The answer of GET /content/preview-file/{file_id}. */
export function buildPreviewFileResponse(
  overrides: Partial<PreviewFileResponse> = {},
): PreviewFileResponse {
  return { file_id: 'file-1', job_status: 'completed', preview: buildPreview(), ...overrides };
}
