import {
  ERROR_CODE_STATUS,
  genericCodeOf,
  type ErrorCode,
  type FieldError,
} from '@behavio/contract';

/** The codes whose status is `S`, so a helper can only be given a code of its own status. */
export type CodeWithStatus<S extends number> = {
  [K in ErrorCode]: (typeof ERROR_CODE_STATUS)[K] extends S ? K : never;
}[ErrorCode];

/**
 * The one error type routes and services throw; the error handler turns it into
 * `{message, code, errors?}`. The code fixes the status (`ERROR_CODE_STATUS` in the contract); a
 * bare status is taken as that status's generic code.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;

  constructor(
    codeOrStatus: ErrorCode | number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** More fields for the body, for answers the spec shapes further (a failed upload). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = typeof codeOrStatus === 'number' ? genericCodeOf(codeOrStatus) : codeOrStatus;
    this.statusCode =
      typeof codeOrStatus === 'number' ? codeOrStatus : ERROR_CODE_STATUS[codeOrStatus];
  }
}

export const badRequest = (
  message: string,
  errors?: FieldError[],
  code: CodeWithStatus<400> = 'bad_request',
) => new AppError(code, message, errors);
export const unauthorized = (message: string, code: CodeWithStatus<401> = 'unauthorized') =>
  new AppError(code, message);
export const forbidden = (message: string, code: CodeWithStatus<403> = 'forbidden') =>
  new AppError(code, message);
export const notFound = (message: string, code: CodeWithStatus<404> = 'not_found') =>
  new AppError(code, message);
export const conflict = (message: string, code: CodeWithStatus<409> = 'conflict') =>
  new AppError(code, message);
export const tooManyRequests = (
  message: string,
  retryAfterSeconds: number,
  code: CodeWithStatus<429> = 'too_many_requests',
) =>
  new AppError(code, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
