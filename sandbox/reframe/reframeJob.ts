// The auto reframe job's real work: for each clip to follow, find the subject in its sampled
// frames (subjectFinder.ts: faces, else the centre of motion), turn that into the camera's path
// (framing.ts, smoothPath.ts) and write it as positionX / positionY keyframes through the one
// command applier, as the next timeline revision: one edit, undone as one, the keyframes as
// adjustable as any. A cancel stops ffmpeg and the worker and writes nothing.
import { randomUUID } from 'node:crypto';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { fitOf, type MediaClip } from '../../shared/timeline/timelineTypes.ts';
import type { SandboxContext } from '../context.ts';
import { createProjectStore } from '../create/projects.ts';
import { applyOnService } from '../editor/serviceEdits.ts';
import type { Command } from '../editor/timelineSchemas.ts';
import { revisionLabel, type TimelineStore } from '../editor/timelineStore.ts';
import { jobTempFolder } from '../jobs/jobTemp.ts';
import { registerJob } from '../jobs/registerJob.ts';
import type { FrameSubject } from './faceWorker.ts';
import { boxInFrame, centringValue, followSettings } from './framing.ts';
import type { ReframeResult, ReframeStore } from './reframeStore.ts';
import { followKeyframes, type PathSample } from './smoothPath.ts';
import { createSubjectFinder, SAMPLES_PER_SECOND } from './subjectFinder.ts';

export const REFRAME_SUMMARY = 'Follow the subject';
/** A subject whose size is unknown (motion) is taken to be this share of the source. */
const MOTION_SUBJECT = 0.15;

/** The media clips of the timeline's video tracks with these IDs, in timeline order. */
export function clipsToFollow(tracks: readonly { kind: string; clips: readonly unknown[] }[], ids: readonly string[]) {
  const wanted = new Set(ids);
  return tracks
    .filter((t) => t.kind === 'video')
    .flatMap((t) => t.clips as MediaClip[])
    .filter((c) => c.kind === 'media' && wanted.has(c.id));
}

type Subject = 'face' | 'motion' | 'none';

/** Faces where they are found in at least a third of the frames, else the centre of motion. */
function pointsOf(found: FrameSubject[]): { subject: Subject; at: ({ x: number; y: number } | null)[]; size: Size2 } {
  const faces = found.filter((f) => f.face);
  if (faces.length > 0 && faces.length * 3 >= found.length) {
    const median = (v: number[]) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
    return {
      subject: 'face',
      at: found.map(({ face }) => face && { x: face.x + face.width / 2, y: face.y + face.height / 2 }),
      size: { width: median(faces.map((f) => f.face!.width)), height: median(faces.map((f) => f.face!.height)) },
    };
  }
  const moved = found.some((f) => f.motion);
  return {
    subject: moved ? 'motion' : 'none',
    at: found.map((f) => f.motion),
    size: { width: MOTION_SUBJECT, height: MOTION_SUBJECT },
  };
}
/** What the work found: the commands to write and what each clip showed. */
interface Found {
  commands: Command[];
  clips: ReframeResult['clips'];
}

interface Size2 {
  width: number;
  height: number;
}

export function registerReframeJob(ctx: SandboxContext, timelines: TimelineStore, store: ReframeStore): void {
  const projects = createProjectStore(ctx);
  const assetFacts = ctx.db.prepare('SELECT kind, duration_ms FROM assets WHERE id = ? AND account_id = ?');

  /** The keyframe commands of one clip; none when the whole picture already shows. */
  function commandsFor(clip: MediaClip, frame: Size2, source: Size2, found: FrameSubject[]) {
    const { subject, at, size } = pointsOf(found);
    const box = boxInFrame(frame, source, fitOf(clip), clip.properties.scale ?? 1);
    // Sample i is i / SAMPLES_PER_SECOND s into the source range; the clip may play it faster or slower.
    const rate = (clip.outMs - clip.inMs) / (clip.endMs - clip.startMs);
    const length = clip.endMs - clip.startMs;
    const times = at.map((_, i) => Math.min(length, Math.round((i * (1000 / SAMPLES_PER_SECOND)) / rate)));
    const commands: Command[] = [];
    for (const axis of ['x', 'y'] as const) {
      const boxLength = axis === 'x' ? box.width : box.height;
      const settings = followSettings(boxLength, axis === 'x' ? size.width : size.height);
      if (!settings || subject === 'none') continue;
      const samples: PathSample[] = at
        .map((p, i) => ({ atMs: times[i]!, target: p && centringValue(p[axis], boxLength) }))
        .filter((s, i) => i === 0 || s.atMs > times[i - 1]!);
      const keyframes = followKeyframes(samples, settings);
      if (keyframes.length === 0) continue;
      commands.push({
        type: 'setKeyframes',
        clipId: clip.id,
        property: axis === 'x' ? 'positionX' : 'positionY',
        keyframes: keyframes.map((k) => ({ ...k, easing: 'linear' as const })),
      } as Command);
    }
    return { subject, commands };
  }

  async function work(id: number, signal: AbortSignal): Promise<Found> {
    const { accountId, projectId, reframe } = store.job(id);
    const project = projects.get(accountId, projectId);
    const [w, h] = project.aspect_ratio.split(':').map(Number) as [number, number];
    const frame = { width: w, height: h };
    const clips = clipsToFollow(timelines.read(accountId, projectId).tracks, reframe.clipIds);
    const totalMs = clips.reduce((sum, c) => sum + (c.outMs - c.inMs), 0) || 1;
    let doneMs = 0;
    const finder = createSubjectFinder(signal);
    const commands: Command[] = [];
    const summary: ReframeResult['clips'] = [];
    try {
      await jobTempFolder(ctx, `reframe-${id}`, async (folder) => {
        for (const clip of clips) {
          const asset = ctx.assets.get(accountId, clip.assetId);
          const sourceMs = clip.outMs - clip.inMs;
          if (asset.kind !== 'video' || !asset.width || !asset.height || clip.freezeMs !== undefined) {
            summary.push({ clipId: clip.id, subject: 'none', samples: 0, keyframes: 0 });
            doneMs += sourceMs;
            continue;
          }
          const source = { width: asset.width, height: asset.height };
          const frames = await finder.find(
            { path: asset.storage_path, ...source },
            clip.inMs,
            sourceMs,
            folder,
            (done, total) => store.setProgress(id, Math.min(0.99, (doneMs + (sourceMs * done) / total) / totalMs)),
          );
          doneMs += sourceMs;
          const made = commandsFor(clip, frame, source, frames);
          commands.push(...made.commands);
          summary.push({
            clipId: clip.id,
            subject: made.subject,
            samples: frames.length,
            keyframes: made.commands.reduce((n, c) => n + (c as { keyframes: unknown[] }).keyframes.length, 0),
          });
        }
      });
    } finally {
      await finder.close();
    }
    if (signal.aborted) throw new Error('The reframe was stopped.');
    return { commands, clips: summary };
  }

  /** Writes the keyframes as the next revision, in the transaction that completes the job (a job cancelled meanwhile writes nothing). */
  function complete(id: number, found: Found): boolean {
    const { accountId, projectId, reframe } = store.job(id);
    if (reframe.state !== 'running' && reframe.state !== 'queued') return false;
    const stored = timelines.read(accountId, projectId);
    // Clips removed while the job ran are left out; the rest get their keyframes.
    const present = new Set(clipsToFollow(stored.tracks, reframe.clipIds).map((c) => c.id));
    const list = found.commands.filter((c) => present.has((c as EditorCommand & { clipId: string }).clipId));
    let revision = revisionLabel(stored.revision);
    if (list.length > 0) {
      const asset = (assetId: number) => {
        const row = assetFacts.get(assetId, accountId) as
          { kind: 'image' | 'video' | 'audio'; duration_ms: number | null } | undefined;
        return (
          row && { kind: row.kind, durationMs: row.duration_ms, usable: ctx.assets.usableInProject(projectId, assetId) }
        );
      };
      const working = applyOnService(stored.tracks, list, { asset, newId: randomUUID }, stored.places, stored.markers);
      revision = timelines.commit(stored, working, list.length, REFRAME_SUMMARY).result.revision;
    }
    return store.markCompleted(id, { revision, clips: found.clips });
  }

  registerJob<Found>(ctx, {
    kind: 'reframe',
    states: store.states,
    work,
    complete,
    end: (id, to, error) =>
      store.states.ended(
        id,
        to,
        to === 'failed' ? (error ?? { code: 'editor.reframe_failed', message: 'The reframe failed.' }) : null,
      ),
    free: () => true,
    mediaMs(id) {
      const { accountId, projectId, reframe } = store.job(id);
      return clipsToFollow(timelines.read(accountId, projectId).tracks, reframe.clipIds).reduce(
        (sum, c) => sum + (c.outMs - c.inMs),
        0,
      );
    },
  });
}
