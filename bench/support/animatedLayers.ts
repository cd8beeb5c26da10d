// The preview bench's animated case (issue 23): each of the three layers with every
// animatable property keyframed over its whole clip, one easing each (opacity eased in and
// out through a dip, scale, a drift across, a slow turn), and the full-frame layer's
// brightness keyframed too (an effect parameter: the monitor's SVG filter changes every
// frame). What the monitor then works out and applies per frame is what the static case
// leaves alone.
import { LAYOUT } from './previewPages.ts';

/** The commands that animate layer `index`'s clip `clipId` of `lengthMs`, from the placement LAYOUT gives it. */
export function animateLayer(clipId: string, index: number, lengthMs: number): unknown[] {
  const layer = LAYOUT[index % LAYOUT.length]!;
  const x = layer.left + layer.width / 2 - 0.5;
  const keys = (property: string, easing: string, from: number, to: number) => ({
    type: 'setKeyframes',
    clipId,
    property,
    keyframes: [
      { atMs: 0, value: from, easing },
      { atMs: lengthMs, value: to },
    ],
  });
  const commands: unknown[] = [
    {
      type: 'setKeyframes',
      clipId,
      property: 'opacity',
      keyframes: [
        { atMs: 0, value: layer.opacity, easing: 'easeInOut' },
        { atMs: lengthMs / 2, value: layer.opacity * 0.6, easing: 'easeInOut' },
        { atMs: lengthMs, value: layer.opacity },
      ],
    },
    keys('scale', 'easeIn', layer.width, layer.width * 0.85),
    keys('positionX', 'easeOut', x, x + 0.03),
    keys('rotation', 'linear', 0, 6),
  ];
  if (index === 0)
    commands.push(
      { type: 'applyEffect', clipId, effectId: 'brightness', params: { amount: 0 } },
      keys('effect:brightness.amount', 'easeInOut', -0.2, 0.2),
    );
  return commands;
}
