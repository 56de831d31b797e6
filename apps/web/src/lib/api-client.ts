import {
  ERROR_CODES,
  INVALID_TOKEN_STATUS,
  genericCodeOf,
  type ErrorCode,
  type FieldError,
} from '@behavio/contract';
import { clearSession, getToken } from './session';

/** Every call goes to one base path on the same origin (product-rules: API calls). */
export const API_BASE_URL = '/api';

/** How long a call may wait for an answer before it counts as "no response". */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * - `http`: the server answered with a non-2xx status (`status` holds it).
 * - `network`: the request could not be sent or the connection failed (fetch rejected).
 * - `no-response`: the request went out but nothing came back in time.
 */
export type ApiErrorKind = 'http' | 'network' | 'no-response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status?: number;
  serverMessage?: string | undefined;
  errors?: FieldError[] | undefined;
  body?: unknown;
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/**
 * The one error type every call throws, so screens can map product-rules: Error messages exactly:
 * switch on `kind`, then decide on `code` (never on the text), and show `serverMessage` (the
 * body's `message`, or `error` for uploads) with the screen's own fallback via `messageOr`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The HTTP status; 0 when no response arrived. */
  readonly status: number;
  /**
   * The body's error code (contract `ERROR_CODES`); an answer without a known one gets its
   * status's generic code. Undefined when no answer arrived.
   */
  readonly code: ErrorCode | undefined;
  /** The message the server sent, if any. */
  readonly serverMessage: string | undefined;
  /** Field-level problems, normalised to the contract's `{path, msg}`. */
  readonly errors: FieldError[] | undefined;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.serverMessage ?? defaultMessage(init.kind, init.status ?? 0));
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.kind === 'http' ? codeOf(init.body, this.status) : undefined;
    this.serverMessage = init.serverMessage;
    this.errors = init.errors;
    this.body = init.body;
  }
}

function defaultMessage(kind: ApiErrorKind, status: number): string {
  if (kind === 'network') return 'The request could not reach the server.';
  if (kind === 'no-response') return 'The server did not respond.';
  return `The request failed with status ${status}.`;
}

function codeOf(body: unknown, status: number): ErrorCode {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' && KNOWN_CODES.has(code)
    ? (code as ErrorCode)
    : genericCodeOf(status);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether the call failed with one of these error codes: what screens decide on. */
export function hasCode(error: unknown, ...codes: ErrorCode[]): boolean {
  return isApiError(error) && error.code !== undefined && codes.includes(error.code);
}

/** A 420 (`invalid_token`): the session is over and the guards send the visitor away. */
export const endsSession = (error: unknown): boolean => hasCode(error, 'invalid_token');

/** The server's message when there is one, otherwise the screen's fallback (product-rules: Error messages style). */
export function messageOr(error: unknown, fallback: string): string {
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  return fallback;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Send the bearer token (default true; the auth calls that precede sign-in do not need it). */
  auth?: boolean;
  /** Validates and types the success body, e.g. a contract response schema. */
  schema?: { parse: (data: unknown) => T };
  /** Answer a success as the file it is (a Blob) instead of reading JSON; errors are read as usual. */
  file?: boolean;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['message', 'error'] as const) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

/** Accepts both shapes product-rules: API calls names: `{path, msg}` and `{field, message}`. */
function readFieldErrors(body: unknown): FieldError[] | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const list = (body as Record<string, unknown>).errors;
  if (!Array.isArray(list)) return undefined;
  const errors: FieldError[] = [];
  for (const entry of list) {
    if (!entry || typeof entry !== 'object') continue;
    const item = entry as Record<string, unknown>;
    const path = item.path ?? item.field;
    const msg = item.msg ?? item.message;
    if (typeof path === 'string' && typeof msg === 'string') errors.push({ path, msg });
  }
  return errors.length > 0 ? errors : undefined;
}

/**
 * Sends one call to the API and returns the parsed body.
 * Throws `ApiError` for every failure; a 420 (invalid or expired token) also ends the session,
 * which makes the guards send the visitor to / (product-rules: States and transitions).
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    signal,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    auth = true,
  } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onCallerAbort);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError({ kind: 'no-response' });
    // The caller cancelled (e.g. TanStack Query on unmount): not an API failure.
    if (signal?.aborted) throw error;
    throw new ApiError({ kind: 'network' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }

  let data: unknown;
  try {
    if (response.ok && options.file) return (await response.blob()) as T;
    data = await readBody(response);
  } catch {
    // The connection dropped while the body was streaming.
    throw new ApiError({ kind: 'no-response', status: response.status });
  }

  if (!response.ok) {
    if (response.status === INVALID_TOKEN_STATUS && token && getToken() === token) {
      clearSession();
    }
    throw new ApiError({
      kind: 'http',
      status: response.status,
      serverMessage: readMessage(data),
      errors: readFieldErrors(data),
      body: data,
    });
  }

  if (!options.schema) return data as T;
  try {
    return options.schema.parse(data);
  } catch {
    // The answer does not match the contract: treat it like a failed call, not a crash.
    throw new ApiError({ kind: 'http', status: response.status, body: data });
  }
}

type BodylessOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

/** Shorthands; pass `schema` (a contract zod schema) to validate and type the answer. */
export const api = {
  get: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

export interface UploadOptions<T> {
  /** Called with 0-100 while the request body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** 0 (the default) means no time-out: large files may take long. */
  timeoutMs?: number;
  schema?: { parse: (data: unknown) => T };
}

/**
 * POSTs multipart data with upload progress (fetch cannot report it), with the same token,
 * error mapping and 420 handling as `apiRequest`. For the customers-file upload of product-rules: Token statuses.
 */
export function apiUpload<T = unknown>(
  path: string,
  formData: FormData,
  options: UploadOptions<T> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = getToken();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.timeout = options.timeoutMs ?? 0;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && options.onProgress) {
        options.onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onerror = () => reject(new ApiError({ kind: 'network' }));
    xhr.ontimeout = () => reject(new ApiError({ kind: 'no-response' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      let data: unknown = undefined;
      if (xhr.responseText) {
        try {
          data = JSON.parse(xhr.responseText) as unknown;
        } catch {
          data = xhr.responseText;
        }
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === INVALID_TOKEN_STATUS && token && getToken() === token) clearSession();
        reject(
          new ApiError({
            kind: 'http',
            status: xhr.status,
            serverMessage: readMessage(data),
            errors: readFieldErrors(data),
            body: data,
          }),
        );
        return;
      }
      if (!options.schema) {
        resolve(data as T);
        return;
      }
      try {
        resolve(options.schema.parse(data));
      } catch {
        reject(new ApiError({ kind: 'http', status: xhr.status, body: data }));
      }
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(formData);
  });
}
