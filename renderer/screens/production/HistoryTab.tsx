// The History panel of the dock: the service's revisions of the timeline, newest first, each
// with when it was made, who sent it and what its edit did; Preview shows one in the monitor
// without touching the timeline (revisionPreviewStore.ts), and Restore brings the timeline
// back to it as one new edit (the list grows; nothing is rewritten; Ctrl+Z undoes it).
import { Eye, History, RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { dateTimeText } from '../../model/dateTimeText.ts';
import { revisionAuthorText } from '../../model/revisionAuthor.ts';
import { useRevisionPreview } from '../../stores/revisionPreviewStore.ts';
import { useRevisions } from '../../stores/revisionsStore.ts';
import { useWorkspace } from '../../stores/workspaceStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';

export function HistoryTab() {
  const projectId = useTimeline((s) => s.projectId);
  // The confirmed revision: when the service acknowledges an edit, the list has a new top.
  const confirmed = useTimeline((s) => s.base?.revision ?? null);
  const { items, nextCursor, loading, error, restoring, load, more, restore } = useRevisions();
  const ownKey = useWorkspace((s) => s.workspace?.keys.create.lastFour ?? null);
  const previewed = useRevisionPreview((s) => s.previewing?.revision ?? null);
  const previewLoading = useRevisionPreview((s) => s.loading);
  const { show, back } = useRevisionPreview.getState();

  useEffect(() => {
    if (projectId !== null) void load(projectId);
  }, [projectId, confirmed, load]);

  if (error && items.length === 0) return <ErrorDetails error={error} />;
  if (!loading && items.length === 0)
    return (
      <EmptyState icon={History} title="No revisions yet" compact>
        Each edit the service applies is listed here.
      </EmptyState>
    );
  return (
    <div className="pr-history">
      <ol className="pr-history-list" aria-label="Timeline revisions">
        {items.map((entry) => (
          <li
            key={entry.revision}
            className={entry.revision === previewed ? 'pr-history-item is-previewed' : 'pr-history-item'}
            aria-current={entry.revision === previewed ? 'true' : undefined}
          >
            <span className="pr-history-revision">{entry.revision}</span>
            <time dateTime={entry.createdAt} className="pr-muted">
              {dateTimeText(entry.createdAt)}
            </time>
            <span className="pr-history-summary">{entry.summary}</span>
            <span className="pr-muted pr-history-author"> by {revisionAuthorText(entry.author, ownKey)}</span>
            {entry.revision === confirmed ? (
              <span className="pr-muted">Current</span>
            ) : (
              <>
                <Button
                  size="sm"
                  icon={Eye}
                  pressed={entry.revision === previewed}
                  disabled={previewLoading === entry.revision}
                  aria-label={`Preview ${entry.revision}`}
                  onClick={() => (entry.revision === previewed ? back() : void show(entry.revision))}
                >
                  Preview
                </Button>
                <Button
                  size="sm"
                  icon={RotateCcw}
                  disabled={restoring !== null}
                  aria-label={`Restore ${entry.revision}`}
                  onClick={() => void restore(entry.revision).then(back)}
                >
                  {restoring === entry.revision ? 'Restoring…' : 'Restore'}
                </Button>
              </>
            )}
          </li>
        ))}
      </ol>
      <LoadMore hasMore={nextCursor !== null} loading={loading} onLoadMore={more} label="Older revisions" />
    </div>
  );
}
