// DESIGN.md "Secrets stay in one process": in a whole session through browser mode, no
// WebSocket frame (either direction) and nothing on the page carries the local workspace's
// API keys, which are in the keychain and used by main only.
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { RAIL_ENTRIES, shellPage } from './pages/shellPage.ts';

test('no WebSocket frame of a session carries the local workspace API key', async ({ page, app }) => {
  await firstLaunchPage(page).useLocalWorkspace();
  const projects = projectsPage(page);
  await projects.create('Secret-free project');
  await projects.rename('Secret-free project', 'Still secret-free');
  await expect(projects.item('Still secret-free')).toBeVisible();
  const shell = shellPage(page);
  for (const name of RAIL_ENTRIES) {
    await shell.railEntry(name).click();
    await expect(shell.screenHeading(name)).toBeVisible();
  }
  await expect(shell.status).toContainText('Wallet: $');

  const secrets = await app.localSecrets();
  expect(secrets, 'the local workspace keeps its keys in the keychain').not.toBeNull();
  const { createApiKey, messagingApiKey } = secrets!;
  expect(createApiKey.length).toBeGreaterThan(12);
  // The key is live: the sandbox accepts it (so this checks the real key, not a stale one).
  const me = await fetch(`${app.localCreateBaseUrl()}/me`, { headers: { authorization: `Bearer ${createApiKey}` } });
  expect(me.status).toBe(200);

  expect(app.frames.length).toBeGreaterThan(10);
  expect(app.frames.some((f) => f.direction === 'sent')).toBe(true);
  expect(app.frames.some((f) => f.direction === 'received' && f.payload.includes('"type":"event"'))).toBe(true);
  for (const frame of app.frames) {
    expect(frame.payload).not.toContain(createApiKey);
    expect(frame.payload).not.toContain(messagingApiKey);
  }
  const html = await page.content();
  expect(html).not.toContain(createApiKey);
  expect(html).not.toContain(messagingApiKey);
});

test('the socket refuses a client without the launch token, or from another origin', async ({ page, app }) => {
  // The refusals below are what this test causes; Chromium reports each as a console error.
  app.allowConsoleError(/WebSocket connection to .* failed/);
  await firstLaunchPage(page).useLocalWorkspace();
  const origin = new URL(app.url).origin;
  const wsBase = origin.replace('http:', 'ws:');
  const token = new URL(app.url).searchParams.get('token')!;
  const outcome = (url: string) =>
    page.evaluate(
      (target) =>
        new Promise<string>((resolveOutcome) => {
          const socket = new WebSocket(target);
          socket.onopen = () => {
            socket.close();
            resolveOutcome('open');
          };
          socket.onerror = () => resolveOutcome('refused');
        }),
      url,
    );
  expect(await outcome(`${wsBase}/ipc?token=${token}`)).toBe('open');
  expect(await outcome(`${wsBase}/ipc?token=wrong`)).toBe('refused');
  expect(await outcome(`${wsBase}/ipc`)).toBe('refused');

  // Another origin (here: a page on about:blank's opaque origin) is refused even with the token.
  const other = await page.context().newPage();
  await other.goto('about:blank');
  const fromElsewhere = await other.evaluate(
    (target) =>
      new Promise<string>((resolveOutcome) => {
        const socket = new WebSocket(target);
        socket.onopen = () => resolveOutcome('open');
        socket.onerror = () => resolveOutcome('refused');
      }),
    `${wsBase}/ipc?token=${token}`,
  );
  expect(fromElsewhere).toBe('refused');
  await other.close();
});
