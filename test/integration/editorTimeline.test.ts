// The editor timeline on the real sandbox with real uploaded media: the catalog, a new
// project's timeline, every kind of edit, revisions, 409 on a stale revision and the
// client's recovery, atomic command lists, and idempotent replays.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient, spans, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir, makeMp4, makeWav } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
let editor: ReturnType<typeof editorClient>;
const fixtures = makeFixtureDir();
let projectId: number;
/** Three 2-second videos and a 2-second sound, uploaded to the project. */
let videos: { id: number }[];
let sound: { id: number };
/** A video of another project: not usable here. */
let foreign: { id: number };
let twoSecondMp4: string;
let soundPath: string;

/** A new project with two 2-second videos of its own. */
async function projectWithMedia(name: string): Promise<{ p: number; media: { id: number }[] }> {
  const p = await editor.createProject(name);
  return { p, media: [await editor.upload(twoSecondMp4, p), await editor.upload(twoSecondMp4, p)] };
}

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  editor = editorClient(call);
  projectId = await editor.createProject('Timeline');
  const other = await editor.createProject('Other');
  const [a, b, c, wav, d] = await Promise.all([
    makeMp4(fixtures.dir, { seconds: 2 }),
    makeMp4(fixtures.dir, { seconds: 2 }),
    makeMp4(fixtures.dir, { seconds: 2 }),
    makeWav(fixtures.dir, { seconds: 2 }),
    makeMp4(fixtures.dir, { seconds: 1 }),
  ]);
  videos = [await editor.upload(a, projectId), await editor.upload(b, projectId), await editor.upload(c, projectId)];
  sound = await editor.upload(wav, projectId);
  foreign = await editor.upload(d, other);
  twoSecondMp4 = a;
  soundPath = wav;
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

describe('the editor catalog', () => {
  it('lists effects, transitions, caption styles, fonts and clip properties with their ranges', async () => {
    const res = await call('GET', '/editor/catalog');
    expect(res.status).toBe(200);
    const { effects, transitions, captionStyles, fonts, properties } = res.body.data;
    expect(effects.map((e: any) => e.id)).toEqual(
      expect.arrayContaining(['brightness', 'contrast', 'saturation', 'blur', 'speed']),
    );
    expect(effects.find((e: any) => e.id === 'speed').params[0]).toMatchObject({
      name: 'rate',
      type: 'number',
      min: 0.25,
      max: 4,
      default: 1,
    });
    expect(transitions.map((t: any) => t.id)).toEqual(expect.arrayContaining(['fade', 'dissolve', 'wipe', 'slide']));
    expect(transitions[0]).toMatchObject({
      minDurationMs: expect.any(Number),
      maxDurationMs: expect.any(Number),
      defaultDurationMs: expect.any(Number),
    });
    expect(captionStyles.length).toBeGreaterThan(0);
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    const byName = Object.fromEntries(properties.map((p: any) => [p.name, p]));
    expect(byName.volume).toMatchObject({ min: 0, max: 2, default: 1 });
    expect(byName.opacity).toMatchObject({ min: 0, max: 1, default: 1 });
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['scale', 'positionX', 'positionY', 'rotation']));
  });
});

describe('a timeline', () => {
  it('starts empty at r0 with one video, one audio and one caption track', async () => {
    const fresh = await editor.createProject('Fresh');
    const timeline = await editor.timeline(fresh);
    expect(timeline).toMatchObject({ projectId: fresh, revision: 'r0', durationMs: 0 });
    expect(timeline.tracks.map((t: any) => [t.kind, t.clips.length, t.muted, t.locked])).toEqual([
      ['video', 0, false, false],
      ['audio', 0, false, false],
      ['caption', 0, false, false],
    ]);
    // Reading again gives the same tracks: the timeline is kept, not made up on each read.
    expect((await editor.timeline(fresh)).tracks.map((t: any) => t.id)).toEqual(timeline.tracks.map((t: any) => t.id));
  });

  it('is unknown for a project of no one', async () => {
    const res = await call('GET', '/projects/999999/editor/timeline');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('resource.not_found');
  });

  it('takes adds, moves, trims, splits, ripple deletes, properties, effects, transitions and captions, each list making a new revision', async () => {
    const start = await editor.timeline(projectId);
    const video = trackOf(start, 'video').id;
    const captions = trackOf(start, 'caption').id;
    const [c1, c2, c3, right, cap] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const revisions = [start.revision];
    const step = async (commands: unknown[]) => {
      const result = await editor.apply(projectId, revisions.at(-1)!, commands);
      expect(revisions).not.toContain(result.revision);
      revisions.push(result.revision);
      return result.timeline;
    };

    let t = await step([
      { type: 'addClip', trackId: video, clipId: c1, assetId: videos[0]!.id, startMs: 0 },
      { type: 'addClip', trackId: video, clipId: c2, assetId: videos[1]!.id, startMs: 2000 },
      { type: 'addClip', trackId: video, clipId: c3, assetId: videos[2]!.id, startMs: 4000 },
    ]);
    expect(spans(trackOf(t, 'video'))).toEqual([
      [c1, 0, 2000, 0, 2000],
      [c2, 2000, 4000, 0, 2000],
      [c3, 4000, 6000, 0, 2000],
    ]);
    expect(t.durationMs).toBe(6000);

    t = await step([{ type: 'moveClip', clipId: c3, startMs: 7000 }]);
    expect(spans(trackOf(t, 'video'))[2]).toEqual([c3, 7000, 9000, 0, 2000]);
    expect(t.durationMs).toBe(9000);

    t = await step([{ type: 'trimClip', clipId: c1, inMs: 500 }]);
    expect(spans(trackOf(t, 'video'))[0]).toEqual([c1, 0, 1500, 500, 2000]);

    t = await step([{ type: 'splitClip', clipId: c2, atMs: 3000, newClipId: right }]);
    expect(spans(trackOf(t, 'video'))).toEqual([
      [c1, 0, 1500, 500, 2000],
      [c2, 2000, 3000, 0, 1000],
      [right, 3000, 4000, 1000, 2000],
      [c3, 7000, 9000, 0, 2000],
    ]);

    // Ripple closes the gap the removed clip leaves: c3 moves left by its 1000 ms.
    t = await step([{ type: 'removeClip', clipId: right, ripple: true }]);
    expect(spans(trackOf(t, 'video'))).toEqual([
      [c1, 0, 1500, 500, 2000],
      [c2, 2000, 3000, 0, 1000],
      [c3, 6000, 8000, 0, 2000],
    ]);

    t = await step([
      { type: 'setClipProperties', clipId: c1, properties: { volume: 1.5, opacity: 0.5 } },
      { type: 'applyEffect', clipId: c1, effectId: 'brightness', params: { amount: 0.3 } },
      { type: 'applyEffect', clipId: c1, effectId: 'blur' },
      { type: 'applyEffect', clipId: c2, effectId: 'speed', params: { rate: 2 } },
      { type: 'setTransition', clipId: c2, transitionId: 'dissolve', durationMs: 400 },
    ]);
    const [first, second] = trackOf(t, 'video').clips;
    expect(first.properties).toMatchObject({ volume: 1.5, opacity: 0.5, scale: 1, rotation: 0 });
    expect(first.effects).toEqual([
      { effectId: 'brightness', params: { amount: 0.3 } },
      { effectId: 'blur', params: { radius: 5 } },
    ]);
    // Twice as fast: the 1000 ms of source lasts 500 ms on the timeline.
    expect([second.startMs, second.endMs]).toEqual([2000, 2500]);
    expect(second.transitionIn).toEqual({ transitionId: 'dissolve', durationMs: 400 });

    t = await step([
      { type: 'removeEffect', clipId: c1, effectId: 'blur' },
      { type: 'setTransition', clipId: c2, transitionId: null },
      { type: 'addCaption', trackId: captions, clipId: cap, startMs: 0, endMs: 1500, text: 'Hello' },
      { type: 'updateCaption', clipId: cap, text: 'Hello, world', font: 'roboto' },
      { type: 'addClip', trackId: trackOf(t, 'audio').id, assetId: sound.id, startMs: 500, outMs: 1500 },
    ]);
    expect(trackOf(t, 'video').clips[0].effects.map((e: any) => e.effectId)).toEqual(['brightness']);
    expect(trackOf(t, 'video').clips[1].transitionIn).toBeNull();
    expect(trackOf(t, 'caption').clips).toEqual([
      { id: cap, kind: 'caption', startMs: 0, endMs: 1500, text: 'Hello, world', style: 'subtitle', font: 'roboto' },
    ]);
    expect(spans(trackOf(t, 'audio'))).toEqual([[expect.any(String), 500, 2000, 0, 1500]]);

    // What the last answer said is what a later read shows.
    expect(await editor.timeline(projectId)).toEqual(t);
    expect(revisions).toHaveLength(8);
  });

  it("sets a video clip's fit, and keeps a caption's word timings with it as it moves and is retimed", async () => {
    const { p, media } = await projectWithMedia('Fit and words');
    const start = await editor.timeline(p);
    const [clip, caption] = [randomUUID(), randomUUID()];
    const words = [
      { text: 'Hello', startMs: 1000, endMs: 1400 },
      { text: 'there', startMs: 1400, endMs: 1900 },
      { text: 'world', startMs: 2100, endMs: 2800 },
    ];
    let { revision, timeline } = await editor.apply(p, start.revision, [
      { type: 'addClip', trackId: trackOf(start, 'video').id, clipId: clip, assetId: media[0]!.id, startMs: 0 },
      {
        type: 'addCaption',
        trackId: trackOf(start, 'caption').id,
        clipId: caption,
        startMs: 1000,
        endMs: 3000,
        text: 'Hello there world',
        style: 'karaoke',
        words,
      },
    ]);
    expect(trackOf(timeline, 'video').clips[0].fit).toBe('contain');
    expect(trackOf(timeline, 'caption').clips[0].words).toEqual(words);

    ({ revision, timeline } = await editor.apply(p, revision, [
      { type: 'setClipFit', clipId: clip, fit: 'cover' },
      { type: 'moveClip', clipId: caption, startMs: 2000 },
      { type: 'updateCaption', clipId: caption, endMs: 3500 },
    ]));
    expect(trackOf(timeline, 'video').clips[0].fit).toBe('cover');
    // Moved 1 s later with the caption, then the caption's end pulled in to 3.5 s: the last word is cut there.
    expect(trackOf(timeline, 'caption').clips[0].words).toEqual([
      { text: 'Hello', startMs: 2000, endMs: 2400 },
      { text: 'there', startMs: 2400, endMs: 2900 },
      { text: 'world', startMs: 3100, endMs: 3500 },
    ]);

    const outside = await editor.commands(p, revision, [
      { type: 'updateCaption', clipId: caption, words: [{ text: 'late', startMs: 3400, endMs: 3600 }] },
    ]);
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toContain('words[0]');
    const onAudio = await editor.commands(p, revision, [
      {
        type: 'addClip',
        trackId: trackOf(timeline, 'audio').id,
        clipId: randomUUID(),
        assetId: media[1]!.id,
        startMs: 0,
      },
    ]);
    const audioClip = onAudio.body.data.timeline.tracks.find((t: any) => t.kind === 'audio').clips[0].id;
    const fitOnAudio = await editor.commands(p, onAudio.body.data.revision, [
      { type: 'setClipFit', clipId: audioClip, fit: 'fill' },
    ]);
    expect(fitOnAudio.status).toBe(400);
    expect(fitOnAudio.body.error.message).toContain('fit does not apply');

    // New text without new timings drops the old ones: they timed other words.
    ({ timeline } = await editor.apply(p, onAudio.body.data.revision, [
      { type: 'updateCaption', clipId: caption, text: 'Something else' },
    ]));
    expect(trackOf(timeline, 'caption').clips[0].words).toBeUndefined();
  });

  it('adds and removes tracks, and keeps a locked track as it is', async () => {
    const { p, media } = await projectWithMedia('Tracks');
    const start = await editor.timeline(p);
    const overlay = randomUUID();
    const { revision, timeline } = await editor.apply(p, start.revision, [
      { type: 'addTrack', kind: 'video', trackId: overlay, name: 'Overlay' },
      { type: 'addClip', trackId: overlay, assetId: media[0]!.id, startMs: 0 },
      { type: 'updateTrack', trackId: overlay, locked: true },
    ]);
    expect(trackOf(timeline, 'video', 1)).toMatchObject({ id: overlay, name: 'Overlay', locked: true });
    const refused = await editor.commands(p, revision, [
      { type: 'moveClip', clipId: trackOf(timeline, 'video', 1).clips[0].id, startMs: 100 },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'editor.track_locked', commandIndex: 0 });
    const after = await editor.apply(p, revision, [
      { type: 'updateTrack', trackId: overlay, locked: false },
      { type: 'removeTrack', trackId: overlay },
    ]);
    expect(after.timeline.tracks.map((t: any) => t.kind)).toEqual(['video', 'audio', 'caption']);
  });

  it('moves a track to another place in the list (its clips with it), and refuses a place past the last', async () => {
    const { p, media } = await projectWithMedia('Track order');
    const start = await editor.timeline(p);
    const overlay = randomUUID();
    const { revision } = await editor.apply(p, start.revision, [
      { type: 'addTrack', kind: 'video', trackId: overlay },
      { type: 'addClip', trackId: overlay, assetId: media[0]!.id, startMs: 0 },
    ]);
    const moved = await editor.apply(p, revision, [{ type: 'moveTrack', trackId: overlay, index: 0 }]);
    expect(moved.timeline.tracks.map((t: any) => t.name)).toEqual(['Video 2', 'Video 1', 'Audio 1', 'Captions 1']);
    expect(moved.timeline.tracks[0].clips).toHaveLength(1);
    const refused = await editor.commands(p, moved.revision, [{ type: 'moveTrack', trackId: overlay, index: 4 }]);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'editor.command_invalid', commandIndex: 0, field: 'index' });
    const spec = await call('GET', '/openapi.json');
    expect(JSON.stringify(spec.body)).toContain('Move a track to another place in the track list');
  });
});

describe('invalid commands', () => {
  let p: number;
  let base: any;
  /** This project's own media: two 2-second videos and a sound. */
  let own: { id: number }[];
  beforeAll(async () => {
    const made = await projectWithMedia('Invalid');
    p = made.p;
    own = [...made.media, await editor.upload(soundPath, p)];
    const start = await editor.timeline(p);
    base = (
      await editor.apply(p, start.revision, [
        { type: 'addClip', trackId: trackOf(start, 'video').id, assetId: own[0]!.id, startMs: 1000 },
      ])
    ).timeline;
  });
  const refuse = async (commands: unknown[]) => {
    const res = await editor.commands(p, base.revision, commands);
    expect(res.status).toBe(400);
    return res.body.error;
  };

  it('refuses overlapping clips on one track, naming both clips', async () => {
    const error = await refuse([
      { type: 'addClip', trackId: trackOf(base, 'video').id, assetId: own[1]!.id, startMs: 2500 },
    ]);
    expect(error).toMatchObject({
      code: 'editor.clips_overlap',
      commandIndex: 0,
      commandType: 'addClip',
      field: 'startMs',
    });
    expect(error.message).toContain(trackOf(base, 'video').clips[0].id);
  });

  it('refuses a source range past the end of the media', async () => {
    const error = await refuse([
      { type: 'addClip', trackId: trackOf(base, 'video').id, assetId: own[1]!.id, startMs: 5000, outMs: 2500 },
    ]);
    expect(error).toMatchObject({ code: 'editor.command_invalid', field: 'outMs' });
    expect(error.message).toContain('2000 ms');
  });

  it("refuses media that is not the project's, and unknown tracks and clips", async () => {
    expect(
      await refuse([{ type: 'addClip', trackId: trackOf(base, 'video').id, assetId: foreign.id, startMs: 5000 }]),
    ).toMatchObject({ code: 'editor.media_not_usable', field: 'assetId' });
    expect(
      await refuse([{ type: 'addClip', trackId: randomUUID(), assetId: own[1]!.id, startMs: 5000 }]),
    ).toMatchObject({ code: 'editor.target_not_found', field: 'trackId' });
    expect(await refuse([{ type: 'trimClip', clipId: randomUUID(), inMs: 10 }])).toMatchObject({
      code: 'editor.target_not_found',
      field: 'clipId',
    });
  });

  it('refuses captions off caption tracks, media on caption tracks and sound on video tracks', async () => {
    expect(
      await refuse([{ type: 'addCaption', trackId: trackOf(base, 'video').id, startMs: 0, endMs: 500, text: 'Hi' }]),
    ).toMatchObject({ code: 'editor.command_invalid', field: 'trackId' });
    expect(
      await refuse([{ type: 'addClip', trackId: trackOf(base, 'caption').id, assetId: own[1]!.id, startMs: 0 }]),
    ).toMatchObject({ code: 'editor.command_invalid', field: 'trackId' });
    expect(
      await refuse([{ type: 'addClip', trackId: trackOf(base, 'video').id, assetId: own[2]!.id, startMs: 5000 }]),
    ).toMatchObject({ code: 'editor.command_invalid', field: 'assetId' });
  });

  it('refuses values outside the catalog', async () => {
    const clipId = trackOf(base, 'video').clips[0].id;
    expect(
      await refuse([{ type: 'applyEffect', clipId, effectId: 'brightness', params: { amount: 3 } }]),
    ).toMatchObject({ code: 'editor.command_invalid', field: 'params.amount' });
    expect(await refuse([{ type: 'applyEffect', clipId, effectId: 'sparkle' }])).toMatchObject({
      code: 'editor.command_invalid',
      field: 'effectId',
    });
    expect(await refuse([{ type: 'setTransition', clipId, transitionId: 'fade', durationMs: 60_000 }])).toMatchObject({
      code: 'editor.command_invalid',
      field: 'durationMs',
    });
    const volume = await refuse([{ type: 'setClipProperties', clipId, properties: { volume: 2.5 } }]);
    expect(volume.code).toBe('request.invalid');
    expect(volume.message).toContain('commands.0.properties.volume');
  });

  it('applies nothing when the third command of a list is invalid, and names index 2', async () => {
    const video = trackOf(base, 'video').id;
    const error = await refuse([
      { type: 'addClip', trackId: video, assetId: own[1]!.id, startMs: 4000 },
      { type: 'moveClip', clipId: trackOf(base, 'video').clips[0].id, startMs: 0 },
      { type: 'splitClip', clipId: trackOf(base, 'video').clips[0].id, atMs: 99_000 },
    ]);
    expect(error).toMatchObject({
      code: 'editor.command_invalid',
      commandIndex: 2,
      commandType: 'splitClip',
      field: 'atMs',
    });
    expect(error.message).toMatch(/^commands\[2\] splitClip/);
    expect(await editor.timeline(p)).toEqual(base);
  });

  it('needs an Idempotency-Key', async () => {
    const res = await call('POST', `/projects/${p}/editor/commands`, {
      body: {
        revision: base.revision,
        commands: [{ type: 'updateTrack', trackId: trackOf(base, 'video').id, name: 'V' }],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('idempotency.key_missing');
  });
});

describe('concurrent editors', () => {
  it('refuses a stale revision with 409 and the current timeline; the client reviews and re-applies on the new revision', async () => {
    const { p, media } = await projectWithMedia('Two editors');
    const read = await editor.timeline(p);
    const video = trackOf(read, 'video').id;
    // Editor A edits first.
    const a = await editor.apply(p, read.revision, [
      { type: 'addClip', trackId: video, assetId: media[0]!.id, startMs: 0 },
    ]);
    // Editor B still holds the revision it read.
    const edit = [{ type: 'addClip', trackId: video, assetId: media[1]!.id, startMs: 2000 }];
    const stale = await editor.commands(p, read.revision, edit);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'revision.conflict', currentRevision: a.revision });
    expect(stale.body.error.current).toEqual(a.timeline);
    // B reviews its edit against the current timeline (A's clip ends at 2000: no clash) and sends it again.
    const retried = await editor.commands(p, stale.body.error.currentRevision, edit);
    expect(retried.status).toBe(200);
    expect(trackOf(retried.body.data.timeline, 'video').clips.map((c: any) => c.assetId)).toEqual([
      media[0]!.id,
      media[1]!.id,
    ]);
  });
});

describe('idempotency', () => {
  it('answers an identical retry with the same revision and timeline, even after later edits', async () => {
    const { p, media } = await projectWithMedia('Replay');
    const read = await editor.timeline(p);
    const key = randomUUID();
    const commands = [{ type: 'addClip', trackId: trackOf(read, 'video').id, assetId: media[0]!.id, startMs: 0 }];
    const first = await editor.commands(p, read.revision, commands, key);
    expect(first.status).toBe(200);
    const again = await editor.commands(p, read.revision, commands, key);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);

    await editor.apply(p, first.body.data.revision, [
      { type: 'updateTrack', trackId: trackOf(read, 'video').id, name: 'Main' },
    ]);
    const late = await editor.commands(p, read.revision, commands, key);
    expect(late.status).toBe(200);
    expect(late.body.data).toEqual(first.body.data);
    // Applied once: one clip, and the later edit is still there.
    const now = await editor.timeline(p);
    expect(trackOf(now, 'video')).toMatchObject({
      name: 'Main',
      clips: [expect.objectContaining({ assetId: media[0]!.id })],
    });
  });

  it('refuses the same key with other inputs with 409 idempotency.key_reused', async () => {
    const p = await editor.createProject('Reuse');
    const read = await editor.timeline(p);
    const key = randomUUID();
    const video = trackOf(read, 'video').id;
    expect(
      (await editor.commands(p, read.revision, [{ type: 'updateTrack', trackId: video, name: 'One' }], key)).status,
    ).toBe(200);
    const reused = await editor.commands(p, read.revision, [{ type: 'updateTrack', trackId: video, name: 'Two' }], key);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency.key_reused');
    expect(trackOf(await editor.timeline(p), 'video').name).toBe('One');
  });
});
