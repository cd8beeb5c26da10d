// Captions made from a transcript, in short word groups, out as SubRip, read back by an
// independent parser: recorded speech (LibriVox sentences) heard by the real recogniser,
// placed on the timeline part-way into the media, captioned 3 words at a time as the app
// does it (shared/production/captionCommands.ts), then GET …/editor/captions.srt read by
// ffprobe's SubRip demuxer (each packet a cue: pts and duration). Every cue is where the
// timeline's caption is, within one frame at 30 fps. The transcription's own caption file
// takes the same grouping (maxWords / maxChars) and refuses both at once.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captionPlan, cuesOf, placeCuesOnTrack } from '../../shared/production/captionCommands.ts';
import { endsSentence } from '../../shared/production/wordGroups.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import { settle, startJob, upload } from '../support/speechFixtures.ts';
import { makeSpokenMedia, sentence } from '../support/spokenMedia.ts';

const run = promisify(execFile);
const FRAME_MS = 1000 / 30;
const fixtures = makeFixtureDir();
let sandbox: RunningSandbox;
let call: ApiCall;

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

/** The cues of a SubRip file as ffprobe's demuxer reads them: start and length, ms. */
async function ffprobeCues(path: string): Promise<{ startMs: number; endMs: number }[]> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_packets', '-show_entries', 'packet=pts_time,duration_time', '-of', 'json', path],
  ]);
  return (JSON.parse(stdout).packets as { pts_time: string; duration_time: string }[]).map((p) => ({
    startMs: Number(p.pts_time) * 1000,
    endMs: (Number(p.pts_time) + Number(p.duration_time)) * 1000,
  }));
}

describe('short captions from a transcript, out as SRT', () => {
  let projectId: number;
  let assetId: number;
  let transcription: any;

  beforeAll(async () => {
    const speech = await makeSpokenMedia(fixtures.dir, [sentence('0880'), { silenceMs: 1000 }, sentence('0890')]);
    const project = await call('POST', '/projects', { body: { name: 'Short captions', aspectRatio: '9:16' } });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    projectId = project.body.data.id;
    assetId = (await upload(call, projectId, speech.path)).id;
    const job = await startJob(call, `/assets/${assetId}/transcriptions`, {});
    expect(job.status, JSON.stringify(job.body)).toBe(202);
    transcription = await settle(call, `/transcriptions/${job.body.data.id}`, 120_000);
    expect(transcription.state, JSON.stringify(transcription.error)).toBe('completed');
  }, 180_000);

  it('puts 3-word captions on the timeline whose SRT cues ffprobe reads where the captions are, within a frame', async () => {
    const read = async () => (await call('GET', `/projects/${projectId}/editor/timeline`)).body.data;
    const apply = async (commands: unknown[]) => {
      const res = await call('POST', `/projects/${projectId}/editor/commands`, {
        headers: { 'idempotency-key': randomUUID() },
        body: { revision: (await read()).revision, commands },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    // The media from 300 ms in, played from 1.7 s on the timeline: captions are timed to the timeline.
    const audio = (await read()).tracks.find((t: any) => t.kind === 'audio').id;
    await apply([{ type: 'addClip', trackId: audio, assetId, startMs: 1700, inMs: 300 }]);
    const timeline = await read();
    const track = timeline.tracks.find((t: any) => t.id === audio);
    const words = transcription.transcript.words;
    const plan = captionPlan(timeline, placeCuesOnTrack(track, assetId, cuesOf(words, { by: 'words', max: 3 })), () =>
      randomUUID(),
    )!;
    for (const edit of plan.edits) await apply(edit);

    const captions = (await read()).tracks
      .filter((t: any) => t.kind === 'caption')
      .flatMap((t: any) => t.clips)
      .sort((a: any, b: any) => a.startMs - b.startMs);
    expect(captions.length).toBeGreaterThan(words.length / 3);
    for (const caption of captions) {
      const said = caption.text.split(/\s+/);
      expect(said.length, caption.text).toBeLessThanOrEqual(3);
      // Never across a sentence end: only a caption's last word may end one.
      expect(said.slice(0, -1).some(endsSentence), caption.text).toBe(false);
    }

    const srt = await call('GET', `/projects/${projectId}/editor/captions.srt`);
    expect(srt.status).toBe(200);
    const path = join(fixtures.dir, 'captions.srt');
    writeFileSync(path, srt.body as string);
    const cues = await ffprobeCues(path);
    expect(cues).toHaveLength(captions.length);
    cues.forEach((cue, i) => {
      expect(Math.abs(cue.startMs - captions[i].startMs), `cue ${i + 1} start`).toBeLessThanOrEqual(FRAME_MS);
      expect(Math.abs(cue.endMs - captions[i].endMs), `cue ${i + 1} end`).toBeLessThanOrEqual(FRAME_MS);
    });
    expect(cues[0]!.startMs).toBeGreaterThanOrEqual(1700);
  }, 60_000);

  it("groups the transcription's own caption file by words or characters, and refuses both at once", async () => {
    const file = async (query: string) => call('GET', `/transcriptions/${transcription.id}/captions.srt${query}`);
    const byWords = await file('?maxWords=2');
    expect(byWords.status).toBe(200);
    const path = join(fixtures.dir, 'two.srt');
    writeFileSync(path, byWords.body as string);
    const blocks = (byWords.body as string).trim().split(/\n\n+/);
    expect(await ffprobeCues(path)).toHaveLength(blocks.length);
    for (const block of blocks) expect(block.split('\n').slice(2).join(' ').split(' ').length).toBeLessThanOrEqual(2);
    const byChars = await file('?maxChars=12');
    for (const block of (byChars.body as string).trim().split(/\n\n+/)) {
      const text = block.split('\n').slice(2).join(' ');
      if (text.includes(' ')) expect(text.length, text).toBeLessThanOrEqual(12);
    }
    const both = await file('?maxWords=2&maxChars=12');
    expect(both.status).toBe(400);
    expect(both.body.error.message).toContain('maxChars');
    const tooMany = await file('?maxWords=50');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain('maxWords');
  });
});
