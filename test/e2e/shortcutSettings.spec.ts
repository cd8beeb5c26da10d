// Editable shortcuts (issue 25): a command rebound in Settings › Shortcuts runs from its new
// key on the Timeline screen, outside a text field, and no longer from its old key; the
// tooltips and the shortcut sheet name the new key; the binding survives a restart of the app
// (it is main's, in the settings file); a key another command holds is refused, naming that
// command; Escape cancels a capture; reset gives the default back.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage } from './pages/timelinePage.ts';
import { shellPage } from './pages/shellPage.ts';

test('a rebound shortcut works from the timeline, names its new key, survives a restart, refuses a taken key and resets', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  await api.createProject('Keys');
  const shell = shellPage(page);
  const tl = timelinePage(page);
  const snap = page.getByRole('button', { name: 'Snap', exact: true });
  const shortcuts = page.getByRole('region', { name: 'Shortcuts' });
  const snappingRow = shortcuts.getByRole('row', { name: /^Snapping on \/ off/ });

  await tl.open('Keys');
  await expect(snap).toHaveAttribute('aria-pressed', 'true');
  await expect(snap).toHaveAttribute('aria-keyshortcuts', 'N');

  // Rebind Snapping from N to G.
  await shell.railEntry('Settings').click();
  await shortcuts.getByRole('button', { name: 'Change the key of Snapping on / off' }).click();
  const capture = shortcuts.getByRole('button', { name: /^New key for Snapping on \/ off: press it now, or Escape/ });
  await expect(capture).toBeFocused();
  await page.keyboard.press('g');
  await expect(capture).toHaveCount(0);
  await expect(snappingRow.locator('kbd')).toHaveText(['G']);

  // On the timeline, outside a text field: G toggles snapping, N no longer does.
  await tl.open('Keys');
  await expect(snap).toHaveAttribute('aria-keyshortcuts', 'G');
  await tl.press('g');
  await expect(snap).toHaveAttribute('aria-pressed', 'false');
  await tl.press('n');
  await expect(snap).toHaveAttribute('aria-pressed', 'false');
  await tl.press('g');
  await expect(snap).toHaveAttribute('aria-pressed', 'true');
  // In a text field the key is typed, not run.
  await page.getByLabel('Playhead time').fill('');
  await page.getByLabel('Playhead time').press('g');
  await expect(snap).toHaveAttribute('aria-pressed', 'true');
  // The shortcut sheet names the new key.
  await tl.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('row', { name: /Snapping on \/ off/ })).toContainText('G');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // A restart of the app (main and its local service stopped and started again on the same
  // data): the binding is main's, kept in the settings file, so G still toggles snapping.
  await app.restart();
  await tl.open('Keys');
  await expect(snap).toHaveAttribute('aria-keyshortcuts', 'G');
  const pressed = await snap.getAttribute('aria-pressed');
  await tl.press('g');
  await expect(snap).toHaveAttribute('aria-pressed', pressed === 'true' ? 'false' : 'true');

  // A key another command holds is refused, naming that command; the binding stays.
  await shell.railEntry('Settings').click();
  await shortcuts.getByRole('button', { name: 'Change the key of Snapping on / off' }).click();
  await page.keyboard.press('s');
  await expect(snappingRow.getByRole('alert')).toHaveText(
    'S is already the key of “Split at the playhead”. Remove it there first, or choose another key.',
  );
  await expect(snappingRow.locator('kbd')).toHaveText(['G']);

  // Escape cancels a capture, and the focus goes back to where it started.
  const change = shortcuts.getByRole('button', { name: 'Change the key of Snapping on / off' });
  await change.click();
  await expect(capture).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(capture).toHaveCount(0);
  await expect(change).toBeFocused();
  await expect(snappingRow.locator('kbd')).toHaveText(['G']);

  // Reset gives the default key back: N toggles snapping again, G does nothing.
  await shortcuts.getByRole('button', { name: 'Reset Snapping on / off to the set’s keys' }).click();
  await expect(snappingRow.locator('kbd')).toHaveText(['N']);
  await tl.open('Keys');
  await expect(snap).toHaveAttribute('aria-keyshortcuts', 'N');
  const before = await snap.getAttribute('aria-pressed');
  await tl.press('g');
  await expect(snap).toHaveAttribute('aria-pressed', before!);
  await tl.press('n');
  await expect(snap).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');
});

test('the Premiere-style set, exported to a file and imported back; a bad file is refused saying what is wrong', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await firstLaunchPage(page).useLocalWorkspace();
  await shellPage(page).railEntry('Settings').click();
  const shortcuts = page.getByRole('region', { name: 'Shortcuts' });
  const row = (action: RegExp) => shortcuts.getByRole('row', { name: action });

  await shortcuts.getByRole('radio', { name: /^Premiere-style/ }).check();
  await expect(row(/^Snapping on \/ off/).locator('kbd')).toHaveText(['S']);
  await expect(row(/^Split at the playhead/).locator('kbd')).toHaveText(['Ctrl+K']);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    shortcuts.getByRole('button', { name: 'Export shortcuts' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('clipdesk-shortcuts.json');
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    preset: string;
    bindings: Record<string, string[]>;
  };
  expect(exported).toMatchObject({ format: 'clipdesk-keymap', version: 1, preset: 'premiere' });
  expect(exported.bindings.snapping).toEqual(['S']);

  await shortcuts.getByRole('radio', { name: /^Clipdesk/ }).check();
  await expect(row(/^Snapping on \/ off/).locator('kbd')).toHaveText(['N']);

  const input = shortcuts.getByLabel('Shortcuts file to import');
  const bad = { ...exported, bindings: { ...exported.bindings, split: ['Hyper+K'], teleport: ['T'] } };
  await input.setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(bad)),
  });
  const refusal = shortcuts.getByRole('alert');
  await expect(refusal).toContainText('The shortcuts file was not imported. Nothing changed.');
  await expect(refusal).toContainText('bindings.split.0: "Hyper" in "Hyper+K" is not a modifier');
  await expect(row(/^Snapping on \/ off/).locator('kbd')).toHaveText(['N']);

  await input.setInputFiles({
    name: 'premiere.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(exported)),
  });
  await expect(refusal).toHaveCount(0);
  await expect(row(/^Snapping on \/ off/).locator('kbd')).toHaveText(['S']);
  await expect(shortcuts.getByRole('radio', { name: /^Premiere-style/ })).toBeChecked();
});
