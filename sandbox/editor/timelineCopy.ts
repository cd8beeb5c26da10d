// A project's timeline copied into a new project of another shape (POST /projects with
// fromProjectId): the same tracks, clips and markers, every media clip of a video track set
// to fit cover so the picture fills the new frame, and the original's media (its own and the
// brand assets attached to it) attached to the copy, so nothing is uploaded or stored twice.
// The original is only read: its revision stays as it was.
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import type { Track } from './timelineSchemas.ts';
import { createTimelineStore } from './timelineStore.ts';

/** The tracks with every video-track media clip filling the frame. */
export function filledTracks(tracks: readonly Track[]): Track[] {
  return tracks.map((track) =>
    track.kind !== 'video'
      ? track
      : { ...track, clips: track.clips.map((clip) => (clip.kind === 'media' ? { ...clip, fit: 'cover' } : clip)) },
  );
}

export function createTimelineCopier(ctx: SandboxContext) {
  const { db } = ctx;
  const timelines = createTimelineStore(ctx);
  const mediaOf = db.prepare(
    `SELECT id FROM assets WHERE account_id = ? AND project_id = ?
     UNION SELECT asset_id AS id FROM project_attachments WHERE project_id = ?`,
  );
  const attach = db.prepare(
    'INSERT OR IGNORE INTO project_attachments (project_id, asset_id, attached_at) VALUES (?, ?, ?)',
  );
  const exists = db.prepare('SELECT 1 FROM projects WHERE id = ? AND account_id = ?');

  return {
    /** 404 naming the field when there is no such project to copy. */
    checkSource(accountId: number, fromProjectId: number): void {
      if (!exists.get(fromProjectId, accountId))
        throw new ApiError(
          'resource.not_found',
          `fromProjectId: no project ${fromProjectId} in this account; name a project you can read (GET /projects).`,
        );
    },
    /** Writes the copy as the new project's first revision (r0), inside the caller's transaction. */
    copy(accountId: number, fromProjectId: number, toProjectId: number): void {
      const original = timelines.read(accountId, fromProjectId);
      // save() writes the revision after the one given: a project never read has none, so r0.
      timelines.save(
        { projectId: toProjectId, revision: -1, tracks: filledTracks(original.tracks), markers: original.markers },
        0,
      );
      const now = iso(ctx.clock.now());
      for (const { id } of mediaOf.all(accountId, fromProjectId, fromProjectId) as { id: number }[])
        attach.run(toProjectId, id, now);
    },
  };
}
