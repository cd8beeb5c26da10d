// The Inspector's rows of clip properties from the catalog, one per property: the value the
// selected clips share at the playhead (keyframed ones by their curve), keyframe buttons when
// one clip is selected, and a commit that is one edit for every clip the property applies to.
// The Properties section and the Crop section are both made of these rows.
import type { Catalog, MediaClip, Track } from '../../../shared/timeline/timelineTypes.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { NumberSetting } from './InspectorFields.tsx';
import { KeyframeButtons, keyframedCommit, shownValue } from './InspectorKeyframes.tsx';
import { common, labelOf } from './inspectorValues.ts';
import { applyToSelection } from './timelineActions.ts';

type MediaItem = { readonly clip: MediaClip; readonly track: Track };
type PropertyDef = Catalog['properties'][number];

export function PropertyRows({ defs, items }: { defs: readonly PropertyDef[]; items: readonly MediaItem[] }) {
  const playheadMs = useTimelineView((s) => s.playheadMs);
  return defs.map((def) => {
    const label = labelOf(def);
    const takes = items.filter((i) => def.appliesTo.includes(i.track.kind));
    const only = takes.length === 1 && def.animatable ? takes[0]!.clip : null;
    const value = common(takes.map((i) => shownValue(i.clip, def.name, def.default, playheadMs)));
    return (
      <NumberSetting
        key={def.name}
        def={def}
        label={label}
        value={value === undefined ? def.default : value}
        adornment={only && <KeyframeButtons clip={only} property={def.name} label={label} fallback={def.default} />}
        onCommit={(next) =>
          applyToSelection(`Set ${label.toLowerCase()}`, ({ clip, track }) =>
            clip.kind === 'media' && def.appliesTo.includes(track.kind)
              ? (keyframedCommit(clip, def.name, next) ?? {
                  type: 'setClipProperties',
                  clipId: clip.id,
                  properties: { [def.name]: next },
                })
              : null,
          )
        }
      />
    );
  });
}
