// The two-up view: while a trim tool's drag is under way, the monitor shows the two frames at
// the edit point side by side (a roll's outgoing and incoming frames, a slip's new first and
// last frames, a slide's neighbours where they now meet, a ripple's edge and its neighbour),
// each a still of its media seeked to that moment, labelled with its timecode.
import { useEffect, useRef } from 'react';
import { usePreviewMedia } from '../../stores/previewMediaStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import type { TwoUpSide } from '../../model/timeline/twoUp.ts';
import { formatTimecode } from '../../model/timeline/timelineGeometry.ts';

function Still({ side }: { side: TwoUpSide | null }) {
  const video = useRef<HTMLVideoElement>(null);
  const media = usePreviewMedia((s) => (side ? s.media.get(side.assetId) : undefined));
  useEffect(() => {
    if (side) usePreviewMedia.getState().want([side.assetId]);
  }, [side?.assetId]);
  useEffect(() => {
    const element = video.current;
    if (element && side) element.currentTime = side.sourceMs / 1000;
  }, [side?.sourceMs, media?.url]);
  if (!side) return <figure className="tl-twoup-side is-empty" aria-label="No clip on this side" />;
  const name = `${side.label} ${formatTimecode(side.sourceMs)}`;
  return (
    <figure className="tl-twoup-side" aria-label={name}>
      {media?.url &&
        (media.info?.kind === 'image' ? (
          <img src={media.url} alt="" />
        ) : (
          <video ref={video} src={media.url} muted preload="auto" aria-hidden="true" />
        ))}
      <figcaption>{name}</figcaption>
    </figure>
  );
}

export function TwoUp() {
  const twoUp = useTimelineView((s) => s.drag?.twoUp ?? null);
  if (!twoUp) return null;
  return (
    <div className="tl-twoup" role="group" aria-label="Frames at the edit point">
      <Still side={twoUp[0]} />
      <Still side={twoUp[1]} />
    </div>
  );
}
