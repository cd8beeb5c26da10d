import { defineConfig } from 'vitest/config';

// Unit tests are pure and fast; integration tests start the real sandbox (and,
// where they need it, a real Secret Service) and talk to it over 127.0.0.1.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'shared/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
