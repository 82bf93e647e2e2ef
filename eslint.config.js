const js = require('@eslint/js');
const tseslint = require('typescript-eslint');

module.exports = tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-test/**',
      'dist-test.building/**',
      'node_modules/**',
      'coverage/**',
      'data/**',
      'logs/**',
      '*.config.js',
      'scripts/**',
      // The client package's build output and the types it generates from the OpenAPI document.
      'clients/typescript/dist/**',
      'clients/typescript/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    files: ['bench/**/*.ts', 'src/cli/**/*.ts', 'libs/erp-db/src/cli/**/*.ts', 'test/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
