import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like; anything else (too long, spaces, control characters) is replaced. */
const ACCEPTABLE_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * A request's id: the one the proxy or client sent in X-Request-Id when it is a plain token,
 * else a new UUID. Every log line of the request carries it (`reqId`).
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTABLE_ID.test(given) ? given : randomUUID();
}

/** Answers the request's id in X-Request-Id, so a user's report can be found in the logs. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
}
