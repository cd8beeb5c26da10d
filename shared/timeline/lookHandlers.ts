// The commands that change how a media clip looks and sounds: its properties, effects, fit
// and the transitions it comes in and goes out with.
import { checkCrossfade, CROSSFADE } from './crossfade.ts';
import { setKeyframesOf, type CommandStep } from './commandStep.ts';
import { FADE_PROPERTIES } from './timelineRules.ts';
import { cropOverlap, isCropProperty } from './crop.ts';
import type { CommandOf } from './editorCommands.ts';
import type { MediaClip } from './timelineTypes.ts';

export function setClipProperties(s: CommandStep<CommandOf<'setClipProperties'>>): void {
  const { command, catalog } = s;
  const entry = s.mediaOf(command.clipId);
  for (const [name, value] of Object.entries(command.properties)) {
    const field = `properties.${name}`;
    const def = catalog?.properties.find((p) => p.name === name);
    if (catalog && !def)
      s.fail(
        'editor.command_invalid',
        field,
        `there is no clip property "${name}"; the catalog has ${catalog.properties.map((p) => p.name).join(', ')}.`,
      );
    if (def && !def.appliesTo.includes(entry.track.kind))
      s.fail('editor.command_invalid', field, `${name} does not apply to clips of a ${entry.track.kind} track.`);
    if (def && (value < def.min || value > def.max))
      s.fail(
        'editor.command_invalid',
        field,
        `${value} is outside ${def.min} to ${def.max}.`,
        `${def.label ?? name} must be from ${def.min} to ${def.max}.`,
      );
    const length = entry.clip.endMs - entry.clip.startMs;
    if (FADE_PROPERTIES.has(name) && (value < 0 || value > length))
      s.fail('editor.command_invalid', field, `a fade lasts 0 to the clip's length (${length} ms), not ${value} ms.`);
    if (name === 'reverse' && value !== 0 && value !== 1)
      s.fail('editor.command_invalid', field, 'reverse is 1 (play backwards) or 0 (forwards).');
    entry.clip.properties[name] = value;
  }
  const cropped = Object.keys(command.properties).find(isCropProperty);
  if (cropped) checkCrop(s, entry.clip, `properties.${cropped}`);
  s.checkTransitionFits(entry.clip, 'properties');
}

/** Refuses a crop whose opposite sides leave nothing of the picture at some moment of the clip. */
export function checkCrop(s: CommandStep, clip: MediaClip, field: string): void {
  const overlap = cropOverlap(clip, clip.endMs - clip.startMs);
  if (!overlap) return;
  const [a, b] = overlap.pair;
  const [va, vb] = overlap.values.map((v) => Math.round(v * 1e4) / 1e4);
  s.fail(
    'editor.command_invalid',
    field,
    `${a} + ${b} must stay below 1 (some of the picture must show); at ${overlap.atMs} ms of clip ${clip.id} they are ${va} + ${vb}.`,
    `The crop would leave nothing of the picture: ${a === 'cropLeft' ? 'left and right' : 'top and bottom'} together must stay below 100%.`,
  );
}

export function applyEffect(s: CommandStep<CommandOf<'applyEffect'>>): void {
  const { command, catalog } = s;
  const entry = s.mediaOf(command.clipId);
  const def = catalog?.effects.find((e) => e.id === command.effectId);
  if (catalog && !def)
    s.fail(
      'editor.command_invalid',
      'effectId',
      `unknown effect "${command.effectId}"; the catalog has ${catalog.effects.map((e) => e.id).join(', ')}.`,
    );
  if (def && !def.appliesTo.includes(entry.track.kind))
    s.fail('editor.command_invalid', 'effectId', `${def.id} does not apply to clips of a ${entry.track.kind} track.`);
  const existing = entry.clip.effects.find((e) => e.effectId === command.effectId);
  const params: Record<string, number> = {
    ...Object.fromEntries((def?.params ?? []).map((p) => [p.name, p.default])),
    ...existing?.params,
  };
  for (const [name, value] of Object.entries(command.params ?? {})) {
    const field = `params.${name}`;
    const param = def?.params.find((p) => p.name === name);
    if (def && !param)
      s.fail(
        'editor.command_invalid',
        field,
        `${def.id} has no parameter "${name}"; it takes ${def.params.map((p) => p.name).join(', ')}.`,
      );
    if (param && (value < param.min || value > param.max))
      s.fail(
        'editor.command_invalid',
        field,
        `${value} is outside ${param.min} to ${param.max}.`,
        `${param.label ?? name} must be from ${param.min} to ${param.max}.`,
      );
    params[name] = value;
  }
  s.reshape(
    entry,
    (clip) => {
      if (existing) existing.params = params;
      else clip.effects.push({ effectId: command.effectId, params });
    },
    'params',
  );
}

export function removeEffect(s: CommandStep<CommandOf<'removeEffect'>>): void {
  const { command } = s;
  const entry = s.mediaOf(command.clipId);
  const at = entry.clip.effects.findIndex((e) => e.effectId === command.effectId);
  if (at < 0)
    s.fail(
      'editor.target_not_found',
      'effectId',
      `clip ${entry.clip.id} has no ${command.effectId} effect.`,
      `The clip has no ${command.effectId} effect.`,
    );
  s.reshape(
    entry,
    (clip) => {
      clip.effects.splice(at, 1);
      // Its parameters' keyframes go with it.
      const prefix = `effect:${command.effectId}.`;
      const kept = Object.entries(clip.keyframes ?? {}).filter(([property]) => !property.startsWith(prefix));
      setKeyframesOf(clip, Object.fromEntries(kept));
    },
    'effectId',
  );
}

export function setClipFit(s: CommandStep<CommandOf<'setClipFit'>>): void {
  const entry = s.mediaOf(s.command.clipId);
  if (entry.track.kind !== 'video')
    s.fail('editor.command_invalid', 'fit', `fit does not apply to clips of a ${entry.track.kind} track.`);
  entry.clip.fit = s.command.fit;
}

/** A transition's length when neither the command nor the catalog says. */
const DEFAULT_TRANSITION_MS = 500;

/** The transitions that may end a clip (wipe and slide come in over the clip before). */
export const OUT_TRANSITIONS: ReadonlySet<string> = new Set(['fade', 'dissolve', 'crossfade']);

export function setTransition(s: CommandStep<CommandOf<'setTransition'>>): void {
  const { command, catalog } = s;
  const entry = s.mediaOf(command.clipId);
  const edge = command.edge ?? 'in';
  if (command.transitionId === null) {
    if (edge === 'in') entry.clip.transitionIn = null;
    else delete entry.clip.transitionOut;
    return;
  }
  const def = catalog?.transitions.find((t) => t.id === command.transitionId);
  if (catalog && !def)
    s.fail(
      'editor.command_invalid',
      'transitionId',
      `unknown transition "${command.transitionId}"; the catalog has ${catalog.transitions.map((t) => t.id).join(', ')}.`,
    );
  if (edge === 'out' && !OUT_TRANSITIONS.has(command.transitionId))
    s.fail(
      'editor.command_invalid',
      'edge',
      `${command.transitionId} comes in over the clip before; a clip goes out with ${[...OUT_TRANSITIONS].join(', ')}.`,
    );
  const durationMs = command.durationMs ?? def?.defaultDurationMs ?? DEFAULT_TRANSITION_MS;
  if (def && (durationMs < def.minDurationMs || durationMs > def.maxDurationMs))
    s.fail(
      'editor.command_invalid',
      'durationMs',
      `a ${def.id} lasts ${def.minDurationMs} to ${def.maxDurationMs} ms.`,
    );
  if (command.transitionId === CROSSFADE) checkCrossfade(s, entry.clip, edge, durationMs, 'durationMs');
  const transition = { transitionId: command.transitionId, durationMs };
  if (edge === 'in') entry.clip.transitionIn = transition;
  else entry.clip.transitionOut = transition;
  s.checkTransitionFits(entry.clip, 'durationMs');
}
