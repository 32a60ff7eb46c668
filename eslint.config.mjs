import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // Playwright fixtures call a function named `use`; it is not React's.
    files: ['e2e/**', 'tests/**', 'bench/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  // Last: turns off the style rules Prettier owns.
  prettier,
  globalIgnores(['.next/**', 'node_modules/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**']),
]);
