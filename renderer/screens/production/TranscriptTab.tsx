// The clip's word-timed transcript beside the timeline: transcribe the clip's media (a
// charged job, followed to its end), click a word to move the playhead to where the clip
// plays it, turn the words into caption entries on a caption track (one edit through the
// timeline, with its revision handling), and download the caption files.
import { useEffect, useState } from 'react';
import type { AppError } from '../../../shared/appError.ts';
import { captionPlan, cuesOf, placeCuesOnTrack } from '../../../shared/production/captionCommands.ts';
import { clockText, locate, type PlacedClip } from '../../../shared/production/clipTime.ts';
import type { Word } from '../../../shared/production/productionTypes.ts';
import { usdText } from '../../../shared/production/speechPrice.ts';
import { invoke } from '../../client/clipdesk.ts';
import { useUnderWay } from '../../stores/productionJobsStore.ts';
import { useProduction } from '../../stores/productionStore.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { useToasts } from '../../stores/toastStore.ts';
import { assetName } from './clipChoice.ts';
import { saveText } from './saveText.ts';
import { Field } from './Field.tsx';
import { JobError, WorkLine } from './WorkLine.tsx';

const LANGUAGES = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['pt-BR', 'Portuguese (Brazil)'],
  ['it', 'Italian'],
] as const;

function WordButton({ word, atMs, endMs }: { word: Word; atMs: number | null; endMs: number | null }) {
  const current = useTimelineView(
    (s) => atMs !== null && endMs !== null && s.playheadMs >= atMs && s.playheadMs < endMs,
  );
  if (atMs === null) {
    return (
      <button type="button" className="pr-word is-trimmed" disabled aria-label={`${word.text} (trimmed away)`}>
        {word.text}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`pr-word${current ? ' is-current' : ''}${(word.confidence ?? 1) < 0.7 ? ' is-unsure' : ''}`}
      aria-label={`Seek to ${clockText(atMs)}: ${word.text}`}
      aria-current={current ? 'time' : undefined}
      title={`${clockText(atMs)} on the timeline`}
      onClick={() => useTimelineView.getState().setPlayhead(atMs)}
    >
      {word.text}
    </button>
  );
}

function CaptionActions({
  placed,
  words,
  transcriptionId,
}: {
  placed: PlacedClip;
  words: Word[];
  transcriptionId: number;
}) {
  const [busy, setBusy] = useState<'srt' | 'vtt' | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const timeline = useTimeline((s) => s.timeline);

  function addCaptions() {
    if (!timeline) return;
    const cues = placeCuesOnTrack(placed.track, placed.clip.assetId, cuesOf(words));
    const plan = captionPlan(timeline, cues, () => crypto.randomUUID());
    if (!plan) {
      setAdded('No words of the transcript are on the timeline: nothing to caption.');
      return;
    }
    let made = 0;
    for (const commands of plan.edits) {
      if (!useTimeline.getState().edit(commands, `Add ${plan.count} captions`)) break;
      made++;
    }
    if (made === plan.edits.length) {
      const track = useTimeline.getState().timeline?.tracks.find((t) => t.id === plan.trackId);
      setAdded(
        `Added ${plan.count} captions to ${track?.name ?? 'a caption track'}${plan.newTrack ? ' (a new track)' : ''}.`,
      );
    }
  }

  async function download(format: 'srt' | 'vtt') {
    setBusy(format);
    try {
      const file = await invoke('transcriptions.captionFile', { transcriptionId, format });
      if (file.outcome === 'file') saveText(file.filename, file.contentType, file.text);
      else if (file.outcome === 'saved') useToasts.getState().showInfo('Captions saved', `Saved to ${file.path}.`);
    } catch (err) {
      useToasts
        .getState()
        .showError(`Downloading the ${format === 'srt' ? 'SRT' : 'WebVTT'} captions`, err as AppError);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="pr-actions">
      <button type="button" onClick={addCaptions} disabled={!timeline}>
        Add captions to the timeline
      </button>
      <button type="button" onClick={() => void download('srt')} disabled={busy !== null}>
        {busy === 'srt' ? 'Downloading…' : 'Download SRT'}
      </button>
      <button type="button" onClick={() => void download('vtt')} disabled={busy !== null}>
        {busy === 'vtt' ? 'Downloading…' : 'Download WebVTT'}
      </button>
      {added && (
        <span role="status" className="pr-note">
          {added}
        </span>
      )}
    </div>
  );
}

export function TranscriptTab({ placed }: { placed: PlacedClip }) {
  const assetId = placed.clip.assetId;
  const timeline = useTimeline((s) => s.timeline);
  const asset = useTimelineMedia((s) => s.assets.get(assetId));
  const name = useTimelineMedia((s) => assetName(s.assets, assetId));
  const transcription = useProduction((s) => s.transcriptions[assetId]);
  const asked = useProduction((s) => s.asked[`transcription:${assetId}`]);
  const loadAsset = useProduction((s) => s.loadAsset);
  const transcribe = useProduction((s) => s.transcribe);
  const underWay = useUnderWay(asked);
  const [language, setLanguage] = useState('en');

  useEffect(() => {
    if (transcription === undefined) void loadAsset(assetId);
  }, [transcription, assetId, loadAsset]);

  if (asset?.kind === 'image') return <p className="pr-muted">{name} is an image: there is no speech to transcribe.</p>;
  const words = transcription?.transcript?.words ?? [];
  const completed = transcription?.state === 'completed';
  const places = timeline ? words.map((w) => locate(timeline, placed, w.startMs)) : [];
  const onTimeline = places.filter((p) => p !== null).length;

  return (
    <div className="pr-transcript">
      <div className="pr-row">
        <Field label="Spoken language" inline>
          {(id) => (
            <select id={id} value={language} onChange={(e) => setLanguage(e.target.value)}>
              {LANGUAGES.map(([tag, label]) => (
                <option key={tag} value={tag}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="button" onClick={() => void transcribe(assetId, language)} disabled={underWay}>
          {transcription ? 'Transcribe again' : 'Transcribe clip'}
        </button>
        <span className="pr-muted">Charged per second of audio, as speech work.</span>
      </div>
      <WorkLine intentId={asked} noun="Transcription" />
      {transcription === undefined && <p className="pr-muted">Reading the transcripts of {name}…</p>}
      {transcription === null && <p className="pr-muted">{name} has not been transcribed yet.</p>}
      {transcription && !completed && transcription.state !== 'failed' && (
        <p className="pr-muted">
          Transcription #{transcription.id} is {transcription.state}…
        </p>
      )}
      {transcription?.state === 'failed' && <JobError error={transcription.error} />}
      {completed && (
        <>
          <p className="pr-meta">
            Transcription #{transcription.id} · {transcription.language ?? 'en'} · {words.length} words, {onTimeline} on
            the timeline
            {typeof transcription.costUsd === 'number' && ` · charged ${usdText(transcription.costUsd)}`}
            {typeof transcription.billedSeconds === 'number' && ` for ${transcription.billedSeconds} s of audio`}
          </p>
          {words.length === 0 ? (
            <p className="pr-muted">No speech was heard in {name}.</p>
          ) : (
            <div className="pr-words" role="group" aria-label="Transcript">
              {words.map((word, i) => {
                const place = places[i] ?? null;
                const endMs = place && Math.min(place.clip.endMs, place.atMs + (word.endMs - word.startMs));
                return <WordButton key={i} word={word} atMs={place?.atMs ?? null} endMs={endMs} />;
              })}
            </div>
          )}
          <CaptionActions placed={placed} words={words} transcriptionId={transcription.id} />
        </>
      )}
    </div>
  );
}
