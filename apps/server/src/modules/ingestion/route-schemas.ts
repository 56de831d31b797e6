import { errorBodySchema } from '@behavio/contract';

/** What every files route shares in its OpenAPI description. */
export const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  420: errorBodySchema,
};
export const tags = ['files'];
export const security = [{ bearerAuth: [] }];
