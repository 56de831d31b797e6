import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

// Apart from the codes (error-codes.ts has no zod), so the web app's landing page, which needs
// the codes but no schema, loads no zod (docs/benchmarks.md, landing page).
export const errorCodeSchema = z.enum(ERROR_CODES).meta({
  description: 'Stable error code; its HTTP status is fixed (docs/architecture.md, "Errors").',
});
