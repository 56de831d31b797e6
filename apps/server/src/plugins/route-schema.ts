import { errorBodySchema } from '@behavio/contract';

/**
 * Pieces of the route schemas every module declares the same way. They feed both the response
 * serialisation and the OpenAPI description, so one definition keeps the two in step.
 */

/** `{message, code, errors?}` (the one error handler's body) as the answer of each status given. */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}

/** The OpenAPI tag of a group of routes that need the bearer token (the access hook checks it). */
export function bearerRouteDocs(tag: string) {
  return { tags: [tag], security: [{ bearerAuth: [] }] };
}
