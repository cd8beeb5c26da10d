// Undo survives a restart (issue 25, History): edits made in the app, then browser mode (main
// and the local service under it) stopped and started again on the same profile; Ctrl+Z steps
// back through the edits from before the restart, each checked against the service's
// timeline, and the History panel (who made each revision; a preview in the monitor that
// leaves the timeline alone) restores a revision from before the restart exactly. Then,
// with the timeline changed by another client while the app was stopped, the kept history is
// offered for review instead of being used blindly.
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test, type BrowserApp } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { productionPage } from './pages/productionPage.ts';
import { serviceApi, timelinePage, trackOf, type ServiceTimeline } from './pages/timelinePage.ts';

let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

/** Main has kept (answered) an undo history of `steps` steps made for `revision`. */
async function historyKept(app: BrowserApp, revision: string, steps: number): Promise<void> {
  const replied = new Set<number>();
  await expect
    .poll(() => {
      const sent = app.frames
        .filter((f) => f.direction === 'sent' && f.payload.includes('"timeline.saveUndoStack"'))
        .map((f) => JSON.parse(f.payload) as { id: number; arg: { stack: { revision: string; undo: unknown[] } } })
        .filter((f) => f.arg.stack.revision === revision && f.arg.stack.undo.length === steps);
      for (const f of app.frames)
        if (f.direction === 'received' && f.payload.includes('"reply"'))
          replied.add((JSON.parse(f.payload) as { id: number }).id);
      return sent.some((f) => replied.has(f.id));
    })
    .toBe(true);
}

const tracksOf = (t: ServiceTimeline) => t.tracks;

/** The service behind the app once the page has been told where it now listens. */
async function serviceAfterRestart(app: BrowserApp) {
  await expect
    .poll(() => {
      try {
        return app.localCreateBaseUrl();
      } catch {
        return null;
      }
    })
    .not.toBeNull();
  return serviceApi(app);
}

test('undo and the History panel work on edits made before a restart', async ({ page, app }) => {
  test.setTimeout(180_000);
  await firstLaunchPage(page).useLocalWorkspace();
  let api = await serviceApi(app);
  const projectId = await api.createProject('Interview');
  const asset = await api.upload(await makeMp4(fixtureDir(), { seconds: 2, name: 'take.mp4' }), projectId);
  const start = await api.timeline(projectId);
  const placed = await api.apply(projectId, start.revision, [
    { type: 'addClip', trackId: trackOf(start, 'video').id, assetId: asset.id, startMs: 0 },
  ]);
  expect(placed.revision).toBe('r1');
  const tl = timelinePage(page);
  await tl.open('Interview');

  // Three edits in the app: a split, a solo, a hidden track; the service's timeline after each.
  await tl.clip('Video 1', 'take.mp4').click();
  await tl.setPlayhead(1);
  await tl.press('s');
  await tl.saved();
  const split = await api.timeline(projectId);
  expect(split.revision).toBe('r2');
  expect(trackOf(split, 'video').clips).toHaveLength(2);
  await page.getByRole('button', { name: 'Solo Audio 1' }).click();
  await tl.saved();
  const soloed = await api.timeline(projectId);
  expect(soloed.revision).toBe('r3');
  await page.getByRole('button', { name: 'Hide Video 1' }).click();
  await tl.saved();
  expect((await api.timeline(projectId)).revision).toBe('r4');
  await historyKept(app, 'r4', 3);

  await app.restart();
  api = await serviceAfterRestart(app);
  await tl.open('Interview');
  const undo = page.getByRole('toolbar', { name: 'Timeline tools' }).getByRole('button', { name: 'Undo', exact: true });
  await expect(undo).toBeEnabled();

  // Each undo is a new edit that brings the service's timeline back to what it was.
  await tl.press('Control+z');
  await tl.saved();
  await expect.poll(async () => tracksOf(await api.timeline(projectId))).toEqual(tracksOf(soloed));
  expect((await api.timeline(projectId)).revision).toBe('r5');
  await tl.press('Control+z');
  await tl.saved();
  await expect.poll(async () => tracksOf(await api.timeline(projectId))).toEqual(tracksOf(split));
  await tl.press('Control+z');
  await tl.saved();
  await expect.poll(async () => tracksOf(await api.timeline(projectId))).toEqual(tracksOf(placed));
  await expect(undo).toBeDisabled();

  // The History panel: who made each revision (this app's key; r0 the service itself).
  const panels = productionPage(page);
  await panels.tab('History').click();
  const list = panels.panel.getByRole('list', { name: 'Timeline revisions' });
  await expect(list.getByRole('listitem').first()).toContainText('r7');
  await expect(list.getByRole('listitem').first()).toContainText('by this app');
  await expect(list.getByRole('listitem').filter({ hasText: 'New timeline' })).toContainText('by the service');

  // Previewing r4 (Video 1 hidden) shows it in the monitor; the timeline stays as it is.
  const monitor = page.getByRole('img', { name: 'The composed frame under the playhead' });
  await tl.setPlayhead(0.5);
  await expect(monitor).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  const current = await monitor.screenshot();
  await list.getByRole('button', { name: 'Preview r4' }).click();
  const bar = page.getByRole('region', { name: 'Revision preview' });
  await expect(bar).toContainText('Previewing revision r4');
  await expect.poll(async () => (await monitor.screenshot()).equals(current)).toBe(false);
  expect((await api.timeline(projectId)).revision).toBe('r7');
  await expect(page.getByRole('button', { name: 'Hide Video 1' })).toHaveAttribute('aria-pressed', 'false');
  await bar.getByRole('button', { name: 'Back to the timeline' }).click();
  await expect(bar).toBeHidden();
  await expect.poll(async () => (await monitor.screenshot()).equals(current)).toBe(true);

  // Restored from the panel (r4, made before the restart) as one new edit.
  await list.getByRole('button', { name: 'Restore r4' }).click();
  await expect.poll(async () => (await api.timeline(projectId)).revision, { timeout: 20_000 }).toBe('r8');
  await tl.saved();
  const restored = await api.timeline(projectId);
  expect(tracksOf(restored)).toEqual(tracksOf(await api.revision(projectId, 'r4')));
  // Undo is at hand again (the restore), and the history with it is kept for r8.
  await expect(undo).toBeEnabled();
  await historyKept(app, 'r8', 1);

  // Another client edits while the app is stopped: the kept history is for r8, the timeline is
  // at r9. It is offered for review with what changed, not used blindly.
  // Left on the Projects screen, the app starts there, without the timeline open.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Projects', exact: true }).click();
  await expect
    .poll(() => app.frames.some((f) => f.direction === 'sent' && f.payload.includes('"screen":"Projects"')))
    .toBe(true);
  await app.restart();
  api = await serviceAfterRestart(app);
  const captions = trackOf(restored, 'caption').id;
  await api.apply(projectId, 'r8', [{ type: 'addCaption', trackId: captions, startMs: 0, endMs: 500, text: 'Hello' }]);
  await tl.open('Interview');
  // A notice offers the review; the timeline is not blocked, and undo waits.
  const notice = page.getByRole('region', { name: 'Undo history from the last start' });
  await expect(notice).toContainText('made on r8; the timeline is now at r9');
  await expect(undo).toBeDisabled();
  await notice.getByRole('button', { name: 'Review the undo history' }).click();
  const review = page.getByRole('alertdialog', { name: 'Your undo history is from an older timeline' });
  await expect(review).toBeVisible();
  await expect(review).toContainText('made on r8; the timeline is now at r9');
  await expect(review.getByRole('list', { name: 'Changes by others' })).toContainText('caption “Hello” on Captions 1');
  await review.getByRole('button', { name: 'Keep the step if it still applies' }).click();
  await expect(review).toBeHidden();
  await expect(notice).toBeHidden();
  await tl.press('Control+z');
  await tl.saved();
  // The restore is undone; the other client's caption stays.
  const after = await api.timeline(projectId);
  expect(after.revision).toBe('r10');
  expect(trackOf(after, 'video')).toEqual(trackOf(placed, 'video'));
  expect(trackOf(after, 'caption').clips.map((c) => (c as { text?: string }).text)).toEqual(['Hello']);
});
