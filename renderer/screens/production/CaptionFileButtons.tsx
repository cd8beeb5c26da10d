// "Save captions as SRT / WebVTT": the timeline's captions (every caption track, in time
// order), timed to the timeline, written by the same code the local service serves them
// with (shared/production/captionFiles.ts) and saved by the page as a file.
import { Download } from 'lucide-react';
import {
  CAPTION_FILE_TYPES,
  captionCues,
  captionFile,
  type CaptionFileFormat,
} from '../../../shared/production/captionFiles.ts';
import type { Timeline } from '../../../shared/timeline/timelineTypes.ts';
import { saveFile } from '../../client/saveFile.ts';
import { Button } from '../../components/Button.tsx';

export function CaptionFileButtons({ timeline, baseName }: { timeline: Timeline; baseName: string }) {
  const cues = captionCues(timeline.tracks);
  const save = (format: CaptionFileFormat) =>
    saveFile({
      filename: `${baseName}.${format}`,
      contentType: CAPTION_FILE_TYPES[format],
      text: captionFile(cues, format),
    });
  return (
    <div className="pr-export-captions" role="group" aria-label="Captions as a file">
      <Button size="sm" icon={Download} onClick={() => save('srt')} disabled={cues.length === 0}>
        Save captions as SRT
      </Button>
      <Button size="sm" icon={Download} onClick={() => save('vtt')} disabled={cues.length === 0}>
        Save captions as WebVTT
      </Button>
      <span className="pr-muted">
        {cues.length === 0
          ? 'The timeline has no captions.'
          : `${cues.length} ${cues.length === 1 ? 'caption' : 'captions'}, timed to the timeline.`}
      </span>
    </div>
  );
}
