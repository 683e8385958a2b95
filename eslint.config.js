// ESLint flat config: typescript-eslint's recommended rules plus React hooks rules for the client.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-artifacts/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/**/*.ts', 'db/**/*.ts'],
    ignores: ['db/migrations/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='limit'][arguments.0.type!='CallExpression']",
          message:
            'Write the LIMIT into the SQL with sql.lit(n): SQLite re-prepares a statement whose LIMIT is a bound value every time it runs (docs/performance.md).',
        },
      ],
    },
  },
  {
    // Queries are the lowest server layer: plain SQL over db/, called by services and routers.
    files: ['server/queries/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/**', '**/routers/**', '**/rest/**', '**/http/**'],
              message: 'server/queries must not import the layers above it: move what it needs into queries or db/.',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
