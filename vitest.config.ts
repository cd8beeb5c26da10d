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
      {
        // Fault soaks: the app's core SIGKILLed at random moments against a faulty sandbox.
        test: {
          name: 'soak',
          include: ['test/soak/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Electron's security checklist, Electronegativity, browser mode's guards, no secret on disk, packaging.
        test: {
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
