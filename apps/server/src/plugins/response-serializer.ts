import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/** The schemas' metadata (the names the OpenAPI description gives shared shapes) is left out here: it would only turn shapes into references. */
const NO_METADATA = z.registry<Record<string, unknown>>();

/**
 * Responses are written by fast-json-stringify from the zod schema turned into JSON Schema, as
 * Fastify does natively: only declared fields leave the server, without re-validating every
 * object with zod (measured on a 5,000-item risk ranking: 11 ms instead of 17 ms). The tests
 * check the shapes; the contract's schemas remain the one source.
 */

export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema as z.ZodType, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    metadata: NO_METADATA,
  });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};
