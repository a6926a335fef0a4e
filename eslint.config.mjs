import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { layers } from './eslint/layers.mjs';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { layers },
    rules: { 'layers/server-only': 'error', 'layers/client-imports': 'error', 'layers/db-casts': 'error', 'layers/static-server-imports': 'error' },
  },
  globalIgnores(['.next/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'bench/bare-app/.next/**']),
]);
