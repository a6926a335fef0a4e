import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const common = {
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // server-only throws outside React Server Components; tests import server modules directly.
    '^server-only$': '<rootDir>/tests/helpers/empty-module.ts',
  },
};

/** Unit tests (node and jsdom) and integration tests (PGlite and a throwaway PostgreSQL server). */
const config = {
  testTimeout: 60_000,
  projects: [
    await createJestConfig({
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/unit/**/*.test.ts', '<rootDir>/tests/unit/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/helpers/jest-dom.ts'],
    })(),
    await createJestConfig({
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/helpers/postgres-global-setup.ts',
      globalTeardown: '<rootDir>/tests/helpers/postgres-global-teardown.ts',
    })(),
  ],
};

export default config;
