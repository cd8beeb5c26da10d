// The trim modes against the service, on a timeline an editor cuts: picture with its linked
// sound, a music bed and captions. A ripple delete, a ripple trim, a roll, a slip and a slide,
// each made with its key, leave the service's timeline exactly as expected clip by clip with
// every track in sync (the music and captions move with the picture where time goes), and
// one undo each brings the service's timeline back exactly. A roll tool's drag shows the two
// frames at the edit point in the monitor; a box drawn on the background selects across tracks.
import { makeFixtureDir, makeMp4, makeWav } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, trackOf, type ServiceTimeline } from './pages/timelinePage.ts';

let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

type Shape = (number | string)[];
/** Each track by name: its clips as [start, end, in, out] (captions [start, end, text]). */
function shapes(timeline: ServiceTimeline): Record<string, Shape[]> {
  return Object.fromEntries(
    timeline.tracks.map((t) => [
      t.name,
      t.clips.map((c) =>
        c.kind === 'caption' ? [c.startMs, c.endMs, c.text!] : [c.startMs, c.endMs, c.inMs!, c.outMs!],
      ),
    ]),
  );
}

const BEFORE: Record<string, Shape[]> = {
  'Video 1': [
    [0, 2000, 0, 2000],
    [2000, 4000, 3000, 5000],
    [4000, 6000, 1000, 3000],
  ],
  'Audio 1': [
    [0, 2000, 0, 2000],
    [2000, 4000, 3000, 5000],
    [4000, 6000, 1000, 3000],
  ],
  Music: [[0, 6000, 0, 6000]],
  'Captions 1': [
    [0, 1500, 'One'],
    [2000, 3500, 'Two'],
    [4000, 5500, 'Three'],
  ],
};

test('ripple delete, ripple trim, roll, slip and slide keep every track in sync; one undo each restores it', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Trimming');
  const talk = await api.upload(await makeMp4(fixtureDir(), { seconds: 6, name: 'talk.mp4' }), projectId);
  const music = await api.upload(await makeWav(fixtureDir(), { seconds: 7, name: 'music.wav' }), projectId);
  const start = await api.timeline(projectId);
  const video = trackOf(start, 'video').id;
  const audio = trackOf(start, 'audio').id;
  const captions = trackOf(start, 'caption').id;
  const musicTrack = crypto.randomUUID();
  const pieces = [
    [0, 0, 2000],
    [2000, 3000, 5000],
    [4000, 1000, 3000],
  ] as const;
  const setup = pieces.flatMap(([startMs, inMs, outMs]) => {
    const [picture, sound] = [crypto.randomUUID(), crypto.randomUUID()];
    return [
      { type: 'addClip', trackId: video, clipId: picture, assetId: talk.id, startMs, inMs, outMs },
      { type: 'addClip', trackId: audio, clipId: sound, assetId: talk.id, startMs, inMs, outMs },
      { type: 'linkClips', clipIds: [picture, sound] },
    ];
  });
  const before = await api.apply(projectId, start.revision, [
    { type: 'addTrack', kind: 'audio', trackId: musicTrack, name: 'Music', index: 2 },
    ...setup,
    { type: 'addClip', trackId: musicTrack, assetId: music.id, startMs: 0, inMs: 0, outMs: 6000 },
    { type: 'addCaption', trackId: captions, startMs: 0, endMs: 1500, text: 'One' },
    { type: 'addCaption', trackId: captions, startMs: 2000, endMs: 3500, text: 'Two' },
    { type: 'addCaption', trackId: captions, startMs: 4000, endMs: 5500, text: 'Three' },
  ]);
  expect(shapes(before)).toEqual(BEFORE);

  const tl = timelinePage(page);
  await tl.open('Trimming');
  const picture = (n: number) => tl.clip('Video 1', 'talk.mp4').nth(n);
  const now = () => api.timeline(projectId);
  /** Makes the edit, checks the service's timeline clip by clip, then undoes it and checks it is exactly as before. */
  async function checkEdit(make: () => Promise<void>, expected: Record<string, Shape[]>) {
    const revision = (await now()).revision;
    await make();
    await tl.saved();
    await expect.poll(async () => (await now()).revision).not.toBe(revision);
    expect(shapes(await now())).toEqual(expected);
    await tl.press('Control+z');
    await tl.saved();
    await expect.poll(async () => shapes(await now())).toEqual(BEFORE);
    expect((await now()).tracks).toEqual(before.tracks);
  }

  // Ripple delete of the middle picture (and its sound): the music and captions lose the same 2 s.
  await checkEdit(
    async () => {
      await picture(1).click();
      await tl.press('Shift+Delete');
    },
    {
      'Video 1': [
        [0, 2000, 0, 2000],
        [2000, 4000, 1000, 3000],
      ],
      'Audio 1': [
        [0, 2000, 0, 2000],
        [2000, 4000, 1000, 3000],
      ],
      Music: [
        [0, 2000, 0, 2000],
        [2000, 4000, 4000, 6000],
      ],
      'Captions 1': [
        [0, 1500, 'One'],
        [2000, 3500, 'Three'],
      ],
    },
  );

  // Ripple trim of the first picture's end to 1.5 s: what follows moves up 0.5 s on every track.
  await checkEdit(
    async () => {
      await picture(0).click();
      await tl.setPlayhead(1.5);
      await tl.press('Shift+W');
    },
    {
      'Video 1': [
        [0, 1500, 0, 1500],
        [1500, 3500, 3000, 5000],
        [3500, 5500, 1000, 3000],
      ],
      'Audio 1': [
        [0, 1500, 0, 1500],
        [1500, 3500, 3000, 5000],
        [3500, 5500, 1000, 3000],
      ],
      Music: [
        [0, 1500, 0, 1500],
        [1500, 5500, 2000, 6000],
      ],
      'Captions 1': [
        [0, 1500, 'One'],
        [1500, 3000, 'Two'],
        [3500, 5000, 'Three'],
      ],
    },
  );

  // Roll the cut at 2 s to 2.5 s (E rolls the selected clip's nearest cut to the playhead): nothing else moves.
  await checkEdit(
    async () => {
      await picture(0).click();
      await tl.setPlayhead(2.5);
      await tl.press('e');
    },
    {
      ...BEFORE,
      'Video 1': [
        [0, 2500, 0, 2500],
        [2500, 4000, 3500, 5000],
        [4000, 6000, 1000, 3000],
      ],
      'Audio 1': [
        [0, 2500, 0, 2500],
        [2500, 4000, 3500, 5000],
        [4000, 6000, 1000, 3000],
      ],
    },
  );

  // Slip the middle clip one frame left: its media moves left under it (later media shows); it stays put.
  await checkEdit(
    async () => {
      await picture(1).click();
      await tl.press('Control+Alt+ArrowLeft');
    },
    {
      ...BEFORE,
      'Video 1': [
        [0, 2000, 0, 2000],
        [2000, 4000, 3033, 5033],
        [4000, 6000, 1000, 3000],
      ],
      'Audio 1': [
        [0, 2000, 0, 2000],
        [2000, 4000, 3033, 5033],
        [4000, 6000, 1000, 3000],
      ],
    },
  );

  // Slide the middle clip one frame right: the clip before gives it, the clip after takes it.
  await checkEdit(
    async () => {
      await picture(1).click();
      await tl.press('Alt+Period');
    },
    {
      ...BEFORE,
      'Video 1': [
        [0, 2033, 0, 2033],
        [2033, 4033, 3000, 5000],
        [4033, 6000, 1033, 3000],
      ],
      'Audio 1': [
        [0, 2033, 0, 2033],
        [2033, 4033, 3000, 5000],
        [4033, 6000, 1033, 3000],
      ],
    },
  );

  // The slide tool's drag (Alt: no snapping) slides the middle clip: its neighbours give and take, nothing else moves.
  await tl.press('u');
  const beforeSlide = (await now()).revision;
  const middle = (await picture(1).boundingBox())!;
  await page.mouse.move(middle.x + middle.width / 2, middle.y + middle.height / 2);
  await page.mouse.down();
  await page.keyboard.down('Alt');
  await page.mouse.move(middle.x + middle.width / 2 + 30, middle.y + middle.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up('Alt');
  await tl.saved();
  await expect.poll(async () => (await now()).revision).not.toBe(beforeSlide);
  const [first, second, third] = shapes(await now())['Video 1']!.map((c) => c.map(Number));
  const by = second![0]! - 2000;
  expect(by).toBeGreaterThan(0);
  expect([first, second, third]).toEqual([
    [0, 2000 + by, 0, 2000 + by],
    [2000 + by, 4000 + by, 3000, 5000],
    [4000 + by, 6000, 1000 + by, 3000],
  ]);
  expect(shapes(await now()).Music).toEqual(BEFORE.Music);
  await tl.press('Control+z');
  await tl.saved();
  await expect.poll(async () => (await now()).tracks).toEqual(before.tracks);
  await tl.press('v');

  // Too far: a slip past the media's start is refused, saying why, and nothing is sent.
  const revision = (await now()).revision;
  await picture(0).click();
  await tl.press('Control+Alt+ArrowRight');
  await expect(
    page.getByText('The media starts 0.000 s before the clip’s start: slip at most that much.'),
  ).toBeVisible();
  expect((await now()).revision).toBe(revision);

  // The roll tool's drag shows the frames either side of the cut; back where it started, nothing is made.
  await tl.press('r');
  await expect(page.getByRole('button', { name: 'Roll tool' })).toHaveAttribute('aria-pressed', 'true');
  const box = (await picture(0).boundingBox())!;
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + 20, box.y + box.height / 2, { steps: 4 });
  const twoUp = page.getByRole('group', { name: 'Frames at the edit point' });
  await expect(twoUp).toBeVisible();
  await expect(twoUp.getByRole('figure', { name: /^Out / })).toBeVisible();
  await expect(twoUp.getByRole('figure', { name: /^In / })).toBeVisible();
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(twoUp).toHaveCount(0);
  await tl.press('v');
  expect((await now()).revision).toBe(revision);

  // A box dragged from the empty end of the tracks selects the clips it touches across tracks.
  const last = (await picture(2).boundingBox())!;
  const pxPerMs = last.width / 2000;
  const captionRow = (await tl.clip('Captions 1', 'Caption “Three”').boundingBox())!;
  const soundRow = (await tl.clip('Audio 1', 'talk.mp4').nth(2).boundingBox())!;
  await page.mouse.move(last.x + last.width + 500 * pxPerMs, captionRow.y + captionRow.height / 2);
  await page.mouse.down();
  await page.mouse.move(last.x + last.width - 250 * pxPerMs, soundRow.y + soundRow.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(picture(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(tl.clip('Audio 1', 'talk.mp4').nth(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(picture(1)).toHaveAttribute('aria-pressed', 'false');
  await expect(tl.clip('Captions 1', 'Caption “Three”')).toHaveAttribute('aria-pressed', 'false');
  await expect(tl.clip('Music', 'music.wav')).toHaveAttribute('aria-pressed', 'false');

  // A track's header's bottom edge makes it taller (drag) or shorter (arrow keys); the lanes below follow.
  const handle = page.getByRole('separator', { name: 'Height of Video 1' });
  const audioTop = (await tl.lane('Audio 1').boundingBox())!.y;
  const edge = (await handle.boundingBox())!;
  await page.mouse.move(edge.x + 20, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + 20, edge.y + edge.height / 2 + 40, { steps: 4 });
  await page.mouse.up();
  await expect(handle).toHaveAttribute('aria-valuenow', '104');
  await expect.poll(async () => (await tl.lane('Video 1').boundingBox())!.height).toBe(104);
  await expect.poll(async () => (await tl.lane('Audio 1').boundingBox())!.y).toBe(audioTop + 40);
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect(handle).toHaveAttribute('aria-valuenow', '96');
});
