// The frame shapes a project can take, offered by "Change shape…" and "Make a copy in another
// shape…" alike: one radio group, the project's present shape marked.
import { RadioGroup } from '../components/RadioGroup.tsx';

export const REFRAME_SHAPES = [
  { ratio: '9:16', label: '9:16 vertical (Shorts, TikTok, Reels)' },
  { ratio: '1:1', label: '1:1 square' },
  { ratio: '4:5', label: '4:5 portrait (feeds)' },
  { ratio: '16:9', label: '16:9 widescreen (YouTube)' },
] as const;

export type ReframeShape = (typeof REFRAME_SHAPES)[number]['ratio'];

/** The first shape that is not `current`: what a dialog offers before the user chooses. */
export const otherShape = (current: string): ReframeShape => REFRAME_SHAPES.find((s) => s.ratio !== current)!.ratio;

export function ShapeChoice({
  current,
  value,
  onChange,
}: {
  /** The project's shape now. */
  current: string;
  value: ReframeShape;
  onChange: (shape: ReframeShape) => void;
}) {
  return (
    <RadioGroup
      legend="Shape"
      value={value}
      onChange={onChange}
      options={REFRAME_SHAPES.map((shape) => ({
        value: shape.ratio,
        label: shape.ratio === current ? `${shape.label} (its shape now)` : shape.label,
      }))}
    />
  );
}
