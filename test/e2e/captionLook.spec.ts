// The Inspector's Caption look: a caption's size and capitals set in place (each one edit the
// service keeps), saved as a preset, the preset applied to the caption track; and the
// monitor's safe-area guides shown and hidden.
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage } from './pages/timelinePage.ts';

test('a caption’s look is set in the Inspector, saved as a preset and applied to its track; safe areas show', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Looks');
  const words = randomUUID();
  const before = await api.timeline(projectId);
  await api.apply(projectId, before.revision, [
    { type: 'addTrack', kind: 'caption', trackId: words, name: 'Words' },
    { type: 'addCaption', trackId: words, startMs: 0, endMs: 3000, text: 'Made for Shorts', style: 'subtitle' },
  ]);
  const tl = timelinePage(page);
  await tl.open('Looks');
  await tl.clip('Words', 'Caption “Made for Shorts').click();
  const look = page.getByRole('region', { name: 'Caption look', exact: true });
  // Its look as the style gives it: 54 px at 1080 lines.
  const size = look.getByRole('spinbutton', { name: 'Size', exact: true });
  await expect(size).toHaveValue('54');
  await size.fill('80');
  await size.press('Enter');
  await tl.saved();
  await look.getByRole('checkbox', { name: 'Upper case' }).check();
  await tl.saved();
  const caption = async () => {
    const timeline = await api.timeline(projectId);
    const track = timeline.tracks.find((t) => t.id === words)!;
    return { track: track as { captionStyle?: object }, clip: track.clips[0] as { captionStyle?: object } };
  };
  expect((await caption()).clip.captionStyle).toEqual({ fontSizePx: 80, uppercase: true });

  await look.getByRole('textbox', { name: 'New preset name' }).fill('Big caps');
  await look.getByRole('button', { name: 'Save style as preset' }).click();
  const trackLook = page.getByRole('region', { name: 'Caption track look (Words)' });
  await trackLook.getByRole('combobox', { name: 'Apply preset to track' }).selectOption('Big caps');
  await tl.saved();
  expect((await caption()).track.captionStyle).toEqual({ fontSizePx: 80, uppercase: true });

  // The safe areas: shown over the frame on request, gone again.
  await page.getByRole('combobox', { name: 'Safe areas' }).selectOption('shortForm');
  await expect(page.getByRole('group', { name: 'Safe areas: Shorts, Reels and TikTok' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Safe areas' }).selectOption('none');
  await expect(page.getByRole('group', { name: /^Safe areas/ })).toHaveCount(0);
});
