// Exporting for every destination on the real sandbox (issue 24): one short spoken timeline
// exported as a 1080×1920 Shorts MP4, a ProRes 422 MOV, a WebM VP9, an MP3 normalised to
// −16 LUFS, an I/O range and a still, each read back with ffprobe (codec, size, duration) and
// ebur128 (loudness); the caption track made from the transcript of its speech, saved as SRT
// and WebVTT, read by a strict parser written here (no subtitle parser is installed) and
// timed to the timeline within one frame; and refusals that name the field.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captionPlan, cuesOf, placeCuesOnTrack } from '../../shared/production/captionCommands.ts';
import { exportHarness, probeFile, psnr } from '../support/exportSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import { measureEbur128, settle, startJob } from '../support/speechFixtures.ts';
import { makeSpokenMedia, sentence } from '../support/spokenMedia.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
let fixtures: ReturnType<typeof makeFixtureDir>;
let harness: ReturnType<typeof exportHarness>;
let projectId: number;
let timeline: any;
/** Where the spoken clip sits: its media from IN_MS on, from START_MS on the timeline. */
const START_MS = 400;
const IN_MS = 200;
const FRAME_MS = 1000 / 30;

beforeAll(async () => {
  fixtures = makeFixtureDir();
  sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  harness = exportHarness(sandbox, call, fixtures.dir);
  projectId = await harness.createProject('Everywhere', '9:16');
  const speech = await makeSpokenMedia(fixtures.dir, [sentence('0880'), { silenceMs: 1200 }, sentence('0930')], {
    video: true,
  });
  const asset = await harness.upload(speech.path, projectId);
  const transcription = await startJob(call, `/assets/${asset.id}/transcriptions`, {});
  expect(transcription.status, JSON.stringify(transcription.body)).toBe(202);
  const heard = await settle(call, `/transcriptions/${transcription.body.data.id}`, 120_000);
  expect(heard.state, JSON.stringify(heard.error)).toBe('completed');

  const empty = (await call('GET', `/projects/${projectId}/editor/timeline`)).body.data;
  const video = empty.tracks.find((t: any) => t.kind === 'video').id;
  const clipId = randomUUID();
  const placed = await edit(empty.revision, [
    { type: 'addClip', trackId: video, clipId, assetId: asset.id, startMs: START_MS, inMs: IN_MS },
  ]);
  // The captions as the app makes them from a transcript (TranscriptTab: "Add as captions").
  const track = placed.tracks.find((t: any) => t.id === video);
  const cues = placeCuesOnTrack(track, asset.id, cuesOf(heard.transcript.words));
  const plan = captionPlan(placed, cues, () => randomUUID())!;
  expect(plan.count).toBeGreaterThan(1);
  let revision = placed.revision;
  for (const commands of plan.edits) revision = (await edit(revision, commands)).revision;
  timeline = (await call('GET', `/projects/${projectId}/editor/timeline`)).body.data;
}, 180_000);

afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures?.cleanup();
});

async function edit(revision: string, commands: unknown[]): Promise<any> {
  const res = await call('POST', `/projects/${projectId}/editor/commands`, {
    headers: { 'idempotency-key': randomUUID() },
    body: { revision, commands },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await call('GET', `/projects/${projectId}/editor/timeline`)).body.data;
}

/** Polls a job until it ends, slowly enough that this whole file stays within the key's 120 requests a minute. */
async function finished(path: string): Promise<any> {
  for (const started = Date.now(); Date.now() - started < 120_000;) {
    await new Promise((r) => setTimeout(r, 1500));
    const res = await call('GET', path);
    if (['completed', 'failed', 'cancelled'].includes(res.body.data?.state)) return res.body.data;
  }
  throw new Error(`${path} did not end within 2 minutes`);
}

/** Exports the timeline with `timeline` and `output` fields; answers the finished export's file and asset. */
async function exportTimeline(extra: { timeline?: object; output: object }, extension: string) {
  const accepted = await harness.postExport({ projectId, timeline: extra.timeline ?? {}, output: extra.output });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  const done = await finished(`/exports/${accepted.body.data.id}`);
  expect(done.state, JSON.stringify(done.error)).toBe('completed');
  const asset = (await call('GET', `/assets/${done.assetId}`)).body.data;
  const res = await fetch(`${sandbox.createBaseUrl}/assets/${done.assetId}/content`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  });
  expect(res.status).toBe(200);
  const path = join(fixtures.dir, `export-${done.id}.${extension}`);
  writeFileSync(path, Buffer.from(await res.arrayBuffer()));
  return { path, asset, accepted: accepted.body.data, probe: await probeFile(path) };
}

const stream = (probe: any, type: string) => probe.streams.find((s: any) => s.codec_type === type);
const seconds = (probe: any) => Number(probe.format.duration);

describe('exporting one timeline for every destination', () => {
  it('makes a 1080×1920 Shorts MP4 (H.264 and AAC) of the whole timeline', async () => {
    const { probe, asset } = await exportTimeline({ output: { resolution: '1080p', quality: 'draft' } }, 'mp4');
    expect(stream(probe, 'video')).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
    expect(stream(probe, 'audio')).toMatchObject({ codec_name: 'aac' });
    expect(seconds(probe)).toBeCloseTo(timeline.durationMs / 1000, 1);
    expect(asset).toMatchObject({ kind: 'video', contentType: 'video/mp4' });
  }, 120_000);

  it('makes a ProRes 422 master in a MOV, with PCM sound', async () => {
    const { probe, asset } = await exportTimeline({ output: { resolution: '360p', format: 'mov-prores' } }, 'mov');
    const video = stream(probe, 'video');
    expect(video).toMatchObject({ codec_name: 'prores', width: 360, height: 640, pix_fmt: 'yuv422p10le' });
    expect(stream(probe, 'audio')).toMatchObject({ codec_name: 'pcm_s16le', sample_rate: '48000' });
    expect(seconds(probe)).toBeCloseTo(timeline.durationMs / 1000, 1);
    expect(asset).toMatchObject({ contentType: 'video/quicktime' });
  }, 120_000);

  it('makes a WebM of VP9 and Opus', async () => {
    const { probe, asset } = await exportTimeline(
      { output: { resolution: '360p', format: 'webm-vp9', quality: 'draft' } },
      'webm',
    );
    expect(stream(probe, 'video')).toMatchObject({ codec_name: 'vp9', width: 360, height: 640 });
    expect(stream(probe, 'audio')).toMatchObject({ codec_name: 'opus' });
    expect(seconds(probe)).toBeCloseTo(timeline.durationMs / 1000, 1);
    expect(asset).toMatchObject({ contentType: 'video/webm' });
  }, 120_000);

  it('makes podcast audio: an MP3 with no picture, at −16 LUFS within 1 LU', async () => {
    const { probe, asset, accepted, path } = await exportTimeline({ output: { format: 'mp3' } }, 'mp3');
    expect(accepted.output).toMatchObject({ format: 'mp3', loudnessLufs: -16 });
    expect(probe.streams.map((s: any) => s.codec_type)).toEqual(['audio']);
    expect(stream(probe, 'audio')).toMatchObject({ codec_name: 'mp3', sample_rate: '48000', channels: 2 });
    expect(seconds(probe)).toBeCloseTo(timeline.durationMs / 1000, 1);
    const { integratedLufs, truePeakDb } = await measureEbur128(path);
    expect(Math.abs(integratedLufs - -16), `measured ${integratedLufs} LUFS`).toBeLessThanOrEqual(1);
    expect(truePeakDb).toBeLessThanOrEqual(0);
    expect(asset).toMatchObject({ kind: 'audio', contentType: 'audio/mpeg' });
  }, 120_000);

  it('exports the I/O range only', async () => {
    const range = { startMs: 1000, endMs: 2500 };
    const { probe, accepted } = await exportTimeline(
      { timeline: { range }, output: { resolution: '360p', quality: 'draft' } },
      'mp4',
    );
    expect(accepted.durationMs).toBe(1500);
    expect(accepted.timeline).toMatchObject({ range, still: null });
    expect(stream(probe, 'video')).toMatchObject({ codec_name: 'h264', width: 360, height: 640 });
    expect(seconds(probe)).toBeCloseTo(1.5, 1);
  }, 120_000);

  it('exports one still frame as a PNG at the export size', async () => {
    const { probe, asset, accepted } = await exportTimeline(
      { timeline: { still: { atMs: 1500 } }, output: { resolution: '360p' } },
      'png',
    );
    expect(accepted.timeline).toMatchObject({ range: null, still: { atMs: 1500 } });
    expect(probe.streams).toHaveLength(1);
    expect(stream(probe, 'video')).toMatchObject({ codec_name: 'png', width: 360, height: 640 });
    expect(asset).toMatchObject({ kind: 'image', contentType: 'image/png', width: 360, height: 640 });
  }, 120_000);

  it('refuses what it cannot make, naming the field and its allowed values', async () => {
    const refused = async (body: object) => {
      const res = await harness.postExport({ projectId, ...body });
      expect(res.status).toBe(400);
      return res.body.error.message as string;
    };
    const format = await refused({ timeline: {}, output: { format: 'avi' } });
    expect(format).toContain('output.format');
    expect(format).toContain('"mov-prores"');
    expect(await refused({ timeline: {}, output: { format: 'mp4', loudnessLufs: -16 } })).toContain(
      'output.loudnessLufs',
    );
    expect(await refused({ timeline: {}, output: { format: 'mp3', loudnessLufs: -60 } })).toContain('from -30 to -5');
    expect(await refused({ timeline: { range: { startMs: 0, endMs: 999_999 } }, output: {} })).toContain('range.endMs');
    expect(await refused({ timeline: { still: { atMs: 999_999 } }, output: {} })).toContain('still.atMs');
    const clips = await refused({ clips: [{ assetId: 1 }], output: { format: 'webm-vp9' } });
    expect(clips).toContain('timeline export');
  });
});

interface ParsedCue {
  index: number;
  startMs: number;
  endMs: number;
  text: string;
}

/**
 * A strict SubRip or WebVTT reader: blocks separated by one blank line, each a cue number,
 * a `start --> end` line in the format's exact timestamp shape and at least one text line.
 * Anything else throws (a lenient reader would hide the mistakes this test looks for).
 */
function parseCaptionFile(text: string, format: 'srt' | 'vtt'): ParsedCue[] {
  const sep = format === 'srt' ? ',' : '\\.';
  const time = new RegExp(`^(\\d{2}):(\\d{2}):(\\d{2})${sep}(\\d{3}) --> (\\d{2}):(\\d{2}):(\\d{2})${sep}(\\d{3})$`);
  let body = text;
  if (format === 'vtt') {
    if (!body.startsWith('WEBVTT\n\n')) throw new Error('a WebVTT file starts with "WEBVTT" and a blank line');
    body = body.slice('WEBVTT\n\n'.length);
  }
  if (!body.endsWith('\n') || body.endsWith('\n\n')) throw new Error('the file ends with one newline');
  const ms = (h: string, m: string, s: string, f: string) => ((+h * 60 + +m) * 60 + +s) * 1000 + +f;
  return body
    .slice(0, -1)
    .split('\n\n')
    .map((block, i) => {
      const [number, timing, ...lines] = block.split('\n');
      if (number !== String(i + 1)) throw new Error(`cue ${i + 1} is numbered ${number}`);
      const t = time.exec(timing ?? '');
      if (!t) throw new Error(`cue ${i + 1}: bad timing line ${JSON.stringify(timing)}`);
      if (lines.length === 0 || lines.some((l) => l.trim() === '')) throw new Error(`cue ${i + 1} has no text`);
      const startMs = ms(t[1]!, t[2]!, t[3]!, t[4]!);
      const endMs = ms(t[5]!, t[6]!, t[7]!, t[8]!);
      if (endMs <= startMs) throw new Error(`cue ${i + 1} ends before it starts`);
      return { index: i + 1, startMs, endMs, text: lines.join('\n') };
    });
}

describe('the caption track out as a file, timed to the timeline', () => {
  const captionsOnTimeline = () =>
    timeline.tracks
      .filter((t: any) => t.kind === 'caption')
      .flatMap((t: any) => t.clips)
      .sort((a: any, b: any) => a.startMs - b.startMs);

  for (const format of ['srt', 'vtt'] as const) {
    it(`serves ${format.toUpperCase()} whose cues are the timeline's captions within one frame`, async () => {
      const res = await fetch(`${sandbox.createBaseUrl}/projects/${projectId}/editor/captions.${format}`, {
        headers: { authorization: `Bearer ${sandbox.apiKey}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(format === 'srt' ? 'application/x-subrip' : 'text/vtt');
      const cues = parseCaptionFile(await res.text(), format);
      const captions = captionsOnTimeline();
      expect(cues).toHaveLength(captions.length);
      cues.forEach((cue, i) => {
        expect(Math.abs(cue.startMs - captions[i].startMs)).toBeLessThanOrEqual(FRAME_MS);
        expect(Math.abs(cue.endMs - captions[i].endMs)).toBeLessThanOrEqual(FRAME_MS);
        expect(cue.text).toBe(captions[i].text);
      });
      // Timed to the timeline, not to the clip's media: the first word is heard at its media
      // time moved by where the clip plays it.
      const firstWord = captions[0].words[0];
      expect(cues[0]!.startMs).toBeGreaterThanOrEqual(START_MS);
      expect(Math.abs(cues[0]!.startMs - firstWord.startMs)).toBeLessThanOrEqual(FRAME_MS);
    });
  }

  it('leaves captions out of the picture when asked, and says which track it could not find', async () => {
    const first = captionsOnTimeline()[0];
    const atMs = Math.round((first.startMs + first.endMs) / 2);
    const still = (burnCaptions: boolean) =>
      exportTimeline({ timeline: { still: { atMs } }, output: { resolution: '360p', burnCaptions } }, 'png');
    const [burnt, clean] = [await still(true), await still(false)];
    expect(clean.accepted.output).toMatchObject({ burnCaptions: false });
    // The caption's letters are in one picture and not in the other.
    expect(await psnr(burnt.path, clean.path)).toBeLessThan(40);
    const missing = await call('GET', `/projects/${projectId}/editor/captions.srt?trackId=nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain('"nope"');
  }, 60_000);
});

describe('the editor render takes the same choices', () => {
  it('renders M4A audio at the loudness asked for, and refuses a range and a still together', async () => {
    const render = (body: object) =>
      call('POST', `/projects/${projectId}/editor/render`, { body, headers: { 'idempotency-key': randomUUID() } });
    const accepted = await render({ output: { format: 'm4a', loudnessLufs: -14 } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body.data.output).toMatchObject({ format: 'm4a', loudnessLufs: -14 });
    const done = await finished(`/projects/${projectId}/editor/renders/${accepted.body.data.id}`);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    const res = await fetch(`${sandbox.createBaseUrl}/assets/${done.assetId}/content`, {
      headers: { authorization: `Bearer ${sandbox.apiKey}` },
    });
    const path = join(fixtures.dir, `render-${done.id}.m4a`);
    writeFileSync(path, Buffer.from(await res.arrayBuffer()));
    const probe = await probeFile(path);
    expect(probe.streams.map((s: any) => `${s.codec_type}:${s.codec_name}`)).toEqual(['audio:aac']);
    const { integratedLufs } = await measureEbur128(path);
    expect(Math.abs(integratedLufs - -14), `measured ${integratedLufs} LUFS`).toBeLessThanOrEqual(1);
    const both = await render({ range: { startMs: 0, endMs: 1000 }, still: { atMs: 500 } });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toContain('still: give range');
  }, 60_000);
});

describe('a timeline export longer than 30 minutes', () => {
  it('is accepted (drawn in parts), where the clip list stops at 30 minutes', async () => {
    const long = await harness.createProject('Long', '16:9');
    const still = await harness.upload(await harness.solidPng('navy'), long);
    const empty = (await call('GET', `/projects/${long}/editor/timeline`)).body.data;
    const video = empty.tracks.find((t: any) => t.kind === 'video').id;
    const res = await call('POST', `/projects/${long}/editor/commands`, {
      headers: { 'idempotency-key': randomUUID() },
      body: {
        revision: empty.revision,
        commands: [{ type: 'addClip', trackId: video, assetId: still.id, startMs: 31 * 60_000, outMs: 1000 }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const accepted = await harness.postExport({ projectId: long, timeline: {}, output: { resolution: '360p' } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body.data.durationMs).toBe(31 * 60_000 + 1000);
    // Not drawn here: 31 minutes is long for a test. Cancelled, it leaves nothing.
    const cancelled = await call('POST', `/exports/${accepted.body.data.id}/cancel`);
    expect(cancelled.status).toBe(200);
  });
});
