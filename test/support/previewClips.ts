// A media clip as the monitor's unit tests build them: one second of asset 1 unless told
// otherwise, a fresh id each time.
import type { MediaClip } from '../../shared/timeline/timelineTypes.ts';

let made = 0;

export function mediaClip(startMs: number, endMs: number, extra: Partial<MediaClip> = {}): MediaClip {
  return {
    id: `m${++made}`,
    kind: 'media',
    assetId: 1,
    startMs,
    endMs,
    inMs: 0,
    outMs: endMs - startMs,
    properties: {},
    effects: [],
    transitionIn: null,
    ...extra,
  };
}
