import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const ENV_MESSAGE = 'Read the environment in src/config.ts only (the kit\'s shared variables: packages/platform/src/config).';
const ENV_IMPORTS = ['process', 'node:process'].map((name) => ({ name, importNames: ['env', 'default'], message: ENV_MESSAGE }));

export default [
  { ignores: ['**/node_modules/**', '**/dist/**', 'var/**', '.nx/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      // Services talk over NATS only: no service may import another service's code.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:ddex', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:reports', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:ddex'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:ddex', 'type:reports', 'type:testing'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:ddex', 'type:reports', 'type:testing'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Configuration is read from the environment in one place per service (src/config.ts), so
      // every variable is declared, validated and refused in production once; the rest is handed it.
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: ENV_MESSAGE }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='env'][object.property.name='process']", message: ENV_MESSAGE },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...ENV_IMPORTS,
            // One logger: the kit's, with its redaction, request and trace ids.
            { name: 'pino', message: 'Log through the kit: createLogger and the Logger type come from @sv/platform.' },
          ],
        },
      ],
    },
  },
  {
    // The kit's logger is the one place that builds on pino.
    files: ['packages/platform/src/log/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ENV_IMPORTS }] },
  },
  {
    // Tests and their helpers read arbitrary JSON replies.
    files: ['**/test/**/*.ts', 'packages/testing/**/*.ts', 'tools/bench/**/*.ts', 'tools/chaos/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The only places allowed to read the environment: each service's config, the tracing preload's
    // (read before any service's), and tooling and tests, which set up and pass environments.
    files: ['services/*/src/config.ts', 'packages/platform/src/tracing/tracing-config.ts', 'tools/**/*.ts', '**/test/**/*.ts', 'packages/testing/**/*.ts'],
    rules: { 'no-restricted-properties': 'off', 'no-restricted-syntax': 'off', 'no-restricted-imports': 'off' },
  },
  {
    // A reader that defaults to the environment can be called from anywhere; only readConfig (called by main.ts) may.
    files: ['services/*/src/config.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "VariableDeclarator[id.name!='readConfig'] AssignmentPattern[right.object.name='process'][right.property.name='env']",
          message: 'Only readConfig defaults to process.env; other readers take their variables from it.',
        },
      ],
    },
  },
];
