// A transcription under way, in the Transcript tab (issue 26): how far it got (a bar with the
// share of the recording, and "n of m parts"), the words recognised so far (read-only, drawn
// near the view only: a long recording's words so far are thousands), and Cancel, which asks
// the service to stop the job and refund it (the same cancel as the Jobs screen's).
import { X } from 'lucide-react';
import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import { partsText, transcriptionProgress, wordsSoFar } from '../../model/production/transcriptionProgress.ts';
import { Button } from '../../components/Button.tsx';
import { useTranscriptionRuns, type TranscriptionRun } from '../../stores/transcriptionRunsStore.ts';
import { useWordWindow } from './useWordWindow.ts';

function stateText(run: TranscriptionRun): string {
  if (run.state === 'pending') return 'Waiting to be sent';
  if (run.state === 'queued') return 'Queued';
  return run.partial ? 'Transcribing' : 'Reading the sound: the first part is being recognised';
}

/** The words so far, in the transcript's word look; kept at the end while they grow, unless scrolled up. */
function WordsSoFar({ run, assetId }: { run: TranscriptionRun; assetId: number }) {
  const words = run.partial?.words;
  const transcript = useMemo(() => wordsSoFar(words ?? [], assetId), [words, assetId]);
  const list = useRef<HTMLDivElement>(null);
  const shown = useWordWindow(transcript, list);
  const atEnd = useRef(true);
  useLayoutEffect(() => {
    const element = list.current;
    if (element && atEnd.current) element.scrollTop = element.scrollHeight;
  }, [transcript]);
  if (transcript.items.length === 0) return null;
  return (
    <div
      ref={list}
      className="pr-tx-words pr-tx-so-far"
      role="region"
      aria-label="Words so far"
      // Scrolled with the keys too.
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atEnd.current = el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
      }}
    >
      <div aria-hidden="true" style={{ height: shown.above }} />
      {shown.blocks.map((block) => (
        <div key={block.key} ref={shown.measure(block.key)} className="pr-tx-paragraph">
          <p className="pr-tx-paragraph-text">
            {transcript.items.slice(block.from, block.to).map((item, i) => (
              // Spaces between the words: read as text, and where the lines break.
              <Fragment key={item.key}>
                {i > 0 && ' '}
                <span className="pr-tx-item pr-tx-word">{item.kind === 'word' ? item.text : ''}</span>
              </Fragment>
            ))}
          </p>
        </div>
      ))}
      <div aria-hidden="true" style={{ height: shown.below }} />
    </div>
  );
}

export function TranscriptionProgress({
  assetId,
  name,
  durationMs,
}: {
  assetId: number;
  name: string;
  durationMs: number | null | undefined;
}) {
  const run = useTranscriptionRuns((s) => s.runs[assetId]);
  const cancelling = useTranscriptionRuns((s) => s.cancelling[assetId] === true);
  if (!run) return null;
  const progress = run.partial ? transcriptionProgress(run.partial, durationMs) : null;
  const label = `Transcribing ${name}`;
  return (
    <section className="pr-tx-progress" aria-label={label}>
      <div className="pr-tx-progress-head">
        <span className="pr-tx-progress-state">{stateText(run)}</span>
        {progress ? (
          <progress
            aria-label="Transcription progress"
            aria-valuetext={`${progress.percent}%, ${partsText(progress)}`}
            value={progress.fraction}
            max={1}
          />
        ) : (
          <progress aria-label="Transcription progress" />
        )}
        {progress && (
          <span className="pr-tx-progress-figures">
            <strong>{progress.percent}%</strong> · {partsText(progress)} · {progress.words} word
            {progress.words === 1 ? '' : 's'} so far
          </span>
        )}
        <span className="pr-tx-toolbar-gap" />
        <Button
          size="sm"
          icon={X}
          onClick={() => void useTranscriptionRuns.getState().cancel(assetId)}
          disabled={cancelling}
          aria-label={`Cancel the transcription of ${name}`}
        >
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </Button>
      </div>
      <WordsSoFar run={run} assetId={assetId} />
    </section>
  );
}
