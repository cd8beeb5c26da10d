// A whole-timeline render longer than 30 minutes (issue 26): the editor render route takes it
// (its 30-minute limit is a preview range's) and its `progress` rises steadily while it runs;
// it is cancelled once seen rising (drawing all 31 minutes takes over two minutes on a loaded
// test machine: bench/render.bench.ts measures whole long renders). A short timeline of the
// same 40 sound clips (more than one ffmpeg run opens, so made in parts) is drawn to the end:
// its progress never falls across the parts and ends at 1. An M4A of the mix keeps both quick.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { toneWav } from '../support/renderFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

const MINUTES = 31;
const CLIPS = 40;
const fixtures = makeFixtureDir();
let sandbox: RunningSandbox;
let call: ApiCall;
let projectId: number;
let shortId: number;

/** A project whose audio track holds CLIPS clips of one tone of `clipMs`, end to end. */
async function tonesProject(name: string, clipMs: number): Promise<number> {
  const editor = editorClient(call);
  const id = await editor.createProject(name);
  const tone = await editor.upload(await toneWav(fixtures.dir, { frequency: 440, seconds: clipMs / 1000 }), id);
  const start = await editor.timeline(id);
  const audio = trackOf(start, 'audio').id;
  await editor.apply(
    id,
    start.revision,
    Array.from({ length: CLIPS }, (_v, i) => ({
      type: 'addClip',
      trackId: audio,
      assetId: tone.id,
      startMs: i * clipMs,
      inMs: 0,
      outMs: clipMs,
    })),
  );
  return id;
}

/** Starts a whole-timeline M4A render of `project`; its path. */
async function startRender(project: number): Promise<{ path: string; accepted: any }> {
  const accepted = await call('POST', `/projects/${project}/editor/render`, {
    headers: { 'idempotency-key': randomUUID() },
    body: { output: { format: 'm4a', quality: 'draft' } },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  return { path: `/projects/${project}/editor/renders/${accepted.body.data.id}`, accepted: accepted.body.data };
}

/** Polls the render until `enough` says so (or it ended); the progress seen while it ran, and the render last read. */
async function follow(path: string, enough: (seen: number[]) => boolean): Promise<{ seen: number[]; render: any }> {
  const seen: number[] = [];
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await call('GET', path);
    if (res.status === 200) {
      const render = res.body.data;
      if (render.state === 'running') seen.push(render.progress);
      if (!['queued', 'running'].includes(render.state) || enough(seen)) return { seen, render };
    }
    if (Date.now() > deadline)
      throw new Error(`the render at ${path} is still going: progress seen ${seen.join(', ')}`);
    await new Promise((r) => setTimeout(r, res.status === 429 ? 2000 : 250));
  }
}

const rising = (seen: number[]) => seen.every((p, i) => i === 0 || p >= seen[i - 1]!);
const between = (seen: number[]) => new Set(seen.filter((p) => p > 0 && p < 1)).size;

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.2 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  projectId = await tonesProject('Long render', (MINUTES * 60_000) / CLIPS);
  shortId = await tonesProject('Many sounds', 150);
}, 60_000);

afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

describe('a whole-timeline render longer than 30 minutes', () => {
  it('is accepted, and its progress rises while it runs', async () => {
    const { path, accepted } = await startRender(projectId);
    expect(accepted.durationMs).toBe(MINUTES * 60_000);
    expect(accepted.progress).toBe(0);
    const { seen, render } = await follow(path, (s) => between(s) >= 3);
    expect(render.state).toBe('running');
    expect(rising(seen), `progress seen: ${seen.join(', ')}`).toBe(true);
    expect(between(seen), `progress seen: ${seen.join(', ')}`).toBeGreaterThanOrEqual(3);
    const cancelled = await call('POST', `${path}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.progress).toBe(null);
  }, 120_000);

  it('made in parts, its progress never falls and ends at 1', async () => {
    const { path } = await startRender(shortId);
    const { seen, render } = await follow(path, () => false);
    expect(render.state, JSON.stringify(render.error)).toBe('completed');
    expect(render.progress).toBe(1);
    expect(rising(seen), `progress seen: ${seen.join(', ')}`).toBe(true);
    const asset = await call('GET', `/assets/${render.assetId}`);
    expect(Math.abs(asset.body.data.durationMs - CLIPS * 150)).toBeLessThan(100);
  }, 120_000);

  it('a range past 30 minutes is still refused, saying what to change', async () => {
    const range = await call('POST', `/projects/${projectId}/editor/render`, {
      headers: { 'idempotency-key': randomUUID() },
      body: { range: { startMs: 0, endMs: 31 * 60_000 } },
    });
    expect(range.status).toBe(400);
    expect(range.body.error.message).toBe(
      'A render lasts at most 30 minutes; this range lasts 31.0 minutes: render a shorter range.',
    );
  });
});
