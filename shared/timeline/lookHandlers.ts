// The commands that change how a media clip looks and sounds: its properties, effects, fit
// and the transition it comes in with.
import type { CommandStep } from './commandStep.ts';
import type { CommandOf } from './editorCommands.ts';

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
    entry.clip.properties[name] = value;
  }
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
  s.reshape(entry, (clip) => void clip.effects.splice(at, 1), 'effectId');
}

export function setClipFit(s: CommandStep<CommandOf<'setClipFit'>>): void {
  const entry = s.mediaOf(s.command.clipId);
  if (entry.track.kind !== 'video')
    s.fail('editor.command_invalid', 'fit', `fit does not apply to clips of a ${entry.track.kind} track.`);
  entry.clip.fit = s.command.fit;
}

/** A transition's length when neither the command nor the catalog says. */
const DEFAULT_TRANSITION_MS = 500;

export function setTransition(s: CommandStep<CommandOf<'setTransition'>>): void {
  const { command, catalog } = s;
  const entry = s.mediaOf(command.clipId);
  if (command.transitionId === null) {
    entry.clip.transitionIn = null;
    return;
  }
  const def = catalog?.transitions.find((t) => t.id === command.transitionId);
  if (catalog && !def)
    s.fail(
      'editor.command_invalid',
      'transitionId',
      `unknown transition "${command.transitionId}"; the catalog has ${catalog.transitions.map((t) => t.id).join(', ')}.`,
    );
  const durationMs = command.durationMs ?? def?.defaultDurationMs ?? DEFAULT_TRANSITION_MS;
  if (def && (durationMs < def.minDurationMs || durationMs > def.maxDurationMs))
    s.fail(
      'editor.command_invalid',
      'durationMs',
      `a ${def.id} lasts ${def.minDurationMs} to ${def.maxDurationMs} ms.`,
    );
  entry.clip.transitionIn = { transitionId: command.transitionId, durationMs };
  s.checkTransitionFits(entry.clip, 'durationMs');
}
