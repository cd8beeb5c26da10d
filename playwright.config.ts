// End-to-end tests: the real renderer in Debian's Chromium, through browser mode, against
// the real core, the bundled sandbox and the real Secret Service (run inside
// dbus-run-session with gnome-keyring, as scripts/test.sh does). The renderer is built
// once, before any test (globalSetup); each test starts its own browser mode.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/globalSetup.ts',
  // Not test-results/ itself: Playwright empties its outputDir, and the vitest report lives there.
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
    // Kept as artifacts in test-results/e2e, pass or fail.
    screenshot: 'on',
    trace: 'retain-on-failure',
    actionTimeout: 15_000,
  },
});
