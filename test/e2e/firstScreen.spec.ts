// DESIGN.md "The first screen comes first": the page browser mode serves carries the first
// screen's state, so the first screen is drawn before the contract's socket answers. Here the
// socket is held (Playwright answers it and never replies): the first-launch screen, and on a
// later start the remembered screen in the shell, are drawn all the same. The state in the
// page is three plain fields and nothing else: never a key.
import type { Page } from '@playwright/test';
import { WIRE_PATH } from '../../shared/ipcWire.ts';
import { FIRST_SCREEN_ELEMENT_ID } from '../../shared/ipc/firstScreen.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { shellPage } from './pages/shellPage.ts';

/** A new page of the app whose socket reaches nothing: its requests are recorded, never answered. */
async function pageWithSocketHeld(page: Page, url: string): Promise<{ held: Page; asked: string[] }> {
  const held = await page.context().newPage();
  const asked: string[] = [];
  await held.routeWebSocket(
    (address) => address.pathname === WIRE_PATH,
    (socket) => socket.onMessage((message) => asked.push((JSON.parse(String(message)) as { name: string }).name)),
  );
  await held.goto(url);
  return { held, asked };
}

/** The first screen's state in the page as served (before any script of the app runs). */
async function servedState(page: Page, url: string): Promise<unknown> {
  const html = await (await page.request.get(url)).text();
  const block = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return block ? JSON.parse(block[1]!) : null;
}

test('the first-launch screen is drawn while the socket has not answered', async ({ page, app }) => {
  expect(await servedState(page, app.url)).toEqual({ firstLaunch: true, screen: null, theme: 'dark' });

  const { held, asked } = await pageWithSocketHeld(page, app.url);
  await expect(held.getByRole('button', { name: 'Use the local workspace' })).toBeEnabled();
  await expect(firstLaunchPage(held).heading).toBeVisible();
  // It did ask (the answer corrects the first screen when it comes); nothing has answered.
  await expect.poll(() => asked).toContain('app.state');
  await held.close();
});

test('a later start draws the remembered screen in the shell before the socket answers, and its state carries no key', async ({
  page,
  app,
}) => {
  await firstLaunchPage(page).useLocalWorkspace();
  const shell = shellPage(page);
  await shell.railEntry('Jobs').click();
  await expect(shell.screenHeading('Jobs')).toBeVisible();
  await expect
    .poll(() => servedState(page, app.url), { timeout: 10_000 })
    .toEqual({ firstLaunch: false, screen: 'Jobs', theme: 'dark' });

  const { held, asked } = await pageWithSocketHeld(page, app.url);
  await expect(shellPage(held).rail).toBeVisible();
  await expect(shellPage(held).screenHeading('Jobs')).toBeVisible();
  await expect.poll(() => asked).toContain('app.state');
  await held.close();

  // The page as served has no key in it, anywhere (the state above is its only addition).
  const html = await (await page.request.get(app.url)).text();
  const secrets = await app.localSecrets();
  expect(secrets, 'the local workspace keeps its keys in the keychain').not.toBeNull();
  for (const secret of [secrets!.createApiKey, secrets!.messagingApiKey]) {
    expect(secret.length).toBeGreaterThan(12);
    expect(html).not.toContain(secret);
  }
});
