// ESLint flat config: typescript-eslint's recommended rules plus React hooks rules for the client.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';

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
    // Client layers: the app shell (app/, main.tsx) composes the features; a feature uses the
    // shared client code (components, hooks, lib) and never another feature, so each screen can be
    // read and changed on its own; shared code never imports a feature.
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      // Without the TypeScript extensions no relative import resolves and the rule checks nothing.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'app', pattern: 'client/src/app' },
        { type: 'app', pattern: 'client/src/main.tsx', mode: 'full' },
        { type: 'feature', pattern: 'client/src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: 'client/src/(components|hooks|lib)', capture: ['kind'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{from.type}} {{from.captured.feature}}{{from.captured.kind}} may not import {{to.type}} {{to.captured.feature}}{{to.captured.kind}}: a feature imports only components, hooks and lib, which never import a feature (move what two features share there).',
          rules: [
            { from: { type: 'app' }, allow: { to: { type: ['app', 'feature', 'shared'] } } },
            { from: { type: 'feature' }, allow: { to: { type: 'shared' } } },
            { from: { type: 'shared' }, allow: { to: { type: 'shared' } } },
          ],
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
