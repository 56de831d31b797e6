import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

/**
 * The layering of the code as lint rules (`import/no-restricted-paths`), so that crossing a
 * boundary fails `npm run lint` (docs/architecture.md, "Boundaries"; tested in
 * `apps/server/test/lint-boundaries.test.ts`).
 *
 * - web: app → features → shared (components, lib, config, styles, assets); a feature
 *   never imports another feature, and shared code imports no feature and not the app.
 * - server: routes → services → repositories; a module reads another module's data through
 *   that module's service, never its repository, except for the shared data modules below.
 *   The plugins import no module, and the migrations no application code.
 * - packages: the insights engine and the contract import nothing from the apps.
 */

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const MODULES = `${SERVER}/modules`;

/** Server modules whose repositories every module may use: they own no routes of their own. */
export const SHARED_SERVER_MODULES = ['audit', 'customers', 'files', 'jobs', 'mail', 'rate-limit'];

const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = foldersIn(`./${WEB}/features`);
const serverModules = foldersIn(`./${MODULES}`);

const featureZones = webFeatures.map((feature) => ({
  target: `./${WEB}/features/${feature}`,
  from: `./${WEB}/features`,
  except: [`./${feature}`],
  message:
    'A feature does not import another feature: move what both need to the shared layer (components, lib).',
}));

const repositoryZones = serverModules.flatMap((module) =>
  serverModules
    .filter((other) => other !== module && !SHARED_SERVER_MODULES.includes(other))
    .map((other) => ({
      target: `./${MODULES}/${module}`,
      from: `./${MODULES}/${other}/**/*.repository.ts`,
      message: `Module '${module}' reaches into the repository of '${other}': call its service instead.`,
    })),
);

const zones = [
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`, `./${WEB}/config`, `./${WEB}/styles`],
    from: [`./${WEB}/features`, `./${WEB}/app`],
    message: 'Shared web code imports no feature and not the app (app → features → shared).',
  },
  {
    target: `./${WEB}/features`,
    from: `./${WEB}/app`,
    message: 'A feature does not import the app (app → features → shared).',
  },
  ...featureZones,
  {
    target: `./${MODULES}/**/*.repository.ts`,
    from: [`./${MODULES}/**/*.service.ts`, `./${MODULES}/**/*.routes.ts`],
    message: 'A repository does not import services or routes (routes → services → repositories).',
  },
  {
    target: `./${MODULES}/**/*.service.ts`,
    from: `./${MODULES}/**/*.routes.ts`,
    message: 'A service does not import routes (routes → services → repositories).',
  },
  {
    target: `./${MODULES}/**/*.routes.ts`,
    from: `./${MODULES}/**/*.repository.ts`,
    message: 'Routes call services, never repositories (routes → services → repositories).',
  },
  ...repositoryZones,
  {
    target: `./${SERVER}/plugins`,
    from: `./${MODULES}`,
    message:
      'A plugin imports no module: the app hands it what it needs when it is built (app.ts).',
  },
  {
    target: `./${SERVER}/db/migrations/[0-9]*.ts`,
    from: `./${SERVER}`,
    except: ['./db/migrations'],
    message:
      'A migration imports no application code, so it does not change when the code does: write its SQL and rows into it.',
  },
  {
    target: `./${SERVER}/db/migrations/[0-9]*.ts`,
    from: './packages',
    message:
      'A migration imports no application code, so it does not change when the code does: write its SQL and rows into it.',
  },
  {
    target: ['./packages/insights', './packages/contract'],
    from: ['./apps'],
    message: 'The packages import nothing from the server or the web.',
  },
  {
    target: './apps/web',
    from: './apps/server',
    message: 'The web app does not import the server.',
  },
  {
    target: './apps/server',
    from: './apps/web',
    message: 'The server does not import the web app.',
  },
];

export const boundaries = {
  files: ['**/*.{ts,tsx,js,mjs}'],
  plugins: { import: importPlugin },
  settings: {
    'import/resolver': {
      typescript: {
        noWarnOnMultipleProjects: true,
        project: [
          'apps/web/tsconfig.json',
          'apps/server/tsconfig.json',
          'packages/contract/tsconfig.json',
          'packages/insights/tsconfig.json',
        ],
      },
    },
  },
  rules: { 'import/no-restricted-paths': ['error', { zones }] },
};
