// The Inspector's "Follow the subject" for video clips: starts the service's auto reframe on the
// selected clips (faces, else motion, written as positionX / positionY keyframes: one edit to
// undo) and shows how far it got.
import type { MediaClip, Track } from '../../../shared/timeline/timelineTypes.ts';
import { Button } from '../../components/Button.tsx';
import { useReframeJob } from '../../stores/reframeJobStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';

type MediaItem = { readonly clip: MediaClip; readonly track: Track };

const RUNNING = new Set(['pending', 'sent', 'accepted', 'queued', 'running']);

export function FollowSubject({ items }: { items: readonly MediaItem[] }) {
  const projectId = useTimeline((s) => s.projectId);
  const { state, progress, error, start } = useReframeJob();
  const video = items.filter((i) => i.track.kind === 'video');
  if (video.length === 0 || projectId === null) return null;
  const busy = state !== null && RUNNING.has(state);
  return (
    <section className="tl-inspector-section" aria-label="Follow the subject">
      <h3>Follow the subject</h3>
      <Button
        size="sm"
        disabled={busy}
        onClick={() =>
          void start(
            projectId,
            video.map((i) => i.clip.id),
          )
        }
      >
        Follow the subject
      </Button>
      {busy && (
        <p role="status">Following the subject{progress !== null ? ` — ${Math.round(progress * 100)}%` : '…'}</p>
      )}
      {state === 'completed' && <p role="status">Keyframes written: adjust them, or undo.</p>}
      {error && <p role="alert">{error.message}</p>}
    </section>
  );
}
