// Preview benchmark: the live monitor playing three layered 1080p sources in headless
// Chromium (no GPU: every frame decoded and composited in software, on this machine's two
// cores), against the same sources played by plain <video> elements in the same browser,
// in the same run, in the same 960×540 box:
//   - playback: frames presented a second per layer (requestVideoFrameCallback) and frames
//     dropped (getVideoPlaybackQuality) over BENCH_PREVIEW_SECONDS, and how far each layer's
//     clock strays from the playhead (audio and picture of a layer share one clock);
//   - a seek: from the key that asks for it to the right frame of every layer on screen;
//   - Space: from the key to a new frame presented;
//   - memory: the renderer's and compositor's RSS while a long three-layer timeline plays
//     through at 4× (and the plain <video> elements loop at 4× for as long).
// The monitor plays the 720p proxies the media cache makes of 1080p sources (the time that
// takes is reported too); the plain <video> baseline plays the 1080p files themselves, and
// a second baseline the same proxies, to tell the proxies' part from the engine's.
// The defaults keep the run to about five minutes on an idle machine; issue 12's full
// measure is BENCH_PREVIEW_SECONDS=30 BENCH_PREVIEW_LONG_MINUTES=10 (about ten more minutes).
//
//   BENCH_PREVIEW_SECONDS       playback measured (default 15)
//   BENCH_PREVIEW_SEEKS         seeks timed (default 20)
//   BENCH_PREVIEW_STARTS        Space presses timed (default 6)
//   BENCH_PREVIEW_LONG_MINUTES  the long timeline (default 4)
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import keytar from 'keytar';
import { BROWSER_MODE, type JsonCall, ROOT, expectStatus, jsonClient, newProject } from './support/benchSandbox.ts';
import {
  baselinePageScript,
  chromiumMemoryMiB,
  COUNT_FRAMES,
  LAYOUT,
  serveBaseline,
  TIME_TO_MOTION,
} from './support/previewPages.ts';
import { animateLayer } from './support/animatedLayers.ts';
import { envInt, fixed, heading, median, note, quantile, ratio, summary, table } from './support/report.ts';

const run = promisify(execFile);
const SECONDS = envInt('BENCH_PREVIEW_SECONDS', 15);
const SEEKS = envInt('BENCH_PREVIEW_SEEKS', 20);
const STARTS = envInt('BENCH_PREVIEW_STARTS', 6);
const LONG_MINUTES = envInt('BENCH_PREVIEW_LONG_MINUTES', 4);
const CHROMIUM = '/usr/bin/chromium';
const BOX = { width: 960, height: 540 };
const SOURCE_SECONDS = SECONDS + 5;
/**
 * The three-layer project's clips (static, then animated), longer than a measure plays: 1 s
 * of settling, SECONDS of counting, and the page's answers to the samples, seconds under load.
 * Clips as long as the measure let the playhead reach the timeline's end, where the monitor
 * stops; the stopping Space then started playback again from 0, and the bench waited forever
 * for a monitor that was playing.
 */
const CLIP_SECONDS = SECONDS + 4;
const LONG_RATE = 4;

/** Three 1080p30 sources with sound, long GOPs as cameras write them: moving, and unlike each other. */
async function makeSources(dir: string): Promise<string[]> {
  const pictures = [
    'testsrc2=size=1920x1080:rate=30',
    'gradients=size=1920x1080:rate=30:speed=0.02',
    'testsrc2=size=1920x1080:rate=30,hue=H=t',
  ];
  return Promise.all(
    pictures.map(async (picture, i) => {
      const path = join(dir, `source-${i + 1}.mp4`);
      await run('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', picture],
        ...['-f', 'lavfi', '-i', `sine=frequency=${330 + 110 * i}:sample_rate=48000`, '-t', String(SOURCE_SECONDS)],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
        ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
        ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', path],
      ]);
      return path;
    }),
  );
}

interface App {
  child: ChildProcess;
  url: string;
  call: JsonCall;
  userData: string;
  service: string;
  stop(): Promise<void>;
}

/** Browser mode on a fresh profile, its local sandbox's address read from its log. */
async function startApp(): Promise<App> {
  const userData = mkdtempSync(join(tmpdir(), 'clipdesk-bench-preview-'));
  const service = `Clipdesk-bench-${randomUUID()}`;
  const child = spawn(process.execPath, [BROWSER_MODE, '--user-data', userData, '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, CLIPDESK_KEYCHAIN_SERVICE: service },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-50_000)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not start\n${log}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('CLIPDESK BROWSER READY ')) return;
      clearTimeout(timer);
      resolve((JSON.parse(line.slice('CLIPDESK BROWSER READY '.length)) as { url: string }).url);
    });
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    for (const { account } of await keytar.findCredentials(service).catch(() => []))
      await keytar.deletePassword(service, account);
    rmSync(userData, { recursive: true, force: true });
  };
  return {
    child,
    url,
    userData,
    service,
    stop,
    call: async (...args) => {
      // The workspace's entry is named by the profile (`profile:<id>/workspace:local`) and
      // written a moment after the page shows the workspace (under load, seconds).
      let base: string | undefined;
      let entry: string | null = null;
      for (let waited = 0; waited < 60_000 && (!base || !entry); waited += 250) {
        base = /local sandbox ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(log)?.[1];
        const found = await keytar.findCredentials(service).catch(() => []);
        entry = found.find((c) => c.account.endsWith('workspace:local'))?.password ?? null;
        if (!base || !entry) await new Promise((r) => setTimeout(r, 250));
      }
      if (!base || !entry) throw new Error(`the local workspace is not ready\n${log.slice(-2000)}`);
      const key = (JSON.parse(entry) as { createApiKey: { secret: string } }).createApiKey.secret;
      return jsonClient(`${base}/api/v1`, key)(...args);
    },
  };
}

/** Uploads the sources into a project (a timeline plays only its own project's media). */
async function uploadSources(call: JsonCall, projectId: number, sources: string[]): Promise<number[]> {
  const assets: number[] = [];
  for (const path of sources) {
    const form = new FormData();
    form.append('projectId', String(projectId));
    form.append('file', new Blob([readFileSync(path)]), basename(path));
    assets.push(expectStatus(await call('POST', '/assets', { form }), 201, `uploading ${basename(path)}`).id as number);
  }
  return assets;
}

/**
 * A project whose timeline has one video track per layer of LAYOUT, each playing `clips` of
 * `seconds` from the sources in turn; `animated`: then one more clip each, every property
 * keyframed (support/animatedLayers.ts), on the same media (no second set of proxies).
 */
async function layeredProject(
  call: JsonCall,
  name: string,
  sources: string[],
  clips: number,
  seconds: number,
  animated = false,
): Promise<number[]> {
  const projectId = await newProject(call, name);
  const assets = await uploadSources(call, projectId, sources);
  const timeline = expectStatus(await call('GET', `/projects/${projectId}/editor/timeline`), 200, 'the timeline');
  const commands: unknown[] = [];
  LAYOUT.forEach((layer, i) => {
    const trackId = randomUUID();
    commands.push({ type: 'addTrack', kind: 'video', trackId, name: `Layer ${i + 1}` });
    for (let c = 0; c < clips + (animated ? 1 : 0); c++) {
      const clipId = randomUUID();
      const assetId = assets[(i + c) % assets.length]!;
      commands.push({
        type: 'addClip',
        trackId,
        clipId,
        assetId,
        startMs: c * seconds * 1000,
        inMs: 0,
        outMs: seconds * 1000,
      });
      if (i > 0)
        commands.push({
          type: 'setClipProperties',
          clipId,
          properties: {
            scale: layer.width,
            positionX: layer.left + layer.width / 2 - 0.5,
            positionY: layer.top + layer.height / 2 - 0.5,
            opacity: layer.opacity,
          },
        });
      if (c === clips) commands.push(...animateLayer(clipId, i, seconds * 1000));
    }
  });
  const applied = await call('POST', `/projects/${projectId}/editor/commands`, {
    body: { revision: timeline.revision, commands },
    headers: { 'idempotency-key': randomUUID() },
  });
  expectStatus(applied, 200, 'building the timeline');
  return assets;
}

const frame = (page: Page) => page.getByTestId('monitor-frame');

/** What the monitor shows, for an error: its frame's time and state, its note, and a screenshot. */
async function monitorState(page: Page): Promise<string> {
  const shot = join(tmpdir(), `clipdesk-preview-bench-${Date.now()}.png`);
  const shown = await page.screenshot({ path: shot, timeout: 10_000 }).then(
    () => `screenshot: ${shot}`,
    () => 'no screenshot',
  );
  const state = await within(
    page.evaluate(() => {
      const el = document.querySelector('[data-testid="monitor-frame"]');
      if (!el) return 'no monitor on the page';
      const note = document.querySelector('.tl-monitor-note')?.textContent ?? '';
      return `monitor at ${(el as HTMLElement).dataset.timeMs} ms, aria-busy=${el.getAttribute('aria-busy')} ${note}`;
    }),
    10_000,
    'reading the monitor',
  ).catch((error: Error) => error.message);
  return `${state} (${shown})`;
}

/** `promise`, or an error after `ms`: a wait inside the page has no timeout of its own. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function settled(page: Page, timeoutMs = 30_000): Promise<void> {
  try {
    await frame(page).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: timeoutMs });
  } catch (error) {
    // What the monitor said when it did not settle is the first thing to look at.
    throw new Error(`the monitor did not settle in ${timeoutMs} ms: ${await monitorState(page)}`, { cause: error });
  }
}

/** Opens a project's timeline with the monitor large, at 50 % (960×540). */
async function openTimeline(page: Page, project: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Timeline', exact: true }).click();
  await page.getByLabel('Project', { exact: true }).selectOption({ label: project });
  await page.getByRole('toolbar', { name: 'Timeline tools' }).waitFor({ timeout: 60_000 });
  const bigger = page.getByRole('button', { name: 'Bigger monitor' });
  if ((await bigger.getAttribute('aria-pressed')) !== 'true') await bigger.click();
  await page.getByLabel('Monitor zoom').selectOption('50%');
}

/** Moves the playhead as a user types it, and answers the ms from Enter to every layer on its frame, on screen. */
async function seek(page: Page, ms: number): Promise<number> {
  const timed = page.evaluate(
    (target) =>
      new Promise<number>((resolve) => {
        const el = document.querySelector('[data-testid="monitor-frame"]') as HTMLElement;
        let from: number | null = null;
        const done = () =>
          from !== null && el.dataset.timeMs === String(target) && el.getAttribute('aria-busy') === 'false';
        const finish = () => {
          if (!done()) return;
          observer.disconnect();
          // On screen: the compositor's next frame after the layers reached theirs.
          requestAnimationFrame(() => requestAnimationFrame((now) => resolve(now - from!)));
        };
        const observer = new MutationObserver(finish);
        observer.observe(el, { attributes: true });
        window.addEventListener(
          'keydown',
          (e) => {
            if (e.key !== 'Enter') return;
            from = performance.now();
            // Already there: the monitor draws nothing new, and the answer is the next frame.
            finish();
          },
          { capture: true, once: true },
        );
      }),
    ms,
  );
  const field = page.getByLabel('Playhead time');
  await field.fill((ms / 1000).toFixed(3));
  await field.press('Enter');
  try {
    return await within(timed, 30_000, `seeking to ${ms} ms`);
  } catch (error) {
    throw new Error(`${(error as Error).message}: ${await monitorState(page)}`, { cause: error });
  }
}

/** The visible layers' video elements of the monitor, for the in-page measures. */
const MONITOR_LAYERS = `window.measured = () => [...document.querySelectorAll('[data-testid="monitor-frame"] .pv-layer')]
  .filter((w) => w.style.visibility !== 'hidden').map((w) => w.querySelector('video')).filter(Boolean)`;

interface Playback {
  fps: number[];
  dropped: number;
  total: number;
  driftMs: number | null;
}

async function measurePlayback(
  page: Page,
  start: () => Promise<void>,
  stopIt: () => Promise<void>,
  drift: boolean,
  /** Where the clips measured lie on the timeline (each plays its source from 0). */
  clips = { startMs: 0, endMs: CLIP_SECONDS * 1000 },
): Promise<Playback> {
  await start();
  await page.waitForTimeout(1000);
  await page.evaluate(COUNT_FRAMES);
  // SECONDS by the clock, however long the samples take to answer (they add to the playhead).
  const until = performance.now() + SECONDS * 1000;
  let driftMs = 0;
  for (let left = SECONDS * 1000; left > 0; left = until - performance.now()) {
    await page.waitForTimeout(Math.min(2000, left));
    if (!drift) continue;
    // Each layer's clock against the playhead (every clip starts at 0 from its source's start).
    const strays = await page.evaluate((from) => {
      const at = Number((document.querySelector('[data-testid="monitor-frame"]') as HTMLElement).dataset.timeMs);
      return (window as unknown as { measured(): HTMLVideoElement[] })
        .measured()
        .map((v) => Math.abs(v.currentTime * 1000 - (at - from)));
    }, clips.startMs);
    driftMs = Math.max(driftMs, ...strays);
  }
  const counts = (await page.evaluate('window.frameCounts()')) as { fps: number; total: number; dropped: number }[];
  if (drift) await stillInside(page, clips.endMs, 'the playback measured');
  await stopIt();
  return {
    fps: counts.map((c) => c.fps),
    dropped: counts.reduce((sum, c) => sum + c.dropped, 0),
    total: counts.reduce((sum, c) => sum + c.total, 0),
    driftMs: drift ? driftMs : null,
  };
}

/**
 * Fails when the monitor's playhead has reached `endMs`: the figures taken would then count
 * other clips, or a monitor stopped at the timeline's end, and a Space to stop it would start it.
 */
async function stillInside(page: Page, endMs: number, what: string): Promise<void> {
  const at = await page.evaluate(() =>
    Number((document.querySelector('[data-testid="monitor-frame"]') as HTMLElement).dataset.timeMs),
  );
  if (at < endMs) return;
  throw new Error(
    `${what} ran to ${at} ms, past its clips' end at ${endMs} ms (load average ${loadavg()[0]!.toFixed(1)}): ` +
      'the page answered too slowly for the samples; run the bench on a quieter machine, or lengthen CLIP_SECONDS',
  );
}

/** Samples the RSS at 0, 5, 10 … `seconds` s by the clock (no wait after the last); answers MiB at each sample. */
async function memoryWhile(browser: Browser, seconds: number): Promise<number[]> {
  const samples: number[] = [];
  const from = performance.now();
  for (let s = 0; s <= seconds; s += 5) {
    await new Promise((r) => setTimeout(r, Math.max(0, from + s * 1000 - performance.now())));
    samples.push(await chromiumMemoryMiB(browser));
  }
  return samples;
}

/**
 * Samples left out of the trend: playback's first 30 s, while decoders, buffers and the
 * cache fill (some 100 MiB in the first 5 s alone). A leak shows after that; warming up does not.
 */
const SETTLING_SAMPLES = 6;

/** MiB per minute of a least-squares line through samples taken every 5 s. */
function slopePerMinute(samples: number[]): number {
  const n = samples.length;
  const xs = samples.map((_, i) => (i * 5) / 60);
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = samples.reduce((a, b) => a + b, 0) / n;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (samples[i]! - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const randomMs = (from: number, to: number) => Math.round((from + Math.random() * (to - from)) / 100) * 100;
const ms = (value: number) => `${fixed(value, 0)} ms`;
const mib = (value: number) => `${fixed(value, 0)} MiB`;

async function main(): Promise<void> {
  heading(
    'Preview: the live monitor playing three layered 1080p sources, against plain <video> elements playing the same sources',
    `Headless Chromium without a GPU (software decoding and compositing), a 960×540 box; ${SECONDS} s of playback, ${SEEKS} seeks, ${STARTS} starts, ${LONG_MINUTES} minutes of a long timeline played at ${LONG_RATE}×.`,
  );
  if (!existsSync(CHROMIUM)) {
    summary('preview', `skipped: ${CHROMIUM} is missing`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-bench-preview-media-'));
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const made = performance.now();
    const sources = await makeSources(dir);
    note(
      `Three ${SOURCE_SECONDS} s 1080p30 sources made with ffmpeg in ${fixed((performance.now() - made) / 1000, 1)} s.`,
    );

    const page = await browser.newPage({ viewport: { width: 1600, height: 1100 } });
    // A step that cannot happen fails in two minutes with what the page showed, not never.
    page.setDefaultTimeout(120_000);
    process.on(
      'uncaughtExceptionMonitor',
      () => void page.screenshot({ path: join(tmpdir(), 'clipdesk-preview-bench-failed.png') }),
    );
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Use the local workspace' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 60_000 });
    const layered = await layeredProject(app.call, 'Three layers', sources, 1, CLIP_SECONDS, true);
    // One clip more than LONG_MINUTES: the samples' time adds to what plays, and the
    // timeline's end would stop the monitor before the last ones.
    const longClips = Math.ceil((LONG_MINUTES * 60) / SOURCE_SECONDS) + 1;
    await layeredProject(app.call, 'Long', sources, longClips, SOURCE_SECONDS);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 60_000 });

    // The media cache: three copies, three 720p proxies.
    const opened = performance.now();
    await openTimeline(page, 'Three layers');
    await settled(page, 5 * 60_000);
    const preparedS = (performance.now() - opened) / 1000;
    await page.evaluate(MONITOR_LAYERS);

    const monitorPlay = await measurePlayback(
      page,
      async () => {
        await frame(page).click();
        await page.keyboard.press('Home');
        await settled(page);
        await page.keyboard.press(' ');
      },
      async () => {
        await page.keyboard.press(' ');
        await settled(page);
      },
      true,
    );

    const monitorStarts: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      await seek(page, randomMs(1000, SECONDS * 1000 - 3000));
      const timed = page.evaluate(TIME_TO_MOTION) as Promise<number>;
      await frame(page).click();
      await page.keyboard.press(' ');
      monitorStarts.push(await within(timed, 30_000, 'Space → moving picture on the monitor'));
      await page.keyboard.press(' ');
      await settled(page);
    }
    const monitorSeeks: number[] = [];
    for (let i = 0; i < SEEKS; i++) monitorSeeks.push(await seek(page, randomMs(0, SECONDS * 1000)));

    // The same three layers animated (issue 23), after the static ones on the same tracks.
    const animatedFrom = CLIP_SECONDS * 1000;
    const animatedPlay = await measurePlayback(
      page,
      async () => {
        await seek(page, animatedFrom);
        await frame(page).click();
        await page.keyboard.press(' ');
      },
      async () => {
        await page.keyboard.press(' ');
        await settled(page);
      },
      true,
      { startMs: animatedFrom, endMs: animatedFrom + CLIP_SECONDS * 1000 },
    );
    const animatedSeeks: number[] = [];
    for (let i = 0; i < SEEKS; i++) animatedSeeks.push(await seek(page, animatedFrom + randomMs(0, SECONDS * 1000)));

    // The proxies the cache made, for the second baseline.
    const cacheRoot = join(app.userData, 'media-cache');
    const proxies = readdirSync(cacheRoot, { recursive: true, encoding: 'utf8' })
      // This project's three (the long one uploaded its own copies).
      .filter((name) => layered.some((id) => basename(name) === `${id}.proxy.mp4`))
      .map((name) => join(cacheRoot, name));
    if (proxies.length !== layered.length)
      throw new Error(
        `expected the proxies of assets ${layered.join(', ')} in ${cacheRoot}, found ${proxies.join(', ')}`,
      );

    // The long timeline at 4×: memory every 5 s.
    await openTimeline(page, 'Long');
    await settled(page, 5 * 60_000);
    await frame(page).click();
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('l');
    const monitorMemory = await memoryWhile(browser, (LONG_MINUTES * 60) / LONG_RATE);
    await stillInside(page, longClips * SOURCE_SECONDS * 1000, 'the long timeline played at 4×');
    await page.keyboard.press('k');
    await page.close();

    // The baselines: the same sources, then the proxies, in plain <video> elements.
    const server = await serveBaseline([...sources, ...proxies]);
    const baseline = async (files: string[]) => {
      const plain = await browser.newPage({ viewport: { width: 1600, height: 1100 } });
      await plain.goto(server.url);
      await plain.evaluate(
        baselinePageScript(
          files.map((f) => `/${basename(f)}`),
          BOX.width,
          BOX.height,
        ),
      );
      await plain.evaluate('window.measured = () => window.videos');
      return plain;
    };
    const plain = await baseline(sources);
    const plainPlay = await measurePlayback(
      plain,
      () => plain.evaluate('Promise.all(window.videos.map((v) => v.play()))') as Promise<void>,
      () => plain.evaluate('window.videos.forEach((v) => v.pause())') as Promise<void>,
      false,
    );
    const plainStarts: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      await plain.evaluate(
        `Promise.all(window.videos.map((v) => { v.currentTime = ${randomMs(1000, SECONDS * 1000 - 3000) / 1000}; return new Promise((r) => v.addEventListener('seeked', r, { once: true })); }))`,
      );
      const timed = plain.evaluate(TIME_TO_MOTION) as Promise<number>;
      await plain.evaluate('window.go(); window.videos.forEach((v) => v.play())');
      plainStarts.push(await within(timed, 30_000, 'play() → moving picture, plain <video>'));
      await plain.evaluate('window.videos.forEach((v) => v.pause())');
    }
    const plainSeeks: number[] = [];
    for (let i = 0; i < SEEKS; i++)
      plainSeeks.push(
        (await plain.evaluate(`(async () => {
          const from = performance.now();
          await Promise.all(window.videos.map((v) => { v.currentTime = ${(randomMs(0, SECONDS * 1000) + 16) / 1000}; return new Promise((r) => v.addEventListener('seeked', r, { once: true })); }));
          return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame((now) => r(now - from))));
        })()`)) as number,
      );
    await plain.evaluate(`window.videos.forEach((v) => { v.loop = true; v.playbackRate = ${LONG_RATE}; v.play(); })`);
    const plainMemory = await memoryWhile(browser, (LONG_MINUTES * 60) / LONG_RATE);
    await plain.close();
    const proxyPage = await baseline(proxies);
    const proxyPlay = await measurePlayback(
      proxyPage,
      () => proxyPage.evaluate('Promise.all(window.videos.map((v) => v.play()))') as Promise<void>,
      () => proxyPage.evaluate('window.videos.forEach((v) => v.pause())') as Promise<void>,
      false,
    );
    await proxyPage.close();
    await server.close();

    const minFps = (p: Playback) => Math.min(...p.fps);
    const droppedShare = (p: Playback) => (p.total === 0 ? NaN : (100 * p.dropped) / p.total);
    note(
      `The media cache copied the three sources and made their 720p proxies in ${fixed(preparedS, 1)} s (once; later opens read the cache).`,
    );
    table([
      [
        'measure',
        'goal',
        'monitor',
        'plain <video>, 1080p sources',
        'ratio',
        'plain <video>, the 720p proxies',
        'ratio',
      ],
      [
        'frames a second, slowest layer',
        '≥ 29',
        fixed(minFps(monitorPlay), 1),
        fixed(minFps(plainPlay), 1),
        ratio(minFps(monitorPlay), minFps(plainPlay)),
        fixed(minFps(proxyPlay), 1),
        ratio(minFps(monitorPlay), minFps(proxyPlay)),
      ],
      [
        'frames dropped',
        '≤ 1 %',
        `${fixed(droppedShare(monitorPlay), 1)} %`,
        `${fixed(droppedShare(plainPlay), 1)} %`,
        ratio(droppedShare(monitorPlay), droppedShare(plainPlay)),
        `${fixed(droppedShare(proxyPlay), 1)} %`,
        ratio(droppedShare(monitorPlay), droppedShare(proxyPlay)),
      ],
      [
        'seek → right frame on screen, p50',
        '',
        ms(median(monitorSeeks)),
        ms(median(plainSeeks)),
        ratio(median(monitorSeeks), median(plainSeeks)),
        '',
        '',
      ],
      [
        'seek → right frame on screen, p95',
        '≤ 150 ms',
        ms(quantile(monitorSeeks, 0.95)),
        ms(quantile(plainSeeks, 0.95)),
        ratio(quantile(monitorSeeks, 0.95), quantile(plainSeeks, 0.95)),
        '',
        '',
      ],
      [
        'Space → moving picture, median',
        '≤ 200 ms',
        ms(median(monitorStarts)),
        ms(median(plainStarts)),
        ratio(median(monitorStarts), median(plainStarts)),
        '',
        '',
      ],
      [
        'Space → moving picture, worst',
        '',
        ms(Math.max(...monitorStarts)),
        ms(Math.max(...plainStarts)),
        ratio(Math.max(...monitorStarts), Math.max(...plainStarts)),
        '',
        '',
      ],
      [
        `renderer memory, ${LONG_MINUTES} min at ${LONG_RATE}×: start → end`,
        'flat',
        `${mib(monitorMemory[0]!)} → ${mib(monitorMemory.at(-1)!)}`,
        `${mib(plainMemory[0]!)} → ${mib(plainMemory.at(-1)!)}`,
        '',
        '',
        '',
      ],
      [
        'renderer memory: trend after the first 30 s',
        'flat',
        `${fixed(slopePerMinute(monitorMemory.slice(SETTLING_SAMPLES)), 1)} MiB/min`,
        `${fixed(slopePerMinute(plainMemory.slice(SETTLING_SAMPLES)), 1)} MiB/min`,
        '',
        '',
        '',
      ],
    ]);
    note(
      `Frames a second per layer — monitor: ${monitorPlay.fps.map((f) => fixed(f, 1)).join(', ')}; plain 1080p: ${plainPlay.fps.map((f) => fixed(f, 1)).join(', ')}; plain proxies: ${proxyPlay.fps.map((f) => fixed(f, 1)).join(', ')}.`,
    );
    note(
      `Largest distance between a layer's clock and the playhead while playing: ${ms(monitorPlay.driftMs ?? NaN)} (a frame is 33 ms).`,
    );
    note(
      `Memory samples (MiB, every 5 s) — monitor: ${monitorMemory.map((m) => fixed(m, 0)).join(' ')}; plain: ${plainMemory.map((m) => fixed(m, 0)).join(' ')}.`,
    );
    heading(
      'Preview: three animated layers (issue 23)',
      "The same three layers with every property keyframed and the full-frame layer's brightness too, against the static three (same tracks, same media, same run).",
    );
    table([
      ['measure', 'goal', 'animated', 'static, same run', 'ratio'],
      [
        'frames a second, slowest layer',
        '≥ 29',
        fixed(minFps(animatedPlay), 1),
        fixed(minFps(monitorPlay), 1),
        ratio(minFps(animatedPlay), minFps(monitorPlay)),
      ],
      [
        'frames dropped',
        '≤ 1 %',
        `${fixed(droppedShare(animatedPlay), 1)} %`,
        `${fixed(droppedShare(monitorPlay), 1)} %`,
        ratio(droppedShare(animatedPlay), droppedShare(monitorPlay)),
      ],
      [
        'seek → right frame on screen, p50',
        '',
        ms(median(animatedSeeks)),
        ms(median(monitorSeeks)),
        ratio(median(animatedSeeks), median(monitorSeeks)),
      ],
      [
        'seek → right frame on screen, p95',
        '≤ 150 ms',
        ms(quantile(animatedSeeks, 0.95)),
        ms(quantile(monitorSeeks, 0.95)),
        ratio(quantile(animatedSeeks, 0.95), quantile(monitorSeeks, 0.95)),
      ],
      ['largest clock drift while playing', '', ms(animatedPlay.driftMs ?? NaN), ms(monitorPlay.driftMs ?? NaN), ''],
    ]);
    note(`Frames a second per animated layer: ${animatedPlay.fps.map((f) => fixed(f, 1)).join(', ')}.`);
    summary(
      'preview',
      `${fixed(minFps(monitorPlay), 1)} fps (plain <video> ${fixed(minFps(plainPlay), 1)}), ${fixed(droppedShare(monitorPlay), 1)} % dropped; seek p95 ${ms(quantile(monitorSeeks, 0.95))} (plain ${ms(quantile(plainSeeks, 0.95))}); Space → motion ${ms(median(monitorStarts))} (plain ${ms(median(plainStarts))}); memory ${fixed(slopePerMinute(monitorMemory.slice(SETTLING_SAMPLES)), 1)} MiB/min after the first 30 s (plain ${fixed(slopePerMinute(plainMemory.slice(SETTLING_SAMPLES)), 1)}); three animated layers ${fixed(minFps(animatedPlay), 1)} fps, ${fixed(droppedShare(animatedPlay), 1)} % dropped, seek p95 ${ms(quantile(animatedSeeks, 0.95))} (static ${fixed(minFps(monitorPlay), 1)} fps, ${ms(quantile(monitorSeeks, 0.95))})`,
    );
  } finally {
    await browser.close();
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
