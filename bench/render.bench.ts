// Render benchmark (issue 11): the real sandbox renders a 1080p timeline — two video tracks
// (a picture-in-picture over the main one), three audio tracks, captions, and a transition
// every 5 s — through POST /projects/{id}/editor/render, timed from the job's startedAt to
// its completedAt. The baseline, in the same run: the bottom track's source frames (the
// same segments of the same files) transcoded by one plain ffmpeg command (concat demuxer,
// same size, same x264 preset and CRF, AAC) — what a render costs with nothing composited.
// Reported: the ratio render / baseline (goal ≤ ×1.5) and the render's realtime factor; then
// the same timeline with every clip animated by keyframes against it static (goal ≤ ×1.2).
//
// Where the time goes: the render's own ffmpeg command run again with its output thrown
// away (decoding and the filtergraph without the encoder) beside the baseline's decoding
// alone; the difference of each to its full run is the encoder's share. The peak memory
// (VmHWM) of the render's ffmpeg and of the baseline's, read from /proc while each runs.
//
//   BENCH_RENDER_SECONDS    length of the timeline (default 60; a multiple of 5)
//   BENCH_RENDER_QUALITIES  quality levels measured, comma-separated (default standard;
//                           draft,standard,high profiles the x264 preset of each)
//   BENCH_RENDER_LONG_MINUTES  the long-timeline row (issue 26): the same pattern repeated to
//                           this many minutes, rendered at 1080p standard: realtime factor,
//                           parts, peak memory of each ffmpeg run (default 30; 0 skips it)
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { timelineComposition } from '../sandbox/render/timelineComposition.ts';
import { frameSize, ENCODING, QUALITIES, type Quality } from '../sandbox/render/outputSettings.ts';
import { buildRenderCommand } from '../sandbox/render/renderCommand.ts';
import { inputsOf, partBoundaries, type SourceFacts } from '../sandbox/render/composition.ts';
import { MAX_INPUTS_PER_RUN } from '../sandbox/render/renderComposition.ts';
import { expectStatus, jsonClient, newProject, startBenchSandbox, type JsonCall } from './support/benchSandbox.ts';
import { envInt, fixed, heading, note, ratio, summary, table } from './support/report.ts';

const run = promisify(execFile);
const SECONDS = envInt('BENCH_RENDER_SECONDS', 60, 5);
const CLIP_MS = 5000;
const CLIPS = Math.floor(SECONDS / 5);
const QUALITY_LIST = (process.env.BENCH_RENDER_QUALITIES ?? 'standard').split(',').map((q) => q.trim()) as Quality[];
for (const q of QUALITY_LIST)
  if (!QUALITIES.includes(q)) throw new Error(`BENCH_RENDER_QUALITIES: unknown quality "${q}"`);
const LONG_MINUTES = envInt('BENCH_RENDER_LONG_MINUTES', 30, 0);
const SOURCE_SECONDS = 32;
const TRANSITIONS = ['dissolve', 'wipe', 'slide', 'fade'];

async function ffmpeg(args: string[]): Promise<number> {
  const started = performance.now();
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return (performance.now() - started) / 1000;
}

/** Clock ticks a second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const TICKS = 100;

/**
 * Watches the ffmpeg processes whose parent is `parent` (every 200 ms): their peak resident
 * memory (VmHWM, the kernel's own high-water mark) and the CPU time they used (user +
 * system, as last seen: up to 200 ms of each process's end is missed). CPU time depends far
 * less than wall-clock time on what else the machine runs.
 */
function watchFfmpeg(parent: number): { stop(): { peakMiB: number; cpuSeconds: number; runPeaksMiB: number[] } } {
  let peakKiB = 0;
  const runPeaks = new Map<string, number>();
  const ticks = new Map<string, number>();
  const look = () => {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let stat: string;
      let status: string;
      try {
        [stat, status] = [readFileSync(`/proc/${pid}/stat`, 'utf8'), readFileSync(`/proc/${pid}/status`, 'utf8')];
      } catch {
        continue; // gone meanwhile
      }
      // After the name in parentheses: state, ppid, … utime (the 12th), stime (the 13th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (!stat.includes('(ffmpeg)') || Number(fields[1]) !== parent) continue;
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
      const hwm = Number(/^VmHWM:\s*(\d+)/m.exec(status)?.[1] ?? 0);
      peakKiB = Math.max(peakKiB, hwm);
      runPeaks.set(pid, Math.max(runPeaks.get(pid) ?? 0, hwm));
    }
  };
  const timer = setInterval(look, 200);
  return {
    stop() {
      clearInterval(timer);
      return {
        peakMiB: peakKiB / 1024,
        cpuSeconds: [...ticks.values()].reduce((sum, t) => sum + t, 0) / TICKS,
        runPeaksMiB: [...runPeaks.values()].map((kib) => kib / 1024),
      };
    },
  };
}

/** The sources: two 1080p videos with a tone each, and three tones for the audio tracks. */
async function makeSources(dir: string): Promise<{ a: string; b: string; tones: string[] }> {
  const video = async (name: string, pattern: string, hz: number) => {
    const path = join(dir, `${name}.mp4`);
    // prettier-ignore
    await ffmpeg([
      '-f', 'lavfi', '-i', `${pattern}=s=1920x1080:r=30:d=${SOURCE_SECONDS}`,
      '-f', 'lavfi', '-i', `sine=frequency=${hz}:sample_rate=48000:duration=${SOURCE_SECONDS}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '26', '-g', '60', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '128k', path,
    ]);
    return path;
  };
  const tone = async (hz: number) => {
    const path = join(dir, `tone-${hz}.wav`);
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${hz}:sample_rate=48000:duration=${SECONDS}`,
      '-c:a',
      'pcm_s16le',
      path,
    ]);
    return path;
  };
  const [a, b] = [await video('a', 'testsrc2', 440), await video('b', 'testsrc', 660)];
  return { a, b, tones: [await tone(220), await tone(330), await tone(550)] };
}

/** Where clip i of the bottom track plays from: alternating sources, moving through them. */
const segment = (i: number) => ({ source: i % 2 === 0 ? 'a' : 'b', inMs: (i * 2500) % ((SOURCE_SECONDS - 5) * 1000) });

async function upload(call: JsonCall, path: string, projectId: number): Promise<number> {
  const form = new FormData();
  form.append('projectId', String(projectId));
  form.append('file', new Blob([readFileSync(path)]), path.split('/').at(-1));
  return expectStatus(await call('POST', '/assets', { form }), 201, `uploading ${path}`).id as number;
}

/** Builds the benchmark's timeline, `seconds` long (its pattern repeated), in a new project; returns it. */
async function buildTimeline(call: JsonCall, files: Awaited<ReturnType<typeof makeSources>>, seconds = SECONDS) {
  const clips = Math.floor(seconds / 5);
  const projectId = await newProject(call, 'Render benchmark');
  const asset = { a: await upload(call, files.a, projectId), b: await upload(call, files.b, projectId) };
  const tones: number[] = [];
  for (const tone of files.tones) tones.push(await upload(call, tone, projectId));
  const start = expectStatus(await call('GET', `/projects/${projectId}/editor/timeline`), 200, 'reading the timeline');
  const v1 = start.tracks.find((t: { kind: string }) => t.kind === 'video').id;
  const captions = start.tracks.find((t: { kind: string }) => t.kind === 'caption').id;
  const [v2, a2, a3] = [randomUUID(), randomUUID(), randomUUID()];
  const a1 = start.tracks.find((t: { kind: string }) => t.kind === 'audio').id;
  const commands: unknown[] = [
    { type: 'addTrack', kind: 'video', trackId: v2, index: 1 },
    { type: 'addTrack', kind: 'audio', trackId: a2 },
    { type: 'addTrack', kind: 'audio', trackId: a3 },
  ];
  for (let i = 0; i < clips; i++) {
    const { source, inMs } = segment(i);
    const clipId = randomUUID();
    commands.push({
      type: 'addClip',
      trackId: v1,
      clipId,
      assetId: asset[source as 'a' | 'b'],
      startMs: i * CLIP_MS,
      inMs,
      outMs: inMs + CLIP_MS,
    });
    if (i > 0) commands.push({ type: 'setTransition', clipId, transitionId: TRANSITIONS[i % 4], durationMs: 500 });
  }
  // A picture-in-picture over the whole timeline, top right.
  for (let at = 0; at < seconds * 1000; at += 30_000) {
    const clipId = randomUUID();
    const length = Math.min(30_000, seconds * 1000 - at);
    commands.push(
      { type: 'addClip', trackId: v2, clipId, assetId: asset.b, startMs: at, inMs: 0, outMs: length },
      { type: 'setClipProperties', clipId, properties: { scale: 0.3, positionX: 0.33, positionY: -0.33, volume: 0 } },
    );
  }
  // Each tone (SECONDS long) end to end: one clip on the main timeline.
  for (let at = 0; at < seconds * 1000; at += SECONDS * 1000)
    [a1, a2, a3].forEach((trackId, i) =>
      commands.push({
        type: 'addClip',
        trackId,
        assetId: tones[i],
        startMs: at,
        inMs: 0,
        outMs: Math.min(SECONDS * 1000, seconds * 1000 - at),
      }),
    );
  for (let at = 0; at + 2500 <= seconds * 1000; at += 3000)
    commands.push({
      type: 'addCaption',
      trackId: captions,
      startMs: at,
      endMs: at + 2500,
      text: `Caption at ${at / 1000} s: a line of words under the picture`,
    });
  // In lists the service takes at once.
  let revision = start.revision;
  for (let from = 0; from < commands.length; from += 500)
    revision = expectStatus(
      await call('POST', `/projects/${projectId}/editor/commands`, {
        headers: { 'idempotency-key': randomUUID() },
        body: { revision, commands: commands.slice(from, from + 500) },
      }),
      200,
      'building the timeline',
    ).revision;
  const timeline = expectStatus(
    await call('GET', `/projects/${projectId}/editor/timeline`),
    200,
    'reading the timeline',
  );
  return { projectId, timeline, asset: { ...asset, tones } };
}

/** Keyframes on every clip of the timeline: a slow push-in with a dip in opacity, a drifting PiP, a volume swell. */
function everyClipAnimated(timeline: {
  tracks: { kind: string; clips: { id: string; startMs: number; endMs: number }[] }[];
}) {
  const commands: unknown[] = [];
  const curve = (property: string, clipId: string, length: number, from: number, to: number, easing = 'easeInOut') => ({
    type: 'setKeyframes',
    clipId,
    property,
    keyframes: [
      { atMs: 0, value: from, easing },
      { atMs: Math.round(length / 2), value: to, easing },
      { atMs: length, value: from },
    ],
  });
  timeline.tracks.forEach((track, t) => {
    for (const clip of track.clips) {
      const length = clip.endMs - clip.startMs;
      if (track.kind === 'video' && t === 0)
        commands.push(
          curve('opacity', clip.id, length, 1, 0.7),
          curve('scale', clip.id, length, 1, 1.15, 'linear'),
          curve('positionX', clip.id, length, 0, 0.02),
        );
      else if (track.kind === 'video')
        commands.push(curve('positionX', clip.id, length, 0.33, 0.28), curve('rotation', clip.id, length, 0, 8));
      else if (track.kind === 'audio') commands.push(curve('volume', clip.id, length, 1, 0.5));
    }
  });
  return commands;
}

/** Renders through the service; seconds from the job's start to its end. */
async function renderThroughService(call: JsonCall, projectId: number, quality: Quality): Promise<number> {
  const accepted = expectStatus(
    await call('POST', `/projects/${projectId}/editor/render`, {
      headers: { 'idempotency-key': randomUUID() },
      body: { output: { resolution: '1080p', frameRate: 30, quality } },
    }),
    202,
    'starting the render',
  );
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const render = expectStatus(
      await call('GET', `/projects/${projectId}/editor/renders/${accepted.id}`),
      200,
      'reading the render',
    );
    if (render.state === 'completed') return (Date.parse(render.completedAt) - Date.parse(render.startedAt)) / 1000;
    if (render.state !== 'queued' && render.state !== 'running')
      throw new Error(`the render ${render.state}: ${JSON.stringify(render.error)}`);
  }
}

async function main() {
  heading(
    'render',
    `A ${SECONDS} s 1080p timeline (2 video tracks, 3 audio tracks, ${Math.floor(SECONDS / 3)} captions, a transition every 5 s) rendered by the sandbox, against a plain ffmpeg transcode of the bottom track's frames in the same run.`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-bench-render-'));
  const sandbox = await startBenchSandbox({ jobSeconds: 0.05 });
  try {
    const files = await makeSources(dir);
    const call = jsonClient(sandbox.createBaseUrl, sandbox.apiKey);
    const { projectId, timeline, asset } = await buildTimeline(call, files);

    // The baseline's input: the bottom track's segments, one after another.
    const list = join(dir, 'bottom.txt');
    writeFileSync(
      list,
      Array.from({ length: CLIPS }, (_v, i) => {
        const { source, inMs } = segment(i);
        return `file '${source === 'a' ? files.a : files.b}'\ninpoint ${inMs / 1000}\noutpoint ${(inMs + CLIP_MS) / 1000}\n`;
      }).join(''),
    );
    // The render's own command, run locally to see what its encoder costs.
    const video = (path: string): SourceFacts => ({
      path,
      kind: 'video',
      width: 1920,
      height: 1080,
      hasVideo: true,
      hasAudio: true,
      channels: 1,
      matrix: 'bt601',
    });
    const sound = (path: string): SourceFacts => ({
      ...video(path),
      kind: 'audio',
      hasVideo: false,
      width: null,
      height: null,
    });
    const facts = new Map<number, SourceFacts>([
      [asset.a, video(files.a)],
      [asset.b, video(files.b)],
      ...asset.tones.map((id, i) => [id, sound(files.tones[i]!)] as const),
    ]);
    const composition = timelineComposition(
      timeline.tracks,
      { startMs: 0, endMs: timeline.durationMs },
      { ...frameSize('16:9', '1080p'), fps: 30 },
      (id) => facts.get(id)!,
    );

    const rows: (string | number)[][] = [
      [
        'quality (x264 preset, CRF)',
        'render',
        'baseline',
        'ratio',
        'realtime factor',
        'render w/o encoder',
        'baseline decode only',
        'CPU: render / baseline',
        'peak RSS: render / baseline',
      ],
    ];
    const decodeOnly = await ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-f', 'null', '-']);
    let standard: { ratio: string; cpu: string; realtime: number; peak: number } | null = null;
    let standardRender = 0;
    for (const quality of QUALITY_LIST) {
      const { preset, crf, audioKbps } = ENCODING[quality];
      const baselineWatch = watchFfmpeg(process.pid);
      // prettier-ignore
      const baseline = await ffmpeg([
        '-f', 'concat', '-safe', '0', '-i', list,
        '-vf', 'scale=1920:1080', '-c:v', 'libx264', '-preset', preset, '-crf', String(crf), '-pix_fmt', 'yuv420p', '-r', '30',
        '-c:a', 'aac', '-b:a', `${audioKbps}k`, join(dir, `baseline-${quality}.mp4`),
      ]);
      const baselineUse = baselineWatch.stop();
      const renderWatch = watchFfmpeg(sandbox.pid);
      const rendered = await renderThroughService(call, projectId, quality);
      if (quality === 'standard' || standardRender === 0) standardRender = rendered;
      const renderUse = renderWatch.stop();
      const graphFile = join(dir, 'graph.txt');
      const texts: string[] = [];
      const command = buildRenderCommand(composition, {
        quality,
        output: '-',
        graphFile,
        textFile: (text) => {
          texts.push(text);
          return join(dir, `text-${texts.length}.txt`);
        },
      });
      texts.forEach((text, i) => writeFileSync(join(dir, `text-${i + 1}.txt`), text));
      writeFileSync(graphFile, command.graph);
      // The picture's encoder settings follow its -map; the sound is mapped after them.
      const withoutEncoder = await ffmpeg([
        ...command.args.slice(0, command.args.indexOf('-c:v')),
        '-map',
        '[aout]',
        '-f',
        'null',
        '-',
      ]);
      rows.push([
        `${quality} (${preset}, ${crf})`,
        `${fixed(rendered, 1)} s`,
        `${fixed(baseline, 1)} s`,
        ratio(rendered, baseline),
        `${fixed(SECONDS / rendered, 2)}×`,
        `${fixed(withoutEncoder, 1)} s`,
        `${fixed(decodeOnly, 1)} s`,
        `${fixed(renderUse.cpuSeconds, 1)} / ${fixed(baselineUse.cpuSeconds, 1)} s (${ratio(renderUse.cpuSeconds, baselineUse.cpuSeconds)})`,
        `${fixed(renderUse.peakMiB, 0)} / ${fixed(baselineUse.peakMiB, 0)} MiB (${ratio(renderUse.peakMiB, baselineUse.peakMiB)})`,
      ]);
      if (quality === 'standard' || !standard)
        standard = {
          ratio: ratio(rendered, baseline),
          cpu: ratio(renderUse.cpuSeconds, baselineUse.cpuSeconds),
          realtime: SECONDS / rendered,
          peak: renderUse.peakMiB,
        };
    }
    table(rows);

    // The same timeline with every clip animated (issue 23's goal: within ×1.2 of it static).
    const animatedCommands = everyClipAnimated(timeline);
    const latest = expectStatus(
      await call('GET', `/projects/${projectId}/editor/timeline`),
      200,
      'reading the timeline',
    );
    expectStatus(
      await call('POST', `/projects/${projectId}/editor/commands`, {
        headers: { 'idempotency-key': randomUUID() },
        body: { revision: latest.revision, commands: animatedCommands },
      }),
      200,
      'animating every clip',
    );
    const staticAgain = standardRender;
    const animated = await renderThroughService(call, projectId, 'standard');
    table([
      ['timeline (standard quality)', 'render', 'ratio to static'],
      ['static (above)', `${fixed(staticAgain, 1)} s`, '1.00×'],
      [
        `every clip animated (${animatedCommands.length} keyframe lists)`,
        `${fixed(animated, 1)} s`,
        ratio(animated, staticAgain),
      ],
    ]);
    note(
      'animated: opacity, scale and position curves on every bottom clip, position and rotation on every picture-in-picture clip, a volume curve on every sound; rendered through the service after the static renders, in the same run.',
    );
    note(
      'render: the sandbox job, startedAt → completedAt (ffmpeg, plus registering the asset). "w/o encoder": the same command with its output discarded (decoding, compositing, captions, mix). CPU: user + system time of the ffmpeg processes of each; peak RSS: the largest VmHWM of one of them (both read from /proc every 200 ms).',
    );
    if (LONG_MINUTES > 0) {
      // The same pattern repeated to LONG_MINUTES, in a project of its own.
      const long = await buildTimeline(call, files, LONG_MINUTES * 60);
      const longFacts = new Map<number, SourceFacts>([
        [long.asset.a, video(files.a)],
        [long.asset.b, video(files.b)],
        ...long.asset.tones.map((id, i) => [id, sound(files.tones[i]!)] as const),
      ]);
      const longComposition = timelineComposition(
        long.timeline.tracks,
        { startMs: 0, endMs: long.timeline.durationMs },
        { ...frameSize('16:9', '1080p'), fps: 30 },
        (id) => longFacts.get(id)!,
      );
      const parts =
        inputsOf(longComposition) <= MAX_INPUTS_PER_RUN
          ? 1
          : partBoundaries(longComposition, MAX_INPUTS_PER_RUN).length - 1;
      const watch = watchFfmpeg(sandbox.pid);
      const rendered = await renderThroughService(call, long.projectId, 'standard');
      const use = watch.stop();
      const runs = use.runPeaksMiB.toSorted((x, y) => x - y);
      table([
        [
          'long timeline (1080p, standard)',
          'render',
          'realtime factor',
          'parts',
          'ffmpeg runs seen',
          'peak RSS of a run: largest / median / smallest',
        ],
        [
          `${LONG_MINUTES} min (${inputsOf(longComposition)} files opened in all)`,
          `${fixed(rendered, 1)} s`,
          `${fixed((LONG_MINUTES * 60) / rendered, 2)}×`,
          parts,
          runs.length,
          `${fixed(runs.at(-1) ?? 0, 0)} / ${fixed(runs[Math.floor(runs.length / 2)] ?? 0, 0)} / ${fixed(runs[0] ?? 0, 0)} MiB`,
        ],
      ]);
      note(
        `long timeline: parts as the renderer cuts them (at most ${MAX_INPUTS_PER_RUN} files a run), then one join; each run's VmHWM read from /proc every 200 ms. The bound is one part's (a run of at most ${MAX_INPUTS_PER_RUN} files at 1080p): it holds when the largest run stays the same at any length (the ${SECONDS} s row opens fewer files in its one run: ${fixed(standard!.peak, 0)} MiB).`,
      );
    }
    summary(
      'render',
      `${SECONDS} s 1080p timeline: ${standard!.ratio} of a plain transcode (CPU time ${standard!.cpu}), realtime factor ${fixed(standard!.realtime, 2)}×, peak RSS ${fixed(standard!.peak, 0)} MiB`,
    );
  } finally {
    await sandbox.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
