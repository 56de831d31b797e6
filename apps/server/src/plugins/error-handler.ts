import {
  MESSAGES,
  genericCodeOf,
  statusOfCode,
  type ErrorBody,
  type ErrorCode,
  type FieldError,
} from '@behavio/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Also write an error's text to this field of its body, for clients that read it there. */
    errorTextAlsoIn?: 'error';
  }
}

/** Fastify's own errors that get our message and a code more precise than their status's. */
const fastifyErrors: Record<string, { message: string; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: MESSAGES.invalidJson, code: 'invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: MESSAGES.invalidJson, code: 'invalid_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: MESSAGES.bodyTooLarge, code: 'payload_too_large' },
};

function validationBody(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
): ErrorBody {
  const errors: FieldError[] = [];
  for (const issue of error.validation) {
    const path =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
      (error.validationContext ?? 'body');
    // One message per field, the first rule it broke, as a form shows it.
    if (!errors.some((e) => e.path === path))
      errors.push({ path, msg: issue.message ?? MESSAGES.invalidInput });
  }
  const fieldLevel = errors.filter(
    (e) => !['body', 'querystring', 'params', 'headers'].includes(e.path),
  );
  return {
    message: fieldLevel[0]?.msg ?? MESSAGES.invalidInput,
    code: 'validation_failed',
    errors,
  };
}

type Body = ErrorBody & Record<string, unknown>;

/** The status and body an error answers with (its headers are set by the handler). */
function responseOf(error: FastifyError, request: FastifyRequest): [number, Body] {
  if (error instanceof AppError) {
    const body: Body = { ...error.extra, message: error.message, code: error.code };
    if (error.errors) body.errors = error.errors;
    return [error.statusCode, body];
  }
  if (hasZodFastifySchemaValidationErrors(error)) return [400, validationBody(error)];
  if (error.validation)
    return [400, { message: error.message || MESSAGES.invalidInput, code: 'validation_failed' }];
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return [500, { message: MESSAGES.internal, code: 'internal' }];
  }
  const known = error.code ? fastifyErrors[error.code] : undefined;
  return [
    status,
    {
      message: known?.message || error.message || MESSAGES.invalidInput,
      code: known?.code ?? genericCodeOf(status),
    },
  ];
}

/**
 * The one place errors become responses: `{message, code, errors?}`, never a stack trace or a 5xx
 * detail. Routes whose clients read the text from `error` (the upload, product-rules: API calls) get it there too.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError && error.headers) void reply.headers(error.headers);
    const [status, body] = responseOf(error, request);
    if (request.routeOptions.config.errorTextAlsoIn === 'error') body.error = body.message;
    return reply.status(status).send(body);
  });
}

/**
 * Errors the router raises before any route or hook runs (a malformed percent-encoding, a path
 * parameter past the router's limit), in the same `{message, code}` shape as every other answer.
 */
export const frameworkErrors = (error: FastifyError, _request: unknown, reply: FastifyReply) => {
  const body: ErrorBody =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { message: MESSAGES.addressTooLong, code: 'uri_too_long' }
      : { message: MESSAGES.addressInvalid, code: 'invalid_address' };
  void reply.status(statusOfCode(body.code)).send(body);
};
