// Main's events for the Media and Generate screens, fed into their stores from the start (an
// upload or a generation goes on while another screen is shown). Another workspace is
// another account: its media, previews and generations are read afresh.
import { on } from '../client/clipdesk.ts';
import { useCurrentProject } from './currentProjectStore.ts';
import { useGenerate } from './generateStore.ts';
import { useMediaPreviews } from './mediaPreviewStore.ts';
import { useMedia } from './mediaStore.ts';
import { useMediaUploads } from './mediaUploadsStore.ts';
import { useTimelineMedia } from './timelineMediaStore.ts';
import { useWorkspace } from './workspaceStore.ts';

/** The unsubscribe functions, for the list renderer/events.ts keeps. */
export function listenToMedia(): (() => void)[] {
  let workspaceId = useWorkspace.getState().workspace?.id ?? null;
  const offs = [
    on('upload.progress', (event) => useMediaUploads.getState().progress(event)),
    on('upload.finished', ({ uploadId, asset }) => {
      useMediaUploads.getState().finished(uploadId, asset);
      useMedia.getState().uploaded(asset);
      useTimelineMedia.getState().learn(asset);
    }),
    on('upload.failed', ({ uploadId, error, resumable }) =>
      useMediaUploads.getState().failed(uploadId, error, resumable),
    ),
    on('job.updated', (event) => useGenerate.getState().jobUpdated(event)),
    on('intent.updated', ({ intent }) => useGenerate.getState().intentUpdated(intent)),
    on('workspace.changed', (workspace) => {
      if (workspaceId !== null && workspace.id !== workspaceId) {
        useMedia.getState().reset();
        useMediaPreviews.getState().reset();
        useGenerate.getState().reset();
        useCurrentProject.getState().choose(null);
      }
      workspaceId = workspace.id;
    }),
  ];
  void useMediaUploads.getState().recover();
  return offs;
}
