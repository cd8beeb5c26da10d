// The Transcript tab: transcribe the chosen clip's media (a charged job, followed to its
// end), edit the whole timeline by its words (TranscriptEditor), turn the clip's words into
// caption entries on a caption track (one edit through the timeline, with its revision
// handling), and download the caption files. Clips not transcribed yet are listed with a
// Transcribe button each. The local workspace's recogniser understands English only, so
// there the other languages are shown but cannot be chosen (the service would refuse them).
import { AudioLines, Captions, Download, TextCursorInput } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { captionPlan, cuesOf, placeCuesOnTrack } from '../../../shared/production/captionCommands.ts';
import { locate, type PlacedClip } from '../../../shared/production/clipTime.ts';
import type { WordGrouping } from '../../../shared/production/wordGroups.ts';
import type { Word } from '../../../shared/production/productionTypes.ts';
import { usdText } from '../../../shared/production/speechPrice.ts';
import type { TimelineTranscript } from '../../../shared/transcript/timelineTranscript.ts';
import { invoke } from '../../client/clipdesk.ts';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useUnderWay } from '../../stores/productionJobsStore.ts';
import { useProduction } from '../../stores/productionStore.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useWorkspace } from '../../stores/workspaceStore.ts';
import { showError, useToasts } from '../../stores/toastStore.ts';
import { saveFile } from '../../client/saveFile.ts';
import { assetName } from './clipChoice.ts';
import { Field } from '../../components/Field.tsx';
import { JobError, WorkLine } from './WorkLine.tsx';
import { TranscriptEditor } from './TranscriptEditor.tsx';
import { TranscriptionProgress } from './TranscriptionProgress.tsx';
import { useTimelineTranscript } from './useTimelineTranscript.ts';
import { useTranscriptionRuns } from '../../stores/transcriptionRunsStore.ts';

const NO_WORDS: Word[] = [];

/** The local workspace's recogniser (PocketSphinx, US English model) understands English: "en", "en-US"… */
const understoodLocally = (tag: string) => tag.toLowerCase().split('-')[0] === 'en';

const LANGUAGES = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['pt-BR', 'Portuguese (Brazil)'],
  ['it', 'Italian'],
] as const;

/** How captions made from the words are grouped: as caption files are, or short, a few words at a time (never across a sentence end). */
const GROUPINGS: Readonly<Record<string, { label: string; grouping?: WordGrouping }>> = {
  cues: { label: 'Up to two lines' },
  w1: { label: 'One word at a time', grouping: { by: 'words', max: 1 } },
  w2: { label: 'Up to 2 words', grouping: { by: 'words', max: 2 } },
  w3: { label: 'Up to 3 words', grouping: { by: 'words', max: 3 } },
  w5: { label: 'Up to 5 words', grouping: { by: 'words', max: 5 } },
  c16: { label: 'Up to 16 characters', grouping: { by: 'chars', max: 16 } },
  c24: { label: 'Up to 24 characters', grouping: { by: 'chars', max: 24 } },
};

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
  const [grouping, setGrouping] = useState<string>('cues');
  const timeline = useTimeline((s) => s.timeline);

  function addCaptions() {
    if (!timeline) return;
    const cues = placeCuesOnTrack(placed.track, placed.clip.assetId, cuesOf(words, GROUPINGS[grouping]?.grouping));
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
      if (file.outcome === 'file') saveFile(file);
      else if (file.outcome === 'saved') useToasts.getState().showSuccess('Captions saved', `Saved to ${file.path}.`);
    } catch (err) {
      showError(`Downloading the ${format === 'srt' ? 'SRT' : 'WebVTT'} captions`, err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="pr-actions">
      <Field label="Caption length" inline>
        {(control) => (
          <select {...control} value={grouping} onChange={(e) => setGrouping(e.target.value)}>
            {Object.entries(GROUPINGS).map(([id, { label }]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button size="sm" icon={Captions} onClick={addCaptions} disabled={!timeline}>
        Add captions to the timeline
      </Button>
      <Button size="sm" icon={Download} onClick={() => void download('srt')} disabled={busy !== null}>
        {busy === 'srt' ? 'Downloading…' : 'Download SRT'}
      </Button>
      <Button size="sm" icon={Download} onClick={() => void download('vtt')} disabled={busy !== null}>
        {busy === 'vtt' ? 'Downloading…' : 'Download WebVTT'}
      </Button>
      {added && (
        <span role="status" className="pr-note">
          {added}
        </span>
      )}
    </div>
  );
}

/** Clips on the timeline whose media has no transcript yet, each with a Transcribe button. */
function Untranscribed({
  transcript,
  language,
  chosenAssetId,
}: {
  transcript: TimelineTranscript;
  language: string;
  /** The chosen clip's media has its own Transcribe button above. */
  chosenAssetId: number;
}) {
  const assets = useTimelineMedia((s) => s.assets);
  const asked = useProduction((s) => s.asked);
  const transcribe = useProduction((s) => s.transcribe);
  const transcriptions = useProduction((s) => s.transcriptions);
  const waiting = transcript.untranscribed.filter(
    ({ clip }) =>
      clip.assetId !== chosenAssetId &&
      assets.get(clip.assetId)?.kind !== 'image' &&
      transcriptions[clip.assetId] !== undefined,
  );
  const shown = waiting.filter((w, i) => waiting.findIndex((o) => o.clip.assetId === w.clip.assetId) === i);
  if (shown.length === 0) return null;
  return (
    <ul className="pr-tx-untranscribed" aria-label="Clips without a transcript">
      {shown.slice(0, 20).map(({ clip, number }) => {
        const state = transcriptions[clip.assetId];
        const busy = asked[`transcription:${clip.assetId}`] !== undefined && state?.state !== 'failed';
        const name = assetName(assets, clip.assetId);
        return (
          <li key={clip.id}>
            <span>
              Clip {number}: {name} —{' '}
              {state && state.state !== 'failed' ? `transcription ${state.state}…` : 'no transcript yet'}
            </span>
            <Button
              size="sm"
              disabled={busy || (state !== null && state !== undefined && state.state !== 'failed')}
              aria-label={`Transcribe ${name} (clip ${number})`}
              onClick={() => void transcribe(clip.assetId, language)}
            >
              Transcribe
            </Button>
          </li>
        );
      })}
    </ul>
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
  const local = useWorkspace((s) => s.workspace?.kind === 'local');
  const running = useTranscriptionRuns((s) => s.runs[assetId] !== undefined);
  // One transcription of a clip at a time: the one under way has its own progress and Cancel.
  const underWay = useUnderWay(asked) || running;
  const [language, setLanguage] = useState('en');
  const transcript = useTimelineTranscript();

  useEffect(() => {
    if (transcription === undefined) void loadAsset(assetId);
  }, [transcription, assetId, loadAsset]);

  const words = transcription?.transcript?.words ?? NO_WORDS;
  const completed = transcription?.state === 'completed';
  // Once per timeline and transcript, not per render: a two-hour transcript is 11,000 words.
  const onTimeline = useMemo(
    () => (timeline && completed ? words.filter((w) => locate(timeline, placed, w.startMs) !== null).length : 0),
    [timeline, completed, words, placed],
  );

  // Once there are words, they come first: a short dock shows the text to edit, and the
  // transcription's own controls follow it.
  const editor = transcript && transcript.items.length > 0 ? <TranscriptEditor transcript={transcript} /> : null;
  return (
    <div className="pr-transcript">
      {editor}
      {asset?.kind === 'image' ? (
        <p className="pr-muted">{name} is an image: there is no speech to transcribe.</p>
      ) : (
        <>
          <div className="pr-row">
            <Field label="Spoken language" inline>
              {(control) => (
                <select
                  {...control}
                  value={language}
                  aria-describedby={local ? 'tx-language-note' : undefined}
                  onChange={(e) => setLanguage(e.target.value)}
                >
                  {LANGUAGES.map(([tag, label]) => (
                    <option key={tag} value={tag} disabled={local && !understoodLocally(tag)}>
                      {label}
                      {local && !understoodLocally(tag) ? ' (not on the local workspace)' : ''}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Button
              size="sm"
              variant={transcription ? 'secondary' : 'primary'}
              icon={AudioLines}
              onClick={() => void transcribe(assetId, language)}
              disabled={underWay}
            >
              {transcription ? 'Transcribe again' : 'Transcribe clip'}
            </Button>
            <span className="pr-muted" id="tx-language-note">
              {local
                ? 'The local workspace hears English only (an offline recogniser). Charged per second of audio, as speech work.'
                : 'Charged per second of audio, as speech work.'}
            </span>
          </div>
          <WorkLine intentId={asked} noun="Transcription" bar={!running} />
          <TranscriptionProgress assetId={assetId} name={name} durationMs={asset?.durationMs} />
          {transcription === undefined && <p className="pr-muted">Reading the transcripts of {name}…</p>}
          {transcription === null && <p className="pr-muted">{name} has not been transcribed yet.</p>}
          {transcription && !running && !completed && transcription.state !== 'failed' && (
            <p className="pr-muted">
              Transcription #{transcription.id} is {transcription.state}…
            </p>
          )}
          {transcription?.state === 'failed' && <JobError error={transcription.error} />}
          {completed && (
            <p className="pr-meta">
              Transcription #{transcription.id} · {transcription.language ?? 'en'} · {words.length} words, {onTimeline}{' '}
              on the timeline
              {typeof transcription.costUsd === 'number' && ` · charged ${usdText(transcription.costUsd)}`}
              {typeof transcription.billedSeconds === 'number' && ` for ${transcription.billedSeconds} s of audio`}
              {words.length === 0 && ` · no speech was heard in ${name}`}
            </p>
          )}
        </>
      )}
      {!editor && (
        <EmptyState icon={TextCursorInput} compact title="No words on the timeline yet">
          Transcribe its clips: their words appear here in the order the timeline plays them, to edit the video by its
          text.
        </EmptyState>
      )}
      {transcript && <Untranscribed transcript={transcript} language={language} chosenAssetId={assetId} />}
      {completed && words.length > 0 && (
        <CaptionActions placed={placed} words={words} transcriptionId={transcription.id} />
      )}
    </div>
  );
}
