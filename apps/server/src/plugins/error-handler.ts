import { MESSAGES, type ErrorBody, type FieldError } from '@behavio/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors/app-error.js';

const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
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
  return { message: fieldLevel[0]?.msg ?? MESSAGES.invalidInput, errors };
}

/** The one place errors become responses: `{message, errors?}`, never a stack trace or a 5xx detail. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const body: ErrorBody & Record<string, unknown> = { ...error.extra, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error));
    }
    if (error.validation) {
      return reply.status(400).send({ message: error.message || MESSAGES.invalidInput });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: MESSAGES.internal });
    }
    const message =
      (error.code && fastifyMessages[error.code]) || error.message || MESSAGES.invalidInput;
    return reply.status(status).send({ message });
  });
}
