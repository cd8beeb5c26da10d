// The commands of change over time: setKeyframes (a property's curve over a clip) and
// freezeFrame (a clip cut at a moment, that moment's picture held, the rest of the track
// moved later to make room).
import { setKeyframesOf, type CommandStep } from './commandStep.ts';
import { splitMedia, sourceCut } from './clipHandlers.ts';
import type { CommandOf } from './editorCommands.ts';
import { KEYFRAMES_MAX, parseEffectProperty, valueAt, type Keyframe } from './keyframes.ts';
import { ANIMATABLE_PROPERTIES } from './timelineRules.ts';
import { isCropProperty } from './crop.ts';
import { checkCrop } from './lookHandlers.ts';
import type { MediaClip } from './timelineTypes.ts';

/** The range of a keyframed property on this clip (null: not known here, the service decides). */
function rangeOf(
  s: CommandStep<CommandOf<'setKeyframes'>>,
  clip: MediaClip,
  trackKind: string,
): [number, number] | null {
  const { property } = s.command;
  const effect = parseEffectProperty(property);
  if (effect) {
    if (!clip.effects.some((e) => e.effectId === effect.effectId))
      s.fail(
        'editor.command_invalid',
        'property',
        `clip ${clip.id} has no ${effect.effectId} effect; apply it (applyEffect) before animating its parameters.`,
      );
    if (effect.effectId === 'speed')
      s.fail('editor.command_invalid', 'property', "speed sets the clip's length and cannot change over it.");
    const def = s.catalog?.effects.find((e) => e.id === effect.effectId);
    const param = def?.params.find((p) => p.name === effect.param);
    if (def && !param)
      s.fail(
        'editor.command_invalid',
        'property',
        `${def.id} has no parameter "${effect.param}"; it takes ${def.params.map((p) => p.name).join(', ')}.`,
      );
    return param ? [param.min, param.max] : null;
  }
  if (!ANIMATABLE_PROPERTIES.has(property))
    s.fail(
      'editor.command_invalid',
      'property',
      `"${property}" cannot be keyframed; animate ${[...ANIMATABLE_PROPERTIES].join(', ')} or an effect parameter as effect:<effectId>.<param>.`,
    );
  const def = s.catalog?.properties.find((p) => p.name === property);
  if (def && !def.appliesTo.includes(trackKind))
    s.fail('editor.command_invalid', 'property', `${property} does not apply to clips of a ${trackKind} track.`);
  return def ? [def.min, def.max] : null;
}

export function setKeyframes(s: CommandStep<CommandOf<'setKeyframes'>>): void {
  const { command } = s;
  const entry = s.mediaOf(command.clipId);
  const { clip } = entry;
  const range = rangeOf(s, clip, entry.track.kind);
  if (command.keyframes.length > KEYFRAMES_MAX)
    s.fail('editor.command_invalid', 'keyframes', `a property holds at most ${KEYFRAMES_MAX} keyframes.`);
  const length = clip.endMs - clip.startMs;
  const list: Keyframe[] = command.keyframes
    .map((k) => ({ atMs: k.atMs, value: k.value, easing: k.easing ?? 'linear' }))
    .sort((a, b) => a.atMs - b.atMs);
  list.forEach((k, i) => {
    const field = `keyframes[${command.keyframes.findIndex((c) => c.atMs === k.atMs)}]`;
    if (k.atMs > length)
      s.fail(
        'editor.command_invalid',
        field,
        `atMs ${k.atMs} is past the clip's end: keyframes count from its start and it lasts ${length} ms.`,
      );
    if (i > 0 && list[i - 1]!.atMs === k.atMs)
      s.fail('editor.command_invalid', field, `two keyframes at ${k.atMs} ms; keep one per moment.`);
    if (range && (k.value < range[0] || k.value > range[1]))
      s.fail('editor.command_invalid', field, `value ${k.value} is outside ${range[0]} to ${range[1]}.`);
  });
  const keyframes = { ...clip.keyframes };
  if (list.length > 0) keyframes[command.property] = list;
  else delete keyframes[command.property];
  setKeyframesOf(clip, keyframes);
  if (isCropProperty(command.property)) checkCrop(s, clip, 'keyframes');
}

export function freezeFrame(s: CommandStep<CommandOf<'freezeFrame'>>): void {
  const { command, index } = s;
  const entry = s.mediaOf(command.clipId);
  const { clip, track } = entry;
  if (track.kind !== 'video')
    s.fail('editor.command_invalid', 'clipId', 'a freeze frame holds a picture: choose a clip on a video track.');
  if (command.atMs <= clip.startMs || command.atMs >= clip.endMs)
    s.fail(
      'editor.command_invalid',
      'atMs',
      `${command.atMs} ms is not inside clip ${clip.id} (${clip.startMs}–${clip.endMs} ms).`,
    );
  const cut = sourceCut(s, clip, command.atMs);
  const t = command.atMs - clip.startMs;
  const rightId = s.freshClipId(command.newClipId, 'newClipId');
  // The held picture looks as the clip does at that moment: each keyframed value made static.
  const held: MediaClip = {
    id: '',
    kind: 'media',
    assetId: clip.assetId,
    startMs: command.atMs,
    endMs: command.atMs + command.durationMs,
    inMs: cut,
    outMs: cut + 1,
    properties: { ...clip.properties, fadeInMs: 0, fadeOutMs: 0, audioFadeInMs: 0, audioFadeOutMs: 0, reverse: 0 },
    effects: clip.effects
      .filter((e) => e.effectId !== 'speed')
      .map((e) => ({
        effectId: e.effectId,
        params: Object.fromEntries(
          Object.entries(e.params).map(([name, v]) => [
            name,
            valueAt(clip.keyframes?.[`effect:${e.effectId}.${name}`], v, t),
          ]),
        ),
      })),
    transitionIn: null,
    freezeMs: command.durationMs,
    ...(clip.fit && { fit: clip.fit }),
  };
  for (const [property, list] of Object.entries(clip.keyframes ?? {}))
    if (!property.startsWith('effect:')) held.properties[property] = valueAt(list, 0, t);
  const at = index.unplace(clip);
  const right = splitMedia(s, clip, command.atMs, rightId);
  s.checkTransitionFits(clip, 'atMs');
  s.checkTransitionFits(right, 'atMs');
  // Everything after the cut on this track moves later by the hold (the right part is placed after).
  index.shiftFrom(track, at, command.durationMs);
  right.startMs += command.durationMs;
  right.endMs += command.durationMs;
  const last = track.clips.at(-1);
  const most = s.limit('timelineMaxMs');
  if (last && last.endMs > most)
    s.fail(
      'editor.command_invalid',
      'durationMs',
      `the hold would push clip ${last.id} past the timeline's end of ${most} ms.`,
    );
  if (command.freezeClipId !== undefined && command.freezeClipId === rightId)
    s.fail('editor.command_invalid', 'freezeClipId', 'freezeClipId and newClipId must differ.');
  held.id = s.freshClipId(command.freezeClipId, 'freezeClipId');
  s.put(track, clip, 'atMs');
  s.put(track, held, 'atMs');
  s.put(track, right, 'atMs');
}
