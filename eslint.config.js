import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

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
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in src/config.ts only.' },
      ],
    },
  },
  {
    // Tests and their helpers read arbitrary JSON replies.
    files: ['**/test/**/*.ts', 'packages/testing/**/*.ts', 'tools/bench/**/*.ts', 'tools/chaos/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The only places allowed to read the environment (the tracing preload's config is read before any service's).
    files: ['services/*/src/config.ts', 'packages/platform/src/tracing/tracing-config.ts', 'tools/**/*.ts', '**/test/**/*.ts', 'packages/testing/**/*.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
];
