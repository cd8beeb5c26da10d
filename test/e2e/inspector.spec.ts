// The Inspector shows the selected clip's own values — its properties, effects with their
// parameters, transition — named in words; a change is one edit of that clip; with two
// clips selected, a value they differ on reads "Mixed", and a change applies to both.
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, trackOf } from './pages/timelinePage.ts';

let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

test('the Inspector shows each clip its own values, and a change to two clips applies to both', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Inspector');
  const [one, two] = await Promise.all([
    makeMp4(fixtureDir(), { seconds: 2, name: 'one.mp4' }),
    makeMp4(fixtureDir(), { seconds: 2, name: 'two.mp4' }),
  ]);
  const assets = [await api.upload(one, projectId), await api.upload(two, projectId)];
  // Two clips set up as another editor would: the first half transparent and blurred, with a fade in.
  const start = await api.timeline(projectId);
  const video = trackOf(start, 'video').id;
  const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
  await api.apply(projectId, start.revision, [
    { type: 'addClip', trackId: video, clipId: a, assetId: assets[0]!.id, startMs: 0, inMs: 0, outMs: 2000 },
    { type: 'addClip', trackId: video, clipId: b, assetId: assets[1]!.id, startMs: 2000, inMs: 0, outMs: 2000 },
    { type: 'setClipProperties', clipId: a, properties: { opacity: 0.5 } },
    { type: 'applyEffect', clipId: a, effectId: 'blur', params: { radius: 12 } },
    { type: 'setTransition', clipId: a, transitionId: 'fade', durationMs: 700 },
  ]);

  const tl = timelinePage(page);
  await tl.open('Inspector');
  const inspector = page.getByRole('region', { name: 'Inspector' });
  const opacity = inspector.getByRole('spinbutton', { name: 'Opacity' });

  // The transition is drawn on the clip and said in its name.
  await expect(tl.clip('Video 1', 'one.mp4')).toHaveAccessibleName(/, Fade from black in, 0\.7 s$/);
  await tl.clip('Video 1', 'one.mp4').click();
  await expect(inspector.getByRole('status', { name: 'Selection' })).toHaveText('one.mp4 selected');
  await expect(opacity).toHaveValue('0.5');
  await expect(inspector.getByRole('spinbutton', { name: 'Horizontal position' })).toHaveValue('0');
  await expect(inspector.getByText('positionX')).toHaveCount(0);
  await expect(inspector.getByRole('group', { name: 'Blur' })).toBeVisible();
  await expect(inspector.getByRole('spinbutton', { name: 'Blur radius' })).toHaveValue('12');
  await expect(inspector.getByRole('combobox', { name: 'Transition' })).toHaveValue('fade');
  await expect(inspector.getByRole('spinbutton', { name: 'Transition length' })).toHaveValue('0.7');

  await tl.clip('Video 1', 'two.mp4').click();
  await expect(inspector.getByRole('status', { name: 'Selection' })).toHaveText('two.mp4 selected');
  await expect(opacity).toHaveValue('1');
  await expect(inspector.getByRole('group', { name: 'Blur' })).toHaveCount(0);
  await expect(inspector.getByRole('combobox', { name: 'Transition' })).toHaveValue('none');

  // A change to this clip alone.
  await opacity.fill('0.8');
  await opacity.press('Enter');
  await tl.saved();
  const afterOne = trackOf(await api.timeline(projectId), 'video').clips as unknown as {
    properties: Record<string, number>;
  }[];
  expect(afterOne.map((c) => c.properties.opacity)).toEqual([0.5, 0.8]);

  // Both selected: they differ, so "Mixed"; a value typed applies to both, as one edit.
  await tl.clip('Video 1', 'one.mp4').click({ modifiers: ['Shift'] });
  await expect(inspector.getByRole('status', { name: 'Selection' })).toHaveText(/^2 clips selected/);
  await expect(opacity).toHaveValue('');
  await expect(opacity).toHaveAttribute('placeholder', 'Mixed');
  const before = Number((await api.timeline(projectId)).revision.slice(1));
  await opacity.fill('0.25');
  await opacity.press('Enter');
  await tl.saved();
  const both = await api.timeline(projectId);
  expect(
    (trackOf(both, 'video').clips as unknown as { properties: Record<string, number> }[]).map(
      (c) => c.properties.opacity,
    ),
  ).toEqual([0.25, 0.25]);
  expect(Number(both.revision.slice(1))).toBe(before + 1);
  await expect(opacity).toHaveValue('0.25');
});
