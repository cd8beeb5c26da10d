// Markers on the ruler, driven from the keyboard as an editor would: M at the playhead adds a
// marker and opens its editor with the name selected; typing a name and Enter saves it, and
// the service's timeline holds it. Shift+M and Ctrl+Shift+M jump the playhead between
// markers; a marker's flag is a button named by its name, Delete removes it, undo brings it
// back; a drag or Alt+→ moves it; the Markers menu copies the YouTube chapters.
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './pages/accessibility.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage } from './pages/timelinePage.ts';

const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

test('M adds a named marker at the playhead, kept by the service; Shift+M and Ctrl+Shift+M jump between markers', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Markers');
  await api.upload(await makeMp4(fixtures.dir, { seconds: 3, name: 'walk.mp4' }), projectId);
  const markers = async () =>
    ((await api.timeline(projectId)) as unknown as { markers: { atMs: number; name: string }[] }).markers;

  const tl = timelinePage(page);
  await tl.open('Markers');
  await tl.addMedia('walk.mp4');
  await tl.saved();

  await tl.setPlayhead(1.5);
  await tl.press('m');
  const editor = page.getByRole('dialog', { name: 'Marker' });
  await expect(editor).toBeVisible();
  const name = editor.getByLabel('Name');
  await expect(name).toBeFocused();
  await expectNoViolations(page, 'the marker editor');
  await page.keyboard.type('Chorus');
  await page.keyboard.press('Enter');
  await expect(editor).toBeHidden();
  await tl.saved();
  await expect.poll(markers, { timeout: 20_000 }).toEqual([expect.objectContaining({ atMs: 1500, name: 'Chorus' })]);
  await expect(page.getByRole('button', { name: 'Marker Chorus at 00:00:01.500' })).toBeVisible();

  // A second marker, named as it comes (Escape keeps "Marker 2").
  await tl.setPlayhead(0.5);
  await tl.press('m');
  await expect(editor).toBeVisible();
  await page.keyboard.press('Escape');
  await tl.saved();
  await expect
    .poll(async () => (await markers()).map((m) => [m.atMs, m.name]), { timeout: 20_000 })
    .toEqual([
      [500, 'Marker 2'],
      [1500, 'Chorus'],
    ]);

  await expectNoViolations(page, 'the timeline with markers on the ruler');

  // Jump: from the start to the next marker, and on; then back.
  const playhead = page.getByRole('slider', { name: 'Playhead' });
  await tl.press('Home');
  await tl.press('Shift+M');
  await expect(playhead).toHaveAttribute('aria-valuenow', '500');
  await tl.press('Shift+M');
  await expect(playhead).toHaveAttribute('aria-valuenow', '1500');
  await tl.press('Control+Shift+M');
  await expect(playhead).toHaveAttribute('aria-valuenow', '500');

  // The flag is a control: Delete removes the marker, Ctrl+Z brings it back.
  const flag = page.getByRole('button', { name: 'Marker Chorus at 00:00:01.500' });
  await flag.focus();
  await page.keyboard.press('Delete');
  await expect(flag).toHaveCount(0);
  await tl.saved();
  await expect.poll(async () => (await markers()).map((m) => m.name), { timeout: 20_000 }).toEqual(['Marker 2']);
  await tl.press('Control+z');
  await tl.saved();
  await expect
    .poll(async () => (await markers()).map((m) => m.name), { timeout: 20_000 })
    .toEqual(['Marker 2', 'Chorus']);

  // Moved by dragging its flag (one edit), and a frame on with Alt+→ from the keyboard.
  const chorus = page.getByRole('button', { name: /^Marker Chorus at / });
  const box = (await chorus.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + 5, { steps: 4 });
  await page.mouse.up();
  await tl.saved();
  const dragged = (await markers()).find((m) => m.name === 'Chorus')!.atMs;
  expect(dragged).toBeGreaterThan(1500);
  await expect(editor).toBeHidden();
  await chorus.focus();
  await page.keyboard.press('Alt+ArrowRight');
  await tl.saved();
  await expect
    .poll(async () => (await markers()).find((m) => m.name === 'Chorus')!.atMs, { timeout: 20_000 })
    // The next frame (frames of 1/30 s from 0).
    .toBe(Math.round((Math.round(dragged / (1000 / 30)) + 1) * (1000 / 30)));

  // Copy YouTube chapters (the Markers menu): the lines, and what breaks YouTube's rules.
  const origin = new URL(page.url()).origin;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await page.getByRole('button', { name: 'Markers' }).click();
  await page.getByRole('menuitem', { name: 'Copy YouTube chapters' }).click();
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(
    'YouTube needs at least 3 chapters; there are 2: add markers.',
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^0:00 Marker 2\n0:0[12] Chorus$/);

  // The shortcut sheet lists the marker keys.
  await tl.press('?');
  const help = page.getByRole('dialog', { name: /shortcuts/i });
  await expect(help.getByRole('table', { name: 'Markers' })).toContainText('Shift+M');
});
