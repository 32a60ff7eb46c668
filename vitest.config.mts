import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    pool: 'forks',
    testTimeout: 15_000,
    hookTimeout: 15_000,
  },
});
