// One refusal, two audiences: the app tells a person why an edit cannot be made in words
// (tracks by their names, no IDs, no field names), while the service answers the same
// command list with its API wording, word for word, naming tracks and clips by ID.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { applyOnService } from '../../sandbox/editor/serviceEdits.ts';
import type { Command } from '../../sandbox/editor/timelineSchemas.ts';
import { applyCommands } from '../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { useTimeline } from '../../renderer/stores/timelineStore.ts';
import { useToasts } from '../../renderer/stores/toastStore.ts';
import { useTimelineMedia } from '../../renderer/stores/timelineMediaStore.ts';
import { ctx, emptyTimeline, serviceDeps } from '../support/timelineEdits.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** A timeline with one clip (0–5000 ms) on Video 1, and Audio 1 locked. */
function timelineWithClip(): { timeline: Timeline; clipId: string; video: string; audio: string } {
  const start = emptyTimeline();
  const video = start.tracks[0]!.id;
  const audio = start.tracks[2]!.id;
  const clipId = randomUUID();
  const timeline = applyCommands(
    start,
    [
      { type: 'addClip', trackId: video, clipId, assetId: 1, startMs: 0, inMs: 0, outMs: 5000 },
      { type: 'updateTrack', trackId: audio, locked: true },
    ],
    ctx,
  );
  return { timeline, clipId, video, audio };
}

/** The app's edit, as the Timeline screen makes it: refused before it is sent, said in a toast. */
function appRefusal(timeline: Timeline, commands: EditorCommand[]): string {
  useTimelineMedia.setState({ assets: new Map([[1, { kind: 'video', durationMs: 10_000 }]]) } as never);
  useTimeline.setState({ projectId: 1, status: 'ready', base: timeline, timeline, pending: [], review: null });
  expect(useTimeline.getState().edit(commands, 'Move clip')).toBe(false);
  return useToasts.getState().toasts.at(-1)!.message;
}

function serviceRefusal(timeline: Timeline, commands: EditorCommand[]): string {
  try {
    applyOnService(timeline.tracks as never, commands as Command[], serviceDeps);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the service applied what it should refuse');
}

afterEach(() => {
  useTimeline.getState().reset();
  useToasts.setState({ toasts: [] });
});

describe('a refused edit', () => {
  it('on a locked track: the app names the track in words, the service by ID', () => {
    const { timeline, audio } = timelineWithClip();
    const commands: EditorCommand[] = [
      { type: 'addClip', trackId: audio, clipId: randomUUID(), assetId: 2, startMs: 0, inMs: 0, outMs: 1000 },
    ];
    const said = appRefusal(timeline, commands);
    expect(said).toBe('Track "Audio 1" is locked.');
    expect(said).not.toMatch(UUID);
    expect(serviceRefusal(timeline, commands)).toBe(
      `commands[0] addClip, trackId: track ${audio} ("Audio 1") is locked. Nothing was applied.`,
    );
  });

  it('that would overlap: the app says so in words, the service with both clips’ IDs and times', () => {
    const { timeline, clipId, video } = timelineWithClip();
    const other = randomUUID();
    const commands: EditorCommand[] = [
      { type: 'addClip', trackId: video, clipId: other, assetId: 1, startMs: 6000, inMs: 0, outMs: 2000 },
      { type: 'moveClip', clipId: other, startMs: 4000 },
    ];
    const said = appRefusal(timeline, commands);
    expect(said).toBe('The clip would overlap another clip on track "Video 1".');
    expect(said).not.toMatch(UUID);
    expect(serviceRefusal(timeline, commands)).toBe(
      `commands[1] moveClip, startMs: clip ${other} (4000–6000 ms) would overlap clip ${clipId} (0–5000 ms) on track "Video 1". Nothing was applied.`,
    );
  });

  it('says a refusal without a wording of its own for people as a sentence', () => {
    const { timeline } = timelineWithClip();
    const said = appRefusal(timeline, [{ type: 'removeClip', clipId: randomUUID() }]);
    expect(said).toBe('The clip is no longer on the timeline.');
  });
});
