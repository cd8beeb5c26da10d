// Ducking in the service's render: two real spoken sentences (LibriVox, pocketsphinx-testdata)
// on one audio track over a steady 9 kHz tone on another (above anything a 16 kHz recording
// holds, so a narrow measure of it hears the tone alone). The tone's clip gets the volume
// keyframes shared/timeline/ducking.ts writes for the sentences' spans; in the render the
// tone is down by the amount (±1 dB) while they play and back to its level between them.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUCKING_DEFAULTS, duckingCommands } from '../../shared/timeline/ducking.ts';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { samplesOf, toneLevel, toneWav } from '../support/renderFixtures.ts';
import { apiClient, startSandboxProcess, waitForJob, type RunningSandbox } from '../support/sandboxProcess.ts';
import { makeSpokenMedia, sentence, type PlacedSentence } from '../support/spokenMedia.ts';

const TONE_HZ = 9000;
const AMOUNT_DB = -12;
let sandbox: RunningSandbox;
const fixtures = makeFixtureDir();
let file: string;
let sentences: PlacedSentence[];

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.2 });
  const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  const editor = editorClient(call);
  const projectId = await editor.createProject('Ducking');
  const spoken = await makeSpokenMedia(fixtures.dir, [sentence('0880'), { silenceMs: 3000 }, sentence('0890')]);
  sentences = spoken.sentences;
  const tone = await toneWav(fixtures.dir, { frequency: TONE_HZ, seconds: spoken.durationMs / 1000, amplitude: 0.1 });
  const [speech, music] = [await editor.upload(spoken.path, projectId), await editor.upload(tone, projectId)];
  const start = await editor.timeline(projectId);
  const voice = trackOf(start, 'audio').id;
  const bed = randomUUID();
  const musicId = randomUUID();
  const placed = await editor.apply(projectId, start.revision, [
    { type: 'addTrack', kind: 'audio', trackId: bed },
    { type: 'addClip', trackId: voice, assetId: speech.id, startMs: 0 },
    { type: 'addClip', trackId: bed, clipId: musicId, assetId: music.id, startMs: 0 },
  ]);
  const musicClip = trackOf(placed.timeline, 'audio', 1).clips[0];
  const commands = duckingCommands(sentences, [musicClip], { amountDb: AMOUNT_DB });
  expect(commands).toHaveLength(1);
  const voiceClip = trackOf(placed.timeline, 'audio').clips[0];
  await editor.apply(projectId, placed.revision, [
    ...commands,
    // Speech at half level, so the mix stays under the limiter's ceiling and the tone is summed as it is.
    { type: 'setClipProperties', clipId: voiceClip.id, properties: { volume: 0.5 } },
  ]);
  const accepted = await call('POST', `/projects/${projectId}/editor/render`, {
    headers: { 'idempotency-key': randomUUID() },
    body: { output: { resolution: '360p', frameRate: 25, quality: 'high' } },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  const done = await waitForJob(call, `/projects/${projectId}/editor/renders/${accepted.body.data.id}`, 180_000);
  expect(done.state, JSON.stringify(done.error)).toBe('completed');
  const res = await fetch(`${sandbox.createBaseUrl}/assets/${done.assetId}/content`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  });
  file = join(fixtures.dir, 'ducked.mp4');
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
}, 240_000);
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

describe('ducking music under speech', () => {
  it('lowers the tone by the amount during each sentence and brings it back between them', async () => {
    const samples = await samplesOf(file);
    const db = (fromMs: number, toMs: number) =>
      20 * Math.log10(toneLevel(samples, TONE_HZ, fromMs / 1000, toMs / 1000) / 0.1);
    const [first, second] = sentences as [PlacedSentence, PlacedSentence];
    // In 200 ms windows inside each sentence: down by the amount.
    for (const s of [first, second]) {
      for (let from = s.startMs + 50; from + 200 <= s.endMs - 50; from += 200)
        expect(Math.abs(db(from, from + 200) - AMOUNT_DB), `tone at ${from} ms, inside a sentence`).toBeLessThanOrEqual(
          1,
        );
    }
    // Between them, once the release is over and before the next attack: at its own level.
    const back = first.endMs + DUCKING_DEFAULTS.releaseMs + 50;
    const until = second.startMs - DUCKING_DEFAULTS.attackMs - 50;
    expect(until - back).toBeGreaterThan(1000);
    for (let from = back; from + 200 <= until; from += 200)
      expect(Math.abs(db(from, from + 200)), `tone at ${from} ms, between sentences`).toBeLessThanOrEqual(1);
  });
});
