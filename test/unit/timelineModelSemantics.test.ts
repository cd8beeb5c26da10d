// The one timeline model (shared/timeline) against the written semantics of the editor
// (the command descriptions of the service's /openapi.json), for random command lists a
// person could make: after any list that applies, no two clips of a track overlap and
// they stay in start order, a locked track's clips are as they were, every media clip's
// range lies inside its media and lasts its range at its speed, a caption's words lie
// inside it in order; a list applies all or nothing, exactly as its commands one after
// another; its undo commands bring back exactly the timeline it changed; and where the app
// knows less than the service, it never refuses what the service accepts.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../sandbox/http/apiError.ts';
import { applyOnService } from '../../sandbox/editor/serviceEdits.ts';
import type { Command } from '../../sandbox/editor/timelineSchemas.ts';
import { ERROR_CODES } from '../../shared/errorCodes.ts';
import { applyCommands, applyToTracks, EditRejected, type ApplyContext } from '../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import { ACCEPTS, mediaLength } from '../../shared/timeline/timelineRules.ts';
import { indexClips, type ClipPlaces } from '../../shared/timeline/trackIndex.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { parseEffectProperty } from '../../shared/timeline/keyframes.ts';
import { ASSETS, catalog, commandFrom, ctx, emptyTimeline, lists, serviceDeps } from '../support/timelineEdits.ts';

/** Every rule of the written semantics that holds of any timeline the editor makes; the first broken, or null. */
function brokenRule(timeline: Timeline): string | null {
  const ids = new Set<string>();
  let durationMs = 0;
  for (const track of timeline.tracks) {
    for (const [k, clip] of track.clips.entries()) {
      const name = `clip ${clip.id} on "${track.name}"`;
      if (ids.has(clip.id)) return `${name} is on the timeline twice`;
      ids.add(clip.id);
      if (clip.startMs < 0 || clip.endMs <= clip.startMs) return `${name} runs ${clip.startMs}–${clip.endMs} ms`;
      const before = track.clips[k - 1];
      if (before && before.endMs > clip.startMs) return `${name} overlaps clip ${before.id} or is out of order`;
      durationMs = Math.max(durationMs, clip.endMs);
      if (clip.kind === 'media') {
        if (track.kind === 'caption') return `${name}: media on a caption track`;
        const asset = ASSETS.get(clip.assetId)!;
        if (!ACCEPTS[track.kind].includes(asset.kind)) return `${name}: a ${track.kind} track holds ${asset.kind}`;
        if (clip.inMs < 0 || clip.outMs <= clip.inMs) return `${name} uses ${clip.inMs}–${clip.outMs} ms of its media`;
        if (asset.durationMs !== null && clip.outMs > asset.durationMs)
          return `${name} ends at ${clip.outMs} ms of media lasting ${asset.durationMs} ms`;
        if (clip.endMs - clip.startMs !== mediaLength(clip)) return `${name} does not last its range at its speed`;
        const length = clip.endMs - clip.startMs;
        if (clip.transitionIn && clip.transitionIn.durationMs > length) return `${name} is shorter than its transition`;
        if (clip.transitionOut && clip.transitionOut.durationMs > length)
          return `${name} is shorter than its transition out`;
        for (const fade of ['fadeInMs', 'fadeOutMs', 'audioFadeInMs', 'audioFadeOutMs'])
          if ((clip.properties[fade] ?? 0) > length) return `${name} is shorter than its ${fade}`;
        const broken = brokenKeyframes(clip, track.kind);
        if (broken) return `${name}: ${broken}`;
      } else {
        if (track.kind !== 'caption') return `${name}: a caption on a ${track.kind} track`;
        for (const [w, word] of (clip.words ?? []).entries()) {
          if (word.startMs < clip.startMs || word.endMs > clip.endMs || word.endMs < word.startMs)
            return `${name}: word ${w} (${word.startMs}–${word.endMs} ms) is not inside it`;
          if (w > 0 && word.startMs < clip.words![w - 1]!.startMs) return `${name}: word ${w} is out of order`;
        }
        if (clip.words?.length === 0) return `${name} keeps an empty word list`;
      }
    }
  }
  if (timeline.durationMs !== durationMs) return `durationMs is ${timeline.durationMs}, not ${durationMs}`;
  // Markers: unique IDs, named, in time order (ties by ID), at or after 0.
  const markers = timeline.markers ?? [];
  for (const [k, marker] of markers.entries()) {
    if (markers.findIndex((m) => m.id === marker.id) !== k) return `marker ${marker.id} is on the timeline twice`;
    if (marker.atMs < 0 || marker.name.trim() === '')
      return `marker ${marker.id} is at ${marker.atMs} ms named "${marker.name}"`;
    const before = markers[k - 1];
    if (before && (before.atMs > marker.atMs || (before.atMs === marker.atMs && before.id > marker.id)))
      return `marker ${marker.id} is out of order`;
  }
  return null;
}

/** Keyframes lie inside the clip, in order, one per moment, in their property's range, on effects the clip has. */
function brokenKeyframes(clip: Extract<Timeline['tracks'][number]['clips'][number], { kind: 'media' }>, kind: string) {
  const length = clip.endMs - clip.startMs;
  for (const [property, list] of Object.entries(clip.keyframes ?? {})) {
    if (list.length === 0) return `keeps an empty ${property} list`;
    if (list.length > 1000) return `holds ${list.length} ${property} keyframes`;
    const effect = parseEffectProperty(property);
    const def = effect
      ? catalog.effects.find((e) => e.id === effect.effectId)?.params.find((x) => x.name === effect.param)
      : catalog.properties.find((x) => x.name === property && x.animatable && x.appliesTo.includes(kind));
    if (!def) return `animates ${property}, which it may not`;
    if (effect && !clip.effects.some((e) => e.effectId === effect.effectId))
      return `animates ${property} without the effect`;
    for (const [k, key] of list.entries()) {
      if (key.atMs < 0 || key.atMs > length)
        return `${property} keyframe at ${key.atMs} ms lies outside its ${length} ms`;
      if (k > 0 && key.atMs <= list[k - 1]!.atMs) return `${property} keyframes are out of order or share a moment`;
      if (key.value < def.min || key.value > def.max) return `${property} keyframe value ${key.value} is out of range`;
    }
  }
  return null;
}

/** The list applied, or the refusal. */
function attempt(timeline: Timeline, commands: EditorCommand[], context: ApplyContext = ctx): Timeline | EditRejected {
  try {
    return applyCommands(timeline, commands, context);
  } catch (err) {
    if (err instanceof EditRejected) return err;
    throw err;
  }
}

/** Runs random edits: each list made from the timeline as it is, `check`ed, and kept when it applies. */
function eachEdit(edits: number[][][], check: (timeline: Timeline, commands: EditorCommand[]) => Timeline | null) {
  let timeline = emptyTimeline();
  for (const picks of edits) {
    // Each command is made from the state the earlier ones of its list leave (when they apply).
    const commands: EditorCommand[] = [];
    let probe = timeline;
    for (const pick of picks) {
      const command = commandFrom(probe, pick);
      commands.push(command);
      const next = attempt(probe, [command]);
      if (!(next instanceof EditRejected)) probe = next;
    }
    timeline = check(timeline, commands) ?? timeline;
  }
}

describe('the timeline model', () => {
  it('keeps every rule of the written semantics after any list that applies', () => {
    fc.assert(
      fc.property(lists, (edits) =>
        eachEdit(edits, (timeline, commands) => {
          const after = attempt(timeline, commands);
          if (after instanceof EditRejected) return null;
          expect(brokenRule(after)).toBeNull();
          return after;
        }),
      ),
      { numRuns: 200 },
    );
  });

  it('leaves the clips of a locked track as they were, whatever the command', () => {
    fc.assert(
      fc.property(lists, (edits) =>
        eachEdit(edits, (timeline, commands) => {
          let now = timeline;
          for (const command of commands) {
            const next = attempt(now, [command]);
            if (next instanceof EditRejected) return now;
            for (const locked of now.tracks.filter((t) => t.locked)) {
              // Still there (a locked track cannot be removed), its clips unchanged: only its lock, name or place may change.
              expect(next.tracks.find((t) => t.id === locked.id)?.clips).toStrictEqual(locked.clips);
            }
            now = next;
          }
          return now;
        }),
      ),
      { numRuns: 200 },
    );
  });

  it('applies a list all or nothing, as its commands one after another, and names the first that cannot apply', () => {
    fc.assert(
      fc.property(lists, (edits) =>
        eachEdit(edits, (timeline, commands) => {
          const before = JSON.stringify(timeline);
          const whole = attempt(timeline, commands);
          expect(JSON.stringify(timeline)).toBe(before);
          let stepwise = timeline;
          let refusedAt = -1;
          for (const [i, command] of commands.entries()) {
            const next = attempt(stepwise, [command]);
            if (next instanceof EditRejected) {
              refusedAt = i;
              break;
            }
            stepwise = next;
          }
          if (whole instanceof EditRejected) {
            expect(whole.commandIndex).toBe(refusedAt);
            expect(whole.commandType).toBe(commands[refusedAt]!.type);
            expect(Object.keys(ERROR_CODES)).toContain(whole.code);
            expect(whole.code).toMatch(/^editor\./);
            return null;
          }
          expect(refusedAt).toBe(-1);
          expect(whole.tracks).toStrictEqual(stepwise.tracks);
          return whole;
        }),
      ),
      { numRuns: 200 },
    );
  });

  it('undoes any list with commands that bring back exactly the timeline it changed', () => {
    fc.assert(
      fc.property(lists, (edits) =>
        eachEdit(edits, (timeline, commands) => {
          let done;
          try {
            done = applyWithInverse(timeline, commands, ctx);
          } catch (err) {
            expect(err).toBeInstanceOf(EditRejected);
            return null;
          }
          const undone = applyCommands(done.timeline, done.inverse, ctx);
          expect(undone.tracks).toStrictEqual(timeline.tracks);
          expect(undone.durationMs).toBe(timeline.durationMs);
          return done.timeline;
        }),
      ),
      { numRuns: 200 },
    );
  });

  it("keeps the service's index of where each clip is in step with the timelines it makes", () => {
    fc.assert(
      fc.property(lists, (edits) => {
        let places: ClipPlaces | null = null;
        eachEdit(edits, (timeline, commands) => {
          places ??= indexClips(timeline.tracks);
          let index;
          try {
            index = applyToTracks(timeline.tracks, commands, ctx, places, timeline.markers);
          } catch {
            return null;
          }
          index.commit(places);
          expect(places).toStrictEqual(indexClips(index.tracks));
          return { ...timeline, tracks: index.tracks, markers: [...index.markers()] };
        });
      }),
      { numRuns: 200 },
    );
  });

  it('undoes taking any effect off a clip, the effects after it coming back in their order', () => {
    const effects = fc.uniqueArray(fc.constantFrom('speed', 'blur', 'contrast', 'brightness', 'saturation'), {
      minLength: 1,
      maxLength: 5,
    });
    fc.assert(
      fc.property(effects, fc.nat(), fc.constantFrom(0.5, 1.5, 2), (ids, pick, rate) => {
        const start = emptyTimeline();
        const video = start.tracks[0]!.id;
        const clipId = randomUUID();
        const timeline = applyCommands(
          start,
          [
            { type: 'addClip', trackId: video, clipId, assetId: 1, startMs: 0, inMs: 0, outMs: 4000 },
            // A neighbour right after it: a clip made longer on the way back would overlap it.
            { type: 'addClip', trackId: video, clipId: randomUUID(), assetId: 1, startMs: 8000, inMs: 0, outMs: 1000 },
            { type: 'setTransition', clipId, transitionId: 'fade', durationMs: 1500 },
            ...ids.map((effectId): EditorCommand => ({
              type: 'applyEffect',
              clipId,
              effectId,
              params: effectId === 'speed' ? { rate } : {},
            })),
          ],
          ctx,
        );
        const removed = ids[pick % ids.length]!;
        const done = applyWithInverse(timeline, [{ type: 'removeEffect', clipId, effectId: removed }], ctx);
        expect(applyCommands(done.timeline, done.inverse, ctx).tracks).toStrictEqual(timeline.tracks);
      }),
      { numRuns: 100 },
    );
  });

  it('never refuses, knowing less than the service, what the service accepts; knowing the catalog, makes the same', () => {
    const assetsUnknown: ApplyContext = { ...ctx, asset: () => undefined };
    const nothingKnown: ApplyContext = { ...assetsUnknown, catalog: null };
    fc.assert(
      fc.property(lists, (edits) =>
        eachEdit(edits, (timeline, commands) => {
          let onService;
          try {
            onService = applyOnService(
              timeline.tracks as never,
              commands as Command[],
              serviceDeps,
              undefined,
              (timeline.markers ?? []) as never,
            ).tracks;
          } catch (err) {
            // The service's error names the command the model refuses.
            const refused = attempt(timeline, commands) as EditRejected;
            expect(err).toBeInstanceOf(ApiError);
            expect((err as ApiError).code).toBe(refused.code);
            expect((err as ApiError).message).toMatch(`commands[${refused.commandIndex}] ${refused.commandType}`);
            return null;
          }
          const partly = attempt(timeline, commands, assetsUnknown);
          expect(partly).not.toBeInstanceOf(EditRejected);
          expect((partly as Timeline).tracks).toStrictEqual(onService);
          expect(attempt(timeline, commands, nothingKnown)).not.toBeInstanceOf(EditRejected);
          return partly as Timeline;
        }),
      ),
      { numRuns: 200 },
    );
  });
});
