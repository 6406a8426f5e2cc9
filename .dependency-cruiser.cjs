/**
 * Import boundaries of the monorepo (`npm run lint:deps`, first step of `npm test` and so of CI).
 *
 * - no import cycles among our own modules (type-only imports count: they tie modules together
 *   for a reader as much as value imports do);
 * - a feature uses another feature only through its public surface: on the server the other's
 *   `*.service.ts`, on the web its `*.queries.ts`, `*.routes.tsx`, `*-context.tsx` or `use-*.ts`
 *   at the feature's root — never its tables, repositories, screens or sub-folders (a repository
 *   may join another feature's table in its SQL: reading in one statement, writing never);
 * - the web's `ui/` is below everything: it imports nothing from `app/`, `features/` or `engine/`;
 * - the web's `environment/` (the member's environment, its formats) is below the engine, and the
 *   engine imports nothing of the app shell `app/`;
 * - the engine (both sides) is a platform: it imports no feature;
 * - the contract knows nothing of the apps.
 */
const tests = '\\.(test|int\\.test|spec)\\.tsx?$|/testing/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order fragile and modules inseparable.',
      from: { pathNot: tests },
      to: { circular: true },
    },
    {
      name: 'server-feature-insides',
      severity: 'error',
      comment: 'A server feature talks to another only through its exported service.',
      from: { path: '^apps/server/src/features/([^/]+)/', pathNot: [tests, '\\.table\\.ts$', '\\.repo\\.ts$'] },
      to: {
        path: '^apps/server/src/features/([^/]+)/',
        pathNot: ['^apps/server/src/features/$1/', '^apps/server/src/features/[^/]+/[^/]+\\.service\\.ts$'],
      },
    },
    {
      name: 'server-repos-join-tables',
      severity: 'error',
      comment:
        "A repository may join another feature's table in its SQL (one statement instead of a round trip per row), and use nothing else of it; writes go through the owner's service.",
      from: { path: '^apps/server/src/features/([^/]+)/[^/]+\\.repo\\.ts$' },
      to: {
        path: '^apps/server/src/features/',
        pathNot: [
          '^apps/server/src/features/$1/',
          '\\.table\\.ts$',
          '^apps/server/src/features/[^/]+/[^/]+\\.service\\.ts$',
        ],
      },
    },
    {
      name: 'server-tables-reference-tables',
      severity: 'error',
      comment: "A Drizzle table may reference another feature's table (foreign keys), and nothing else of it.",
      from: { path: '^apps/server/src/features/[^/]+/[^/]+\\.table\\.ts$' },
      to: {
        path: '^apps/server/src/features/',
        pathNot: '\\.table\\.ts$|^apps/server/src/features/[^/]+/[^/]+\\.service\\.ts$',
      },
    },
    {
      name: 'web-feature-insides',
      severity: 'error',
      comment: 'A web feature uses another only through its queries, routes, context or hooks at its root.',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: tests },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: [
          '^apps/web/src/features/$1/',
          '^apps/web/src/features/[^/]+/[^/]+\\.(queries\\.ts|routes\\.tsx)$',
          '^apps/web/src/features/[^/]+/([^/]+-context\\.tsx|use-[^/]+\\.tsx?)$',
        ],
      },
    },
    {
      name: 'ui-is-below-everything',
      severity: 'error',
      comment: 'ui/ holds building blocks: it must not know the app shell, the engine or a feature.',
      from: { path: '^apps/web/src/ui/', pathNot: tests },
      to: { path: '^apps/web/src/(app|features|engine)/' },
    },
    {
      name: 'web-engine-knows-no-app',
      severity: 'error',
      comment:
        'The web engine renders forms and lists for any screen; it reads the environment from environment/, never the app shell (issue 30 item 3).',
      from: { path: '^apps/web/src/engine/', pathNot: tests },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'environment-below-engine',
      severity: 'error',
      comment: "environment/ (the member's environment and its formats) sits below the engine and the features.",
      from: { path: '^apps/web/src/environment/', pathNot: tests },
      to: { path: '^apps/web/src/(app|features|engine)/' },
    },
    {
      name: 'engine-knows-no-feature',
      severity: 'error',
      comment: 'Features register into the engine; the engine never imports a feature.',
      from: { path: '^apps/(web|server)/src/engine/', pathNot: tests },
      to: {
        path: '^apps/(web|server)/src/features/',
        // …except that an engine table may reference a feature's table (a foreign key).
        pathNot: '^apps/server/src/features/[^/]+/[^/]+\\.table\\.ts$',
      },
    },
    {
      name: 'features-use-engine-surface',
      severity: 'error',
      comment: 'Features reach the web engine only through engine/field-kit.ts and engine/screens.ts.',
      from: { path: '^apps/web/src/features/', pathNot: tests },
      to: { path: '^apps/web/src/engine/', pathNot: '^apps/web/src/engine/(field-kit|screens)\\.ts$' },
    },
    {
      name: 'contract-knows-no-app',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|test-results|playwright-report)/' },
    includeOnly: '^(apps/(server|web)/src|packages/contract/src)/',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
