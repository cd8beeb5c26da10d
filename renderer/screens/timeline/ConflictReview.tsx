// The review of an edit that did not apply: a 409 (someone changed the timeline first), a
// refusal, or a cancellation. The user's edits are shown beside what changed meanwhile —
// which clips, which of their properties — and the user re-applies them on the latest
// timeline or drops them. Until then no further edit is made.
import { useEffect, useRef } from 'react';
import { describeCommand } from '../../../shared/timeline/describeCommands.ts';
import { clipsTouched, type ClipChange, type TimelineDiff } from '../../../shared/timeline/timelineDiff.ts';
import type { Clip, Timeline } from '../../../shared/timeline/timelineTypes.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline, type EditReview } from '../../stores/timelineStore.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';

const FIELD_WORDS: Record<string, string> = {
  startMs: 'start',
  endMs: 'end',
  inMs: 'in point',
  outMs: 'out point',
  track: 'track',
  text: 'text',
  style: 'caption style',
  font: 'font',
  effects: 'effects',
  transition: 'transition',
  assetId: 'media',
};

function fieldWords(field: string): string {
  return FIELD_WORDS[field] ?? field.replace(/^properties\./, '');
}

export function useClipName(timelines: (Timeline | null)[]): (clipId: string) => string {
  const assets = useTimelineMedia((s) => s.assets);
  const byId = new Map<string, Clip>();
  for (const timeline of timelines)
    for (const track of timeline?.tracks ?? [])
      for (const clip of track.clips) if (!byId.has(clip.id)) byId.set(clip.id, clip);
  return (clipId) => {
    const clip = byId.get(clipId);
    if (!clip) return 'a clip';
    return clip.kind === 'caption'
      ? `caption “${clip.text}”`
      : `“${assets.get(clip.assetId)?.filename ?? `asset ${clip.assetId}`}”`;
  };
}

function Change({ change, name, both }: { change: ClipChange; name: string; both: boolean }) {
  const what = change.change === 'changed' ? `changed: ${change.fields.map(fieldWords).join(', ')}` : change.change;
  return (
    <li className={both ? 'tl-change is-both' : 'tl-change'}>
      {name} on {change.trackName} — {what}
      {both && <strong> (your edit changes it too)</strong>}
    </li>
  );
}

/** What changed on the timeline between two revisions: clips (those the user's steps change too marked), tracks, markers. */
export function ChangesMeanwhile({
  diff,
  busy,
  known,
  mine,
  name,
  unknown,
}: {
  diff: TimelineDiff | null;
  busy: boolean;
  /** The earlier timeline is known (else `unknown` says why nothing is listed). */
  known: boolean;
  mine: ReadonlySet<string>;
  name: (clipId: string) => string;
  unknown: string;
}) {
  const changes = diff?.clips ?? [];
  const shown = changes.slice(0, 50);
  return (
    <>
      {busy && <p role="status">Reading the latest timeline…</p>}
      {!busy && !known && <p>{unknown}</p>}
      {!busy && known && changes.length === 0 && (
        <p>
          No clip changed
          {diff?.tracks.length || diff?.markers.length ? ', but the tracks or markers did' : ''}.
        </p>
      )}
      <ul aria-label="Changes by others">
        {shown.map((change) => (
          <Change key={change.clipId} change={change} name={name(change.clipId)} both={mine.has(change.clipId)} />
        ))}
        {diff?.tracks.map((track) => (
          <li key={track.trackId}>
            Track {track.name} — {track.change === 'changed' ? `changed: ${track.fields.join(', ')}` : track.change}
          </li>
        ))}
        {diff?.markers.map((marker) => (
          <li key={marker.markerId}>
            Marker {marker.name} —{' '}
            {marker.change === 'changed' ? `changed: ${marker.fields.join(', ')}` : marker.change}
          </li>
        ))}
      </ul>
      {changes.length > shown.length && <p>… and {changes.length - shown.length} more clips.</p>}
    </>
  );
}

const TITLES: Record<EditReview['outcome'], string> = {
  conflict: 'Your edit met a newer timeline',
  rejected: 'The service refused your edit',
  cancelled: 'Your edit was cancelled',
};

export function ConflictReview({ review }: { review: EditReview }) {
  const reapply = useTimeline((s) => s.reapply);
  const drop = useTimeline((s) => s.drop);
  const name = useClipName([review.current, review.edited]);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), [review.busy]);
  const [trigger, ...held] = review.edits;
  const mine = clipsTouched(review.edits.flatMap((e) => e.commands));
  const again = review.outcome === 'conflict' ? review.edits.length : held.length;

  const actions = (
    <>
      <Button disabled={review.busy} onClick={() => void drop()}>
        {review.edits.length === 1 ? 'Drop my edit' : `Drop my ${review.edits.length} edits`}
      </Button>
      <Button
        ref={first}
        variant="primary"
        disabled={review.busy || !review.current || again === 0}
        onClick={() => void reapply()}
      >
        {review.outcome === 'conflict'
          ? again === 1
            ? 'Re-apply my edit on the latest timeline'
            : `Re-apply my ${again} edits on the latest timeline`
          : `Re-apply the ${again} held-back ${again === 1 ? 'edit' : 'edits'}`}
      </Button>
    </>
  );

  return (
    <Dialog
      role="alertdialog"
      size="lg"
      className="tl-review"
      title={TITLES[review.outcome]}
      descriptionId="tl-review-why"
      initialFocus={first}
      // The review is answered by re-applying or dropping; Escape leaves it open (nothing is decided for the user).
      onClose={() => {}}
      footer={actions}
    >
      <p id="tl-review-why">
        {review.outcome === 'conflict'
          ? `Another edit reached the timeline first${review.current ? ` (it is now at ${review.current.revision}` : ''}${review.edited ? `; you edited ${review.edited.revision})` : review.current ? ')' : ''}. Your edit was not applied: compare, then re-apply it on the latest timeline or drop it.`
          : review.outcome === 'rejected'
            ? 'Nothing of it was applied. Edits you made after it were held back, never sent on a stale timeline.'
            : 'It was cancelled before it was sent (in Jobs, or held back behind a failed edit).'}
      </p>
      {review.error && review.outcome !== 'conflict' && (
        <ErrorDetails error={review.error} role="none" className="tl-review-error" />
      )}
      <div className="tl-review-columns">
        <section aria-labelledby="tl-review-mine">
          <h3 id="tl-review-mine">Your {review.edits.length === 1 ? 'edit' : `${review.edits.length} edits`}</h3>
          <ol>
            {review.edits.map((edit, i) => (
              <li key={edit.localId}>
                <strong>{edit.label}</strong>
                {i === 0 && review.outcome === 'rejected' && ' (refused)'}
                {i > 0 && ' (held back)'}
                <ul>
                  {edit.commands.slice(0, 8).map((command, k) => (
                    <li key={k}>{describeCommand(command, name)}</li>
                  ))}
                  {edit.commands.length > 8 && <li>… and {edit.commands.length - 8} more changes</li>}
                </ul>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="tl-review-theirs">
          <h3 id="tl-review-theirs">What changed meanwhile</h3>
          <ChangesMeanwhile
            diff={review.diff}
            busy={review.busy}
            known={review.edited !== null}
            mine={mine}
            name={name}
            unknown="Clipdesk restarted since the edit was made, so the changes since then cannot be listed; the latest timeline is shown behind this dialog."
          />
        </section>
      </div>
      {trigger && held.length === 0 && review.outcome === 'conflict' && (
        <p className="tl-hint">
          Re-applying sends your edit again as a new request on the latest revision; nothing is sent twice.
        </p>
      )}
    </Dialog>
  );
}
