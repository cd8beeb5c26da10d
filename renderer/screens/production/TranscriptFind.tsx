// Find in the transcript: a word or a phrase, the next and the previous place it is said
// (wrapping at either end); the place found is selected and brought into view, drawn first
// when it was not (the list draws only the words near its view).
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { findPhrase } from '../../../shared/transcript/wordSearch.ts';
import type { TimelineTranscript } from '../../../shared/transcript/timelineTranscript.ts';
import { IconButton } from '../../components/Button.tsx';

export function TranscriptFind({
  transcript,
  onFound,
}: {
  transcript: TimelineTranscript;
  onFound(from: number, to: number): void;
}) {
  const [phrase, setPhrase] = useState('');
  const [at, setAt] = useState(-1);
  const found = useMemo(() => findPhrase(transcript, phrase), [transcript, phrase]);

  function go(step: 1 | -1) {
    if (found.length === 0) return;
    const next = at < 0 ? (step === 1 ? 0 : found.length - 1) : (at + step + found.length) % found.length;
    setAt(next);
    onFound(found[next]![0], found[next]![1]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    go(event.shiftKey ? -1 : 1);
  }

  const status =
    phrase.trim() === ''
      ? ''
      : found.length === 0
        ? 'Not found'
        : at < 0
          ? `${found.length} found`
          : `${Math.min(at, found.length - 1) + 1} of ${found.length}`;
  return (
    <div className="pr-tx-find" role="search" aria-label="Find in the transcript">
      <input
        type="search"
        aria-label="Find a word or phrase"
        placeholder="Find…"
        value={phrase}
        onChange={(e) => {
          setPhrase(e.target.value);
          setAt(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <IconButton
        size="sm"
        icon={ChevronUp}
        label="Previous match"
        shortcut="Shift+Enter"
        disabled={found.length === 0}
        onClick={() => go(-1)}
      />
      <IconButton
        size="sm"
        icon={ChevronDown}
        label="Next match"
        shortcut="Enter"
        disabled={found.length === 0}
        onClick={() => go(1)}
      />
      <span role="status" className="pr-tx-find-status">
        {status}
      </span>
    </div>
  );
}
