// Copy a clip in one project and paste it in another (issue 21): the clip's media is attached
// to the other project (no second upload), the clip lands on the track the user added for it
// (not on Video 1, where it would overlap), and it plays in the monitor.
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, type ServiceTimeline } from './pages/timelinePage.ts';
import { makeFixtureDir, makeMp4, makePng, mediaForm } from '../support/mediaFixtures.ts';

const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

test('copy a clip in project A, paste it in project B: there, attached to B, playable', async ({ page, app }) => {
  test.setTimeout(150_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const secrets = await app.localSecrets();
  const base = app.localCreateBaseUrl();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${secrets!.createApiKey}`,
        ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { data: any };
  };

  // A: a brand's video attached to it, on its Video 1. B: its own picture on Video 1 at 0 s.
  const a = await api.createProject('Harbour film');
  const b = await api.createProject('Mountain film');
  const brand = (await call('POST', '/brands', { name: 'Acme' })).data;
  const intro = (
    await call(
      'POST',
      '/assets',
      mediaForm(await makeMp4(fixtures.dir, { seconds: 3, name: 'intro.mp4' }), { brandId: brand.id }),
    )
  ).data;
  await call('POST', `/projects/${a}/attachments`, { assetId: intro.id });
  const still = await api.upload(await makePng(fixtures.dir, { width: 160, height: 90, name: 'still.png' }), b);
  const trackOf = (t: ServiceTimeline, name: string) => t.tracks.find((track) => track.name === name)!;
  const ta = await api.timeline(a);
  await api.apply(a, ta.revision, [
    { type: 'addClip', trackId: trackOf(ta, 'Video 1').id, assetId: intro.id, startMs: 0, inMs: 0, outMs: 3000 },
  ]);
  const tb = await api.timeline(b);
  await api.apply(b, tb.revision, [
    { type: 'addClip', trackId: trackOf(tb, 'Video 1').id, assetId: still.id, startMs: 0, inMs: 0, outMs: 5000 },
  ]);

  const tl = timelinePage(page);
  await tl.open('Harbour film');
  await tl.clip('Video 1', 'intro.mp4').click();
  await tl.press('Control+c');

  await tl.open('Mountain film');
  await expect(tl.clip('Video 1', 'still.png')).toBeVisible();
  // The user makes room for the paste: a new video track.
  await page.getByRole('button', { name: 'Add track' }).click();
  await page.getByRole('menuitem', { name: 'Video track' }).click();
  await expect(tl.lane('Video 2')).toHaveCount(1);
  await tl.setPlayhead(1);
  await tl.press('Control+v');

  await expect(tl.clip('Video 2', 'intro.mp4')).toBeVisible();
  await tl.saved();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const after = await api.timeline(b);
  expect(trackOf(after, 'Video 2').clips).toMatchObject([{ assetId: intro.id, startMs: 1000, endMs: 4000 }]);
  expect(trackOf(after, 'Video 1').clips).toMatchObject([{ assetId: still.id }]);
  const attachments = (await call('GET', `/projects/${b}/attachments`)).data as { assetId: number }[];
  expect(attachments.map((x) => x.assetId)).toEqual([intro.id]);
  // Attached, not uploaded again: the account still has the one copy of intro.mp4.
  const brandAssets = (await call('GET', `/brands/${brand.id}/assets`)).data as { filename: string }[];
  expect(brandAssets.filter((x) => x.filename === 'intro.mp4')).toHaveLength(1);

  // Playable: the monitor draws it, and Space plays on through it.
  const frame = page.getByRole('img', { name: 'The composed frame under the playhead' });
  await tl.setPlayhead(2);
  await expect(frame).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  await tl.press(' ');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect
    .poll(async () => Number(await frame.getAttribute('data-time-ms')), { timeout: 20_000 })
    .toBeGreaterThan(2300);
  await page.keyboard.press(' ');
});

test("a project's own media pasted in another project: the paste says why not, and changes nothing", async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const a = await api.createProject('Harbour film');
  const b = await api.createProject('Mountain film');
  const own = await api.upload(await makePng(fixtures.dir, { width: 160, height: 90, name: 'harbour.png' }), a);
  const ta = await api.timeline(a);
  await api.apply(a, ta.revision, [
    {
      type: 'addClip',
      trackId: ta.tracks.find((t) => t.name === 'Video 1')!.id,
      assetId: own.id,
      startMs: 0,
      outMs: 2000,
    },
  ]);

  const tl = timelinePage(page);
  await tl.open('Harbour film');
  await tl.clip('Video 1', 'harbour.png').click();
  await tl.press('Control+c');
  await tl.open('Mountain film');
  const before = await api.timeline(b);
  await tl.press('Control+v');
  await expect(page.getByRole('alert').filter({ hasText: 'Pasting clips' })).toContainText(
    'harbour.png is media of the project it was copied in, and the service shares only brand media between projects',
  );
  await expect(tl.clips('Video 1')).toHaveCount(0);
  expect((await api.timeline(b)).revision).toBe(before.revision);
});
