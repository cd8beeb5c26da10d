// The MMS file: an image, video or audio file of at most 2,000,000 bytes, previewed in the
// page and streamed to main in chunks as soon as it is chosen (the message names it by id).
import { useEffect, useId, useState } from 'react';
import type { AppError } from '../../../shared/appError.ts';
import { MESSAGING_LIMITS } from '../../../shared/limits.ts';
import { useMessaging } from '../../stores/messagingStore.ts';
import { ResultNotice } from './ResultNotice.tsx';
import { describeFailure } from './answerText.ts';

export interface StagedMms {
  readonly mmsId: string;
  readonly name: string;
  readonly size: number;
}

const n = (value: number) => value.toLocaleString('en-US');

export function MmsAttachment({
  staged,
  onStaged,
}: {
  staged: StagedMms | null;
  onStaged(file: StagedMms | null): void;
}) {
  const stageMms = useMessaging((s) => s.stageMms);
  const discard = useMessaging((s) => s.discardMms);
  const [preview, setPreview] = useState<{ url: string; kind: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [sent, setSent] = useState<{ done: number; total: number } | null>(null);
  const id = useId();

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview.url)), [preview]);

  async function choose(file: File) {
    setProblem(null);
    setError(null);
    if (staged) {
      discard(staged.mmsId);
      onStaged(null);
    }
    if (preview) URL.revokeObjectURL(preview.url);
    setPreview(null);
    const max = MESSAGING_LIMITS.mmsMaxBytes;
    if (file.size > max) {
      setProblem(`${file.name} is ${n(file.size)} bytes; an MMS file takes at most ${n(max)}: choose a smaller file.`);
      return;
    }
    if (file.size === 0) {
      setProblem(`${file.name} is empty.`);
      return;
    }
    const kind = file.type.split('/')[0] ?? '';
    if (!['image', 'video', 'audio'].includes(kind)) {
      setProblem(`${file.name} is not an image, video or audio file: an MMS carries one of those.`);
      return;
    }
    setPreview({ url: URL.createObjectURL(file), kind });
    setSent({ done: 0, total: file.size });
    const outcome = await stageMms(file, (done) => setSent({ done, total: file.size }));
    setSent(null);
    if (outcome.ok) onStaged({ mmsId: outcome.value, name: file.name, size: file.size });
    else setError(outcome.error);
  }

  return (
    <div className="mms">
      <label htmlFor={`${id}-file`}>MMS file (image, video or audio, at most 2 MB)</label>{' '}
      <input
        id={`${id}-file`}
        type="file"
        accept="image/*,video/*,audio/*"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void choose(file);
        }}
      />
      {problem && (
        <p className="msg-hint msg-bad" role="alert">
          {problem}
        </p>
      )}
      {error && <ResultNotice line={describeFailure(error)} />}
      {sent && <progress max={sent.total} value={sent.done} aria-label="Preparing the MMS file" />}
      {staged && (
        <p className="msg-hint msg-ok" role="status">
          Attached: {staged.name} ({n(staged.size)} bytes)
        </p>
      )}
      {preview && (
        <figure className="msg-mms-preview" aria-label="MMS preview">
          {preview.kind === 'image' && <img src={preview.url} alt={`Preview of ${staged?.name ?? 'the MMS file'}`} />}
          {preview.kind === 'video' && <video src={preview.url} controls aria-label="Video preview" />}
          {preview.kind === 'audio' && <audio src={preview.url} controls aria-label="Audio preview" />}
        </figure>
      )}
    </div>
  );
}
