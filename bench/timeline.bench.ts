// Timeline benchmark (STYLE.md "Timelines that stay fast"): the real Timeline screen in
// headless Chromium through browser mode, on a project of 5,000 clips against the same
// screen on a project of 50 clips (the baseline), measured in the same run:
//   - frame times while scrolling (the scroller moved 60 px every frame) and while zooming
//     (zoom out and in by the shortcut, one step a frame): requestAnimationFrame deltas,
//     median and p95;
//   - the time from an edit (a clip nudged by one frame, from the keyboard) to the screen
//     showing it, and to its command's acknowledgement (the screen says "All edits saved"),
//     median and p95, beside the same edit sent straight to the service;
//   - how many clip elements the page holds;
//   - in the model alone: 1,000 ranges cut from a two-hour timeline as one removeRanges
//     against the same cuts as split and ripple-remove pairs (support/rangeCutFigures.ts).
// Browser mode keeps keys in the Secret Service: `npm run bench -- timeline` starts a private one.
//
//   BENCH_TIMELINE_CLIPS   clips of the large timeline (default 5000)
//   BENCH_TIMELINE_FRAMES  frames measured per gesture (default 240)
//   BENCH_TIMELINE_EDITS   edits timed per timeline (default 15)
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { startBenchSandbox } from './support/benchSandbox.ts';
import { launchBrowserMode, stopBrowserMode, useLocalWorkspace } from './support/browserModeApp.ts';
import { reportRangeCuts } from './support/rangeCutFigures.ts';
import { envInt, fixed, heading, median, note, quantile, ratio, summary, table } from './support/report.ts';

const CLIPS = envInt('BENCH_TIMELINE_CLIPS', 5000);
const BASELINE_CLIPS = 50;
const FRAMES = envInt('BENCH_TIMELINE_FRAMES', 240);
const EDITS = envInt('BENCH_TIMELINE_EDITS', 15);
const CHROMIUM = '/usr/bin/chromium';
const run = promisify(execFile);

/** The local sandbox behind the app, through its API with the workspace's own key. */
function serviceApi(base: string, apiKey: string) {
  return async function call(
    method: string,
    path: string,
    body?: unknown,
    form?: FormData,
    extraHeaders: Record<string, string> = {},
  ): Promise<any> {
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}`, ...extraHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST' && path.endsWith('/commands')) headers['idempotency-key'] = randomUUID();
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const json = (await res.json()) as { data?: unknown; error?: { code: string; message: string } };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.error?.code} ${json.error?.message}`);
    return json.data;
  };
}

/** A project whose video track holds `count` clips of 800 ms, one a second (room to nudge each). */
async function projectWithClips(
  call: ReturnType<typeof serviceApi>,
  name: string,
  count: number,
  media: string,
): Promise<void> {
  const project = await call('POST', '/projects', { name, aspectRatio: '16:9' });
  const form = new FormData();
  form.append('projectId', String(project.id));
  form.append('file', new Blob([readFileSync(media)]), 'tick.mp4');
  const asset = await call('POST', '/assets', undefined, form);
  const timeline = await call('GET', `/projects/${project.id}/editor/timeline`);
  const video = timeline.tracks.find((t: { kind: string }) => t.kind === 'video').id as string;
  let { revision } = timeline as { revision: string };
  for (let from = 0; from < count; from += 500) {
    const commands = Array.from({ length: Math.min(500, count - from) }, (_, k) => ({
      type: 'addClip',
      trackId: video,
      clipId: randomUUID(),
      assetId: asset.id,
      startMs: (from + k) * 1000,
      inMs: 0,
      outMs: 800,
    }));
    ({ revision } = await call('POST', `/projects/${project.id}/editor/commands`, { revision, commands }));
  }
}

/** requestAnimationFrame deltas while the gesture runs once a frame. */
function frameTimes(page: Page, gesture: 'scroll' | 'zoom'): Promise<number[]> {
  return page.evaluate(
    async ({ gesture, frames }) => {
      const scroller = document.querySelector('.tl-scroller') as HTMLElement;
      const ruler = document.querySelector('[role="slider"][aria-label="Playhead"]') as HTMLElement;
      const deltas: number[] = [];
      let direction = 1;
      await new Promise<void>((resolve) => {
        let last = 0;
        let i = 0;
        const tick = (now: number) => {
          if (last > 0) deltas.push(now - last);
          last = now;
          if (gesture === 'scroll') {
            const max = scroller.scrollWidth - scroller.clientWidth;
            let next = scroller.scrollLeft + direction * 60;
            if (next >= max || next <= 0) {
              direction = -direction;
              next = Math.max(0, Math.min(max, next));
            }
            scroller.scrollLeft = next;
          } else {
            // 18 steps out (past the whole project on the large one), 18 back in.
            const key = Math.floor(i / 18) % 2 === 0 ? '-' : '+';
            ruler.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
          }
          if (++i <= frames) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      return deltas;
    },
    { gesture, frames: FRAMES },
  );
}

/**
 * For each edit (a nudge of the selected clip): milliseconds until it shows (the status says
 * it is being saved, with the clip already moved) and until the screen says every edit is saved.
 */
function editToAck(page: Page): Promise<{ screen: number[]; ack: number[] }> {
  return page.evaluate(async (edits) => {
    const ruler = document.querySelector('[role="slider"][aria-label="Playhead"]') as HTMLElement;
    const status = document.querySelector('[role="status"][aria-label="Edit status"]') as HTMLElement;
    const saved = () => (status.textContent ?? '').startsWith('All edits saved');
    const screen: number[] = [];
    const ack: number[] = [];
    for (let k = 0; k < edits; k++) {
      const started = performance.now();
      let shown = 0;
      const done = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!saved()) shown ||= performance.now();
          else if (shown) {
            observer.disconnect();
            resolve(performance.now());
          }
        });
        observer.observe(status, { childList: true, characterData: true, subtree: true });
      });
      ruler.dispatchEvent(new KeyboardEvent('keydown', { key: k % 2 === 0 ? '.' : ',', bubbles: true }));
      ack.push((await done) - started);
      screen.push(shown - started);
      await new Promise((r) => setTimeout(r, 50));
    }
    return { screen, ack };
  }, EDITS);
}

interface Figures {
  clipsInDom: number;
  scroll: number[];
  zoom: number[];
  screen: number[];
  ack: number[];
  /** The same kind of edit sent straight to the service (no app): its round trip, with the compact answer and with the whole timeline. */
  service: number[];
  serviceWhole: number[];
}

/**
 * Round trips of single-clip moves sent straight to the service, for comparison with the app's
 * edit to ack: with the answer as the app gets it (the new revision and what changed), and
 * with the whole timeline in it (`Prefer: return=representation`, what every answer carried before).
 */
async function serviceRoundTrips(
  call: ReturnType<typeof serviceApi>,
  project: string,
): Promise<{ compact: number[]; whole: number[] }> {
  const projects = (await call('GET', '/projects?limit=100')) as { id: number; name: string }[];
  const id = projects.find((p) => p.name === project)!.id;
  const timeline = await call('GET', `/projects/${id}/editor/timeline`);
  const clip = timeline.tracks.find((t: { kind: string }) => t.kind === 'video').clips[1];
  let { revision } = timeline as { revision: string };
  const times = { compact: [] as number[], whole: [] as number[] };
  // The compact answers first, then the whole ones (whose 1.2 MB answers leave garbage behind them).
  for (let k = 0; k < 2 * EDITS; k++) {
    const whole = k >= EDITS;
    const started = performance.now();
    ({ revision } = await call(
      'POST',
      `/projects/${id}/editor/commands`,
      {
        revision,
        commands: [{ type: 'moveClip', clipId: clip.id, startMs: clip.startMs + (k % 2 === 0 ? 33 : 0) }],
      },
      undefined,
      whole ? { prefer: 'return=representation' } : {},
    ));
    times[whole ? 'whole' : 'compact'].push(performance.now() - started);
  }
  return times;
}

async function measure(page: Page, project: string): Promise<Omit<Figures, 'service' | 'serviceWhole'>> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Timeline', exact: true }).click();
  await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: project });
  await page.getByRole('toolbar', { name: 'Timeline tools' }).waitFor({ timeout: 60_000 });
  await page.locator('[data-clip-id]').first().waitFor({ timeout: 60_000 });
  const clipsInDom = await page.locator('[data-clip-id]').count();
  const scroll = await frameTimes(page, 'scroll');
  await page.getByRole('button', { name: 'Whole project' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const zoom = await frameTimes(page, 'zoom');
  // Back to the first clips, one selected, for the edits.
  await page.getByLabel('Playhead time').fill('0');
  await page.getByLabel('Playhead time').press('Enter');
  for (let i = 0; i < 12; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.locator('[data-clip-id]').first().click();
  await page
    .getByRole('status', { name: 'Edit status' })
    .filter({ hasText: /^All edits saved/ })
    .waitFor({ timeout: 30_000 });
  const { screen, ack } = await editToAck(page);
  return { clipsInDom, scroll: scroll.slice(2), zoom: zoom.slice(2), screen, ack };
}

async function main(): Promise<void> {
  heading(
    `Timeline: the Timeline screen with ${CLIPS} clips against the same screen with ${BASELINE_CLIPS} (baseline), headless Chromium`,
    `Frame times (requestAnimationFrame deltas) over ${FRAMES} frames of scrolling and of zooming; ${EDITS} edits timed from the key press to "All edits saved".`,
  );
  reportRangeCuts();
  if (!existsSync(CHROMIUM)) {
    note(`Skipped: ${CHROMIUM} is not installed (Debian package chromium).`);
    summary('timeline', `skipped: ${CHROMIUM} is missing`);
    return;
  }
  const userData = mkdtempSync(join(tmpdir(), 'clipdesk-bench-timeline-'));
  const media = join(userData, 'tick.mp4');
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x90:rate=10:duration=1',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=1',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    media,
  ]);
  const app = await launchBrowserMode(userData, { CLIPDESK_SANDBOX_JOB_SECONDS: '0.5' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const { baseUrl, apiKey } = await useLocalWorkspace(page, app);
    const call = serviceApi(baseUrl, apiKey);
    const building = performance.now();
    await projectWithClips(call, 'Baseline timeline', BASELINE_CLIPS, media);
    await projectWithClips(call, 'Large timeline', CLIPS, media);
    note(`Timelines built through the API in ${fixed((performance.now() - building) / 1000, 1)} s.`);
    // The first project read includes both; reload so the Timeline screen lists them.
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 60_000 });

    const baseline: Figures = { ...(await measure(page, 'Baseline timeline')), service: [], serviceWhole: [] };
    const large: Figures = { ...(await measure(page, 'Large timeline')), service: [], serviceWhole: [] };
    // The service alone: a sandbox of its own with the same two timelines, and a key of its own
    // (the app's key keeps its 120 requests a minute for the app).
    const alone = await startBenchSandbox();
    try {
      const direct = serviceApi(alone.createBaseUrl, alone.apiKey);
      for (const [figures, name, clips] of [
        [baseline, 'Baseline timeline', BASELINE_CLIPS],
        [large, 'Large timeline', CLIPS],
      ] as const) {
        await projectWithClips(direct, name, clips, media);
        const { compact, whole } = await serviceRoundTrips(direct, name);
        figures.service.push(...compact);
        figures.serviceWhole.push(...whole);
      }
    } finally {
      await alone.remove();
    }
    const row = (what: string, pick: (f: Figures) => number[], q: number) => {
      const b = quantile(pick(baseline), q);
      const l = quantile(pick(large), q);
      return [what, fixed(b, 1), fixed(l, 1), ratio(l, b)];
    };
    table([
      ['', `${BASELINE_CLIPS} clips (ms)`, `${CLIPS} clips (ms)`, 'ratio'],
      row('scroll frame, median', (f) => f.scroll, 0.5),
      row('scroll frame, p95', (f) => f.scroll, 0.95),
      row('zoom frame, median', (f) => f.zoom, 0.5),
      row('zoom frame, p95', (f) => f.zoom, 0.95),
      row('edit on screen, median', (f) => f.screen, 0.5),
      row('edit on screen, p95', (f) => f.screen, 0.95),
      row('edit to ack, median', (f) => f.ack, 0.5),
      row('edit to ack, p95', (f) => f.ack, 0.95),
      row('service alone, median', (f) => f.service, 0.5),
      row('service alone, whole timeline, median', (f) => f.serviceWhole, 0.5),
    ]);
    note(
      '"service alone": the same one-clip move sent straight to a sandbox of its own (no app), its answer as the app gets it (the new revision and what changed); "whole timeline": asking for the whole timeline in the answer too (Prefer: return=representation), as every answer carried before.',
    );
    note(
      `Clip elements in the page on opening: ${baseline.clipsInDom} of ${BASELINE_CLIPS}, ${large.clipsInDom} of ${CLIPS}.`,
    );
    summary(
      'timeline',
      `${CLIPS} clips vs ${BASELINE_CLIPS}: scroll frame median ${fixed(median(large.scroll), 1)} ms (${ratio(median(large.scroll), median(baseline.scroll))}), p95 ${fixed(quantile(large.scroll, 0.95), 1)} ms; ` +
        `zoom frame median ${fixed(median(large.zoom), 1)} ms (${ratio(median(large.zoom), median(baseline.zoom))}), p95 ${fixed(quantile(large.zoom, 0.95), 1)} ms; ` +
        `edit on screen median ${fixed(median(large.screen), 1)} ms; edit→ack median ${fixed(median(large.ack), 0)} ms (${ratio(median(large.ack), median(baseline.ack))}), p95 ${fixed(quantile(large.ack, 0.95), 0)} ms (service alone ${fixed(median(large.service), 0)} ms); ${large.clipsInDom} clip elements in the page`,
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}\nbrowser mode said:\n${app.stderr().slice(-3000)}`, { cause: err });
  } finally {
    await browser.close();
    await stopBrowserMode(app);
    rmSync(userData, { recursive: true, force: true });
  }
}

await main();
