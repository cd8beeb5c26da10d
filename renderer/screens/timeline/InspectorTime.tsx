// The Inspector's settings of a clip's ends and time: fades of picture and sound (shown in
// seconds, kept in ms), playing backwards, and a freeze frame at the playhead.
import { useState } from 'react';
import type { Catalog, MediaClip, Track } from '../../../shared/timeline/timelineTypes.ts';
import { Button } from '../../components/Button.tsx';
import { NumberSetting } from './InspectorFields.tsx';
import { common } from './inspectorValues.ts';
import { applyToSelection, freezeFrameAtPlayhead } from './timelineActions.ts';

type MediaItem = { readonly clip: MediaClip; readonly track: Track };

/** Shown in this section, not among the properties. */
export const TIME_PROPERTIES = new Set(['fadeInMs', 'fadeOutMs', 'audioFadeInMs', 'audioFadeOutMs', 'reverse']);
const FADES = ['fadeInMs', 'fadeOutMs', 'audioFadeInMs', 'audioFadeOutMs'] as const;

const seconds = (ms: number) => Math.round(ms) / 1000;

export function Fades({ catalog, items }: { catalog: Catalog; items: readonly MediaItem[] }) {
  const defs = FADES.map((name) => catalog.properties.find((p) => p.name === name)).filter(
    (def) => def && items.some((i) => def.appliesTo.includes(i.track.kind)),
  );
  if (defs.length === 0) return null;
  const longest = Math.max(...items.map((i) => i.clip.endMs - i.clip.startMs));
  return (
    <section className="tl-inspector-section" aria-label="Fades">
      <h3>Fades</h3>
      <div className="tl-setting-grid">
        {defs.map((def) => {
          const takes = items.filter((i) => def!.appliesTo.includes(i.track.kind));
          return (
            <NumberSetting
              key={def!.name}
              def={{
                min: 0,
                max: seconds(longest),
                default: 0,
                unit: 'seconds',
                description: def!.description,
              }}
              label={def!.label ?? def!.name}
              value={common(takes.map((i) => seconds(i.clip.properties[def!.name] ?? 0))) ?? null}
              onCommit={(value) =>
                applyToSelection(`Set ${(def!.label ?? def!.name).toLowerCase()}`, ({ clip, track }) =>
                  clip.kind === 'media' && def!.appliesTo.includes(track.kind)
                    ? {
                        type: 'setClipProperties',
                        clipId: clip.id,
                        properties: { [def!.name]: Math.min(Math.round(value * 1000), clip.endMs - clip.startMs) },
                      }
                    : null,
                )
              }
            />
          );
        })}
      </div>
    </section>
  );
}

export function TimeSettings({ catalog, items }: { catalog: Catalog; items: readonly MediaItem[] }) {
  const [holdSeconds, setHoldSeconds] = useState(2);
  const reversible = catalog.properties.some((p) => p.name === 'reverse');
  const reversed = common(items.map((i) => (i.clip.properties.reverse ?? 0) >= 0.5));
  const video = items.some((i) => i.track.kind === 'video');
  return (
    <section className="tl-inspector-section" aria-label="Reverse and freeze frame">
      <h3>Reverse and freeze frame</h3>
      {reversible && (
        <label className="tl-check">
          <input
            type="checkbox"
            checked={reversed === true}
            ref={(box) => {
              if (box) box.indeterminate = reversed === null;
            }}
            onChange={(e) =>
              applyToSelection(e.target.checked ? 'Reverse' : 'Play forwards', ({ clip }) =>
                clip.kind === 'media'
                  ? { type: 'setClipProperties', clipId: clip.id, properties: { reverse: e.target.checked ? 1 : 0 } }
                  : null,
              )
            }
          />
          Play backwards (reverse)
        </label>
      )}
      {video && (
        <div className="tl-freeze">
          <NumberSetting
            def={{ min: 0.1, max: 60, default: 2, unit: 'seconds', description: 'How long the frame is held.' }}
            label="Freeze length"
            value={holdSeconds}
            onCommit={setHoldSeconds}
          />
          <Button size="sm" onClick={() => freezeFrameAtPlayhead(holdSeconds * 1000)}>
            Freeze frame at playhead
          </Button>
        </div>
      )}
    </section>
  );
}
