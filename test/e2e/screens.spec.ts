// Every screen as a user sees it, in both themes: axe-core, with every rule it has, finds no
// accessibility violation (contrast is checked per theme; Settings also with a remote
// account's key rows), and a screenshot of each screen in each theme is kept in
// test-results/ (beside this test's results). The theme is chosen in Settings as a user
// would, and survives a reload (it is set before the first paint).
import { makeFixtureDir, makeMp4, makePng, makeWav } from '../support/mediaFixtures.ts';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './pages/accessibility.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { settingsPage } from './pages/settingsPage.ts';
import { RAIL_ENTRIES, shellPage } from './pages/shellPage.ts';
import { serviceApi } from './pages/timelinePage.ts';
import { startRemoteAccount } from './support/remoteAccount.ts';

const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

type Theme = 'dark' | 'light';
const THEME_LABEL: Record<Theme, string> = { dark: 'Dark', light: 'Light' };

async function keep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Nothing on the page is still being read. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function chooseTheme(page: Page, theme: Theme): Promise<void> {
  await shellPage(page).railEntry('Settings').click();
  await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: THEME_LABEL[theme] }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

async function visit(page: Page, screen: string): Promise<void> {
  const shell = shellPage(page);
  await shell.railEntry(screen).click();
  await expect(shell.screenHeading(screen)).toBeVisible();
  await settled(page);
  if (screen === 'Timeline') await expect(page.getByRole('toolbar', { name: 'Timeline tools' })).toBeVisible();
}

test('every screen in both themes has no accessibility violation, and is kept as a screenshot', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The first start, in the default theme (dark), and in light as the same page would show it.
  await expect(firstLaunchPage(page).heading).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoViolations(page, 'the first-launch screen (dark)');
  await keep(page, testInfo, 'first-launch-dark');
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await expectNoViolations(page, 'the first-launch screen (light)');
  await keep(page, testInfo, 'first-launch-light');
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  await firstLaunchPage(page).useLocalWorkspace();

  // A project with media and a timeline, so the screens show what they are for.
  const api = await serviceApi(app);
  const projectId = await api.createProject('Holiday cut');
  const files = await Promise.all([
    makeMp4(fixtures.dir, { seconds: 2, name: 'beach-at-sunset-with-the-family.mp4' }),
    makeMp4(fixtures.dir, { seconds: 3, name: 'street.mp4' }),
    makeWav(fixtures.dir, { seconds: 4, name: 'tone.wav' }),
    makePng(fixtures.dir, { width: 320, height: 180, name: 'title-card.png' }),
  ]);
  for (const file of files) await api.upload(file, projectId);
  await visit(page, 'Timeline');
  await page.getByRole('button', { name: 'Add street.mp4 to timeline' }).click();
  await page.getByRole('button', { name: 'Add tone.wav to timeline' }).click();
  await expect(page.getByRole('status', { name: 'Edit status' })).toHaveText(/^All edits saved/, { timeout: 20_000 });

  for (const theme of ['dark', 'light'] as const) {
    await chooseTheme(page, theme);
    for (const screen of RAIL_ENTRIES) {
      await visit(page, screen);
      await expectNoViolations(page, `${screen} (${theme})`);
      await keep(page, testInfo, `${screen.toLowerCase()}-${theme}`);
    }
    // The editor at a large screen's size too.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await visit(page, 'Timeline');
    await keep(page, testInfo, `timeline-${theme}-1920`);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // The choice is kept across a reload.
  await page.reload();
  await expect(shellPage(page).rail).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // Settings with a remote account: its keys' rows, each with buttons to replace or forget it.
  const remote = await startRemoteAccount();
  try {
    await shellPage(page).railEntry('Settings').click();
    const settings = settingsPage(page);
    await settings.addRemote({ name: 'Studio account', createBaseUrl: remote.createBaseUrl, apiKey: remote.apiKey });
    await expect(settings.card('Studio account').getByText('Active')).toBeVisible({ timeout: 20_000 });
    await settled(page);
    await expectNoViolations(page, 'Settings with a remote account (light)');
    await keep(page, testInfo, 'settings-remote-light');
  } finally {
    await remote.stop({ removeData: true });
  }
});

test('the theme is on the page before any script of the app runs', async ({ page, app }) => {
  await firstLaunchPage(page).useLocalWorkspace();
  await chooseTheme(page, 'light');
  // A fresh page, where the app's own script is held back: only what main served (data-theme
  // on <html> in browser mode, /theme-boot.js in the desktop app) can set the theme.
  const fresh = await page.context().newPage();
  await fresh.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await fresh.goto(app.url);
  await expect(fresh.locator('html')).toHaveAttribute('data-theme', 'light');
  await fresh.close();
});
