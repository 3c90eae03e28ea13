import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/', 'e2e/.tmp/', 'test-results/', 'playwright-report/', 'bench/bare/build/', 'bench/bare/.react-router/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', window: 'readonly', document: 'readonly', navigator: 'readonly', localStorage: 'readonly', sessionStorage: 'readonly', self: 'readonly', caches: 'readonly', fetch: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through server/config.ts (getConfig), not process.env.',
        },
      ],
    },
  },
  {
    // Config itself, tooling and tests set up environments.
    files: ['server/config.ts', 'scripts/**', 'tests/**', 'e2e/**', 'playwright.config.ts', 'bench/**', 'vitest.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
)
