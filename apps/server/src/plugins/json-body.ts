import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** Bodies under 1 KB go out as they are: compressing them saves less than it costs. */
const MIN_GZIP_BYTES = 1024;

/**
 * A JSON response body written once (the RM lists, by PostgreSQL), kept as UTF-8 and, from the
 * first client that accepts it, gzipped too: a 5,000-customer list is 1.3-3.3 MB of JSON and
 * about a tenth of that gzipped. Level 3 compresses 3 MB in about 10 ms (level 6: 20 ms) for a
 * few per cent more bytes; zlib runs it on libuv's thread pool, off the event loop.
 */
export class JsonBody {
  private gzipped: Promise<Buffer> | undefined;

  constructor(readonly utf8: Buffer) {}

  static of(text: string) {
    return new JsonBody(Buffer.from(text));
  }

  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipAsync(this.utf8, { level: 3 }).catch((error: unknown) => {
      this.gzipped = undefined;
      throw error;
    });
    return this.gzipped;
  }
}

const encodings = new Negotiator({ supportedValues: ['gzip', 'identity'] });

/**
 * Answers `body` as is: Fastify sends a Buffer with a JSON content type without serialising it
 * again, so the route's response schema documents the shape (the tests parse such bodies with
 * the contract's schemas). Gzipped when the client accepts gzip (every browser does).
 */
export async function sendJsonBody(request: FastifyRequest, reply: FastifyReply, body: JsonBody) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  if (body.utf8.length >= MIN_GZIP_BYTES && accepted && encodings.negotiate(accepted) === 'gzip') {
    return reply.header('content-encoding', 'gzip').send(await body.gzip());
  }
  return reply.send(body.utf8);
}
