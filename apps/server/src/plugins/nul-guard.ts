import { MESSAGES } from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors/app-error.js';

/**
 * PostgreSQL text cannot hold the NUL character: a string carrying one would fail in the
 * database with a 500 wherever it is stored or compared. Every JSON body, query string and
 * path parameter is checked once here, before validation, and such a request is refused with a
 * 400 naming the field.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path =
      nulPath(request.body, 'body') ??
      nulPath(request.query, 'querystring') ??
      nulPath(request.params, 'params');
    if (path !== undefined)
      throw badRequest(
        MESSAGES.nulCharacter,
        [{ path, msg: MESSAGES.nulCharacter }],
        'nul_character',
      );
  });
}

/**
 * Path of a string (or key) holding a NUL in `value`, as the validation errors name
 * fields (`customer_ids.3`), or `root` for the value itself. Walks with its own stack: a JSON
 * body of nested arrays can be deeper than the call stack.
 */
export function nulPath(value: unknown, root: string): string | undefined {
  const stack: [unknown, string | undefined][] = [[value, undefined]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\0')) return path ?? root;
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const childPath = path === undefined ? key : `${path}.${key}`;
        if (key.includes('\0')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}
