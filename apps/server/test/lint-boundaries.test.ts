import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering rules of `eslint.boundaries.js`, tried on small in-memory files: each forbidden
 * import must fail lint with its rule, and the allowed ones must pass.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary errors of `code` linted as if it were the file at `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import/no-restricted-paths')
    .map((m) => m.message);
}

describe('lint boundaries', { timeout: 120_000 }, () => {
  it('web: a feature importing another feature fails', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/upload/components/probe.ts',
      "export { listFiles } from '@/features/datasets/api/files';\n",
    );
    expect(errors).toEqual([expect.stringContaining('A feature does not import another feature')]);
  });

  it('web: shared code importing a feature or the app fails', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/lib/probe.ts',
      "export { login } from '@/features/auth/api/login';\nexport { router } from '@/app/router';\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('Shared web code imports no feature');
  });

  it('web: a feature importing itself and the shared layer passes', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/upload/components/probe.ts',
      "export { uploadFile } from '../api/upload-file';\nexport { api } from '@/lib/api-client';\n",
    );
    expect(errors).toEqual([]);
  });

  it("server: a module reaching into another module's repository fails", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/admin/probe.service.ts',
      "export { bookJson } from '../analytics/book.repository.js';\n",
    );
    expect(errors).toEqual([expect.stringContaining("reaches into the repository of 'analytics'")]);
  });

  it('server: routes importing a repository, or a repository importing a service, fail', async () => {
    const routes = await boundaryErrors(
      'apps/server/src/modules/admin/probe.routes.ts',
      "export { listEmployees } from './admin.repository.js';\n",
    );
    expect(routes).toEqual([expect.stringContaining('Routes call services')]);
    const repository = await boundaryErrors(
      'apps/server/src/modules/admin/probe.repository.ts',
      "export { AdminService } from './admin.service.js';\n",
    );
    expect(repository).toEqual([expect.stringContaining('A repository does not import services')]);
  });

  it('server: a service using its own repository and a shared module passes', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/admin/probe.service.ts',
      "export { findRm } from './admin.repository.js';\nexport { recordAudit } from '../audit/audit.repository.js';\n",
    );
    expect(errors).toEqual([]);
  });

  it('server: a plugin importing a module fails', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/plugins/probe.ts',
      "export { findActiveApiKey } from '../modules/api-keys/api-keys.repository.js';\nexport { TokenService } from '../modules/auth/tokens.js';\n",
    );
    expect(errors).toEqual([
      expect.stringContaining('A plugin imports no module'),
      expect.stringContaining('A plugin imports no module'),
    ]);
  });

  it('server: a migration importing application code fails, another migration passes', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/db/migrations/0099_probe.ts',
      [
        "export { seedDefaultShelf } from '../../modules/products/products.repository.js';",
        "export type { Database } from '../schema.js';",
        "export { DEFAULT_SHELF } from '@behavio/contract';",
        "export { createDataVersionTriggers } from './0008_firm_data_versions.js';",
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([
      expect.stringContaining('A migration imports no application code'),
      expect.stringContaining('A migration imports no application code'),
      expect.stringContaining('A migration imports no application code'),
    ]);
  });

  it('packages: the insights engine importing the server fails', async () => {
    const errors = await boundaryErrors(
      'packages/insights/src/probe.ts',
      "export { loadConfig } from '../../../apps/server/src/config/env.js';\n",
    );
    expect(errors).toEqual([expect.stringContaining('The packages import nothing')]);
  });
});
