import {
  ERROR_CODE_STATUS,
  ERROR_CODES,
  MESSAGES,
  errorBodySchema,
  genericCodeOf,
  type ErrorCode,
} from '@behavio/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
} from '../errors/app-error.js';
import { registerErrorHandler } from './error-handler.js';

/** A bare app with only the error handler, and routes that throw each kind of error. */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/coded', () => {
    throw new AppError('already_subscribed', 'Already subscribed');
  });
  typed.get('/status-only', () => {
    throw new AppError(409, 'Taken');
  });
  typed.get('/helper', () => {
    throw notFound('Gone');
  });
  typed.get('/helper-coded', () => {
    throw forbidden('Pay first', 'subscription_required');
  });
  typed.get('/limited', () => {
    throw tooManyRequests('Slow down', 2.2);
  });
  typed.get('/upload', { config: { errorTextAlsoIn: 'error' } }, () => {
    throw new AppError('upload_failed', 'Bad file', undefined, undefined, { status: 'failed' });
  });
  typed.get('/crash', () => {
    throw new Error('secret detail');
  });
  typed.post('/validated', { schema: { body: z.object({ name: z.string().min(2) }) } }, () => 'ok');
  await app.ready();
});
afterAll(() => app.close());

async function call(url: string, init: { method?: 'GET' | 'POST'; payload?: string } = {}) {
  const res = await app.inject({
    method: init.method ?? 'GET',
    url,
    ...(init.payload === undefined
      ? {}
      : { payload: init.payload, headers: { 'content-type': 'application/json' } }),
  });
  return {
    status: res.statusCode,
    body: res.json<Record<string, unknown>>(),
    headers: res.headers,
  };
}

describe('the error handler', () => {
  it('answers an AppError with its code and the status that code is mapped to', async () => {
    const res = await call('/coded');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Already subscribed', code: 'already_subscribed' });
  });

  it('gives an error raised with a bare status, or by a helper without a code, its generic code', async () => {
    expect((await call('/status-only')).body).toEqual({ message: 'Taken', code: 'conflict' });
    const gone = await call('/helper');
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Gone', code: 'not_found' });
    const limited = await call('/limited');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('too_many_requests');
    expect(limited.headers['retry-after']).toBe('3');
  });

  it('keeps a helper’s own code', async () => {
    const res = await call('/helper-coded');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Pay first', code: 'subscription_required' });
  });

  it('repeats the text in `error` for the upload, beside the code and the extra fields', async () => {
    const res = await call('/upload');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: 'failed',
      message: 'Bad file',
      code: 'upload_failed',
      error: 'Bad file',
    });
  });

  it('answers a schema failure with validation_failed and the field errors', async () => {
    const res = await call('/validated', { method: 'POST', payload: '{"name":"x"}' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toEqual([{ path: 'name', msg: expect.any(String) }]);
  });

  it('answers a body that is not JSON with invalid_json', async () => {
    const res = await call('/validated', { method: 'POST', payload: '{' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.invalidJson, code: 'invalid_json' });
  });

  it('answers anything unexpected with a 500 that says nothing of the cause', async () => {
    const res = await call('/crash');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: MESSAGES.internal, code: 'internal' });
  });
});

describe('the error codes of the contract', () => {
  it('maps every code to one error status, and every generic code back to its own status', () => {
    for (const code of ERROR_CODES) {
      const status = ERROR_CODE_STATUS[code];
      expect(status).toBeGreaterThanOrEqual(400);
      expect(ERROR_CODE_STATUS[genericCodeOf(status)]).toBe(status);
    }
  });

  it('lets the helpers take only a code of their own status (checked by the compiler)', () => {
    // @ts-expect-error not_found is a 404 code, not a 400 one
    expect(badRequest('x', undefined, 'not_found').statusCode).toBe(404);
    // @ts-expect-error subscription_required is a 403 code
    expect(conflict('x', 'subscription_required').statusCode).toBe(403);
  });

  it('is part of the error body schema, so a body without a code is not a valid answer', () => {
    expect(errorBodySchema.safeParse({ message: 'x' }).success).toBe(false);
    const code: ErrorCode = 'not_found';
    expect(errorBodySchema.parse({ message: 'x', code })).toEqual({ message: 'x', code });
  });
});
