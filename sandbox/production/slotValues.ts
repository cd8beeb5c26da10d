// A variant's values checked against the template's slots, and then bound onto a copy of
// the template's tracks. Every problem becomes a {slot, message} error rather than a
// thrown one, so a dry run can report them all, variant by variant.
import { EDITOR_LIMITS } from '../../shared/limits.ts';
import { mediaLength } from '../../shared/timeline/timelineRules.ts';
import { PROPERTIES } from '../editor/editorCatalog.ts';
import type { Clip, MediaClip, Track } from '../editor/timelineSchemas.ts';
import { COLOR_PATTERN, type Binding, type Slot, type SlotError } from './templateSchemas.ts';

export interface MediaFacts {
  kind: 'image' | 'video' | 'audio';
  durationMs: number | null;
}

/** The account's asset by ID, or undefined when it has none. */
export type AssetLookup = (id: number) => MediaFacts | undefined;

/** Which media kinds a clip of each track kind can show (as the editor's addClip takes them). */
export const TRACK_ACCEPTS: Record<Track['kind'], readonly string[]> = {
  video: ['video', 'image'],
  audio: ['audio', 'video'],
  caption: [],
};

const propertyDef = (property: string) => PROPERTIES.find((p) => `properties.${p.name}` === property);

/** A number slot's allowed range: its own constraints, narrowed by every property it sets. */
function numberRange(slot: Slot & { type: 'number' }, bindings: Binding[]): { min: number; max: number } {
  let min = slot.constraints?.min ?? -Infinity;
  let max = slot.constraints?.max ?? Infinity;
  for (const binding of bindings) {
    const def = binding.slot === slot.name ? propertyDef(binding.property) : undefined;
    if (def) {
      min = Math.max(min, def.min);
      max = Math.min(max, def.max);
    }
  }
  return { min, max };
}

/** Why `value` does not fit the slot, or null when it does. */
export function checkValue(slot: Slot, value: unknown, bindings: Binding[], asset: AssetLookup): string | null {
  switch (slot.type) {
    case 'text': {
      if (typeof value !== 'string') return `must be text (a string), not ${describe(value)}.`;
      const max = slot.constraints?.maxLength ?? EDITOR_LIMITS.captionTextMax;
      if (value.length > max) return `is ${value.length} characters long; this slot takes at most ${max}.`;
      const captioned = bindings.some((b) => b.slot === slot.name && b.property === 'text');
      if (captioned && value.trim() === '') return 'must not be empty: it becomes a caption.';
      return null;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `must be a number, not ${describe(value)}.`;
      const { min, max } = numberRange(slot, bindings);
      if (value < min || value > max) return `${value} is outside ${min} to ${max}.`;
      return null;
    }
    case 'color':
      if (typeof value !== 'string' || !COLOR_PATTERN.test(value))
        return `must be a colour written #RRGGBB (like #1A73E8), not ${describe(value)}.`;
      return null;
    case 'image':
    case 'video':
    case 'audio': {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
        return `must be the ID of a ${slot.type} asset (a whole number), not ${describe(value)}.`;
      const facts = asset(value);
      if (!facts) return `there is no asset ${value} in this account.`;
      if (facts.kind !== slot.type)
        return `asset ${value} is ${article(facts.kind)} ${facts.kind}; this slot takes ${article(slot.type)} ${slot.type}.`;
      const maxMs = 'constraints' in slot ? slot.constraints?.maxDurationMs : undefined;
      if (maxMs !== undefined && facts.durationMs !== null && facts.durationMs > maxMs)
        return `asset ${value} lasts ${facts.durationMs} ms; this slot takes at most ${maxMs} ms.`;
      return null;
    }
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

export interface CheckedVariant {
  errors: SlotError[];
  /** slot name → the value to bind: given, or the slot's default. Slots with neither are absent. */
  values: Record<string, unknown>;
}

/** Checks one variant's values: unknown slots, missing required ones, and each value against its slot. */
export function checkVariant(
  slots: Slot[],
  bindings: Binding[],
  given: Record<string, unknown>,
  asset: AssetLookup,
): CheckedVariant {
  const errors: SlotError[] = [];
  const values: Record<string, unknown> = {};
  const names = slots.map((s) => s.name);
  for (const key of Object.keys(given)) {
    if (!names.includes(key))
      errors.push({
        slot: key,
        message: `there is no slot "${key}" in this template version; its slots are ${names.join(', ')}.`,
      });
  }
  for (const slot of slots) {
    const value = Object.hasOwn(given, slot.name) && given[slot.name] !== null ? given[slot.name] : undefined;
    if (value === undefined) {
      if (slot.required)
        errors.push({ slot: slot.name, message: `is required: give ${article(slot.type)} ${slot.type} value.` });
      else if (slot.default !== undefined) values[slot.name] = slot.default;
      continue;
    }
    const problem = checkValue(slot, value, bindings, asset);
    if (problem) errors.push({ slot: slot.name, message: problem });
    else values[slot.name] = value;
  }
  return { errors, values };
}

/**
 * Writes checked values onto the tracks (a copy the caller owns). A new media asset starts
 * at its beginning and keeps the clip's length, or ends early when the media is shorter, so
 * the clip never grows into the next one.
 */
export function bindVariant(
  tracks: Track[],
  bindings: Binding[],
  values: Record<string, unknown>,
  asset: AssetLookup,
): SlotError[] {
  const errors: SlotError[] = [];
  const clips = new Map<string, Clip>();
  for (const track of tracks) for (const clip of track.clips) clips.set(clip.id, clip);
  for (const binding of bindings) {
    if (!Object.hasOwn(values, binding.slot)) continue;
    const value = values[binding.slot];
    const clip = clips.get(binding.clipId)!;
    if (binding.property === 'text' && clip.kind === 'caption') {
      clip.text = (value as string).trim();
    } else if (binding.property === 'asset' && clip.kind === 'media') {
      const facts = asset(value as number)!;
      const problem = replaceMedia(clip, value as number, facts);
      if (problem) errors.push({ slot: binding.slot, message: problem });
    } else if (clip.kind === 'media') {
      clip.properties[binding.property.slice('properties.'.length)] = value as number;
    }
  }
  return errors;
}

function replaceMedia(clip: MediaClip, assetId: number, facts: MediaFacts): string | null {
  const length = clip.outMs - clip.inMs;
  clip.assetId = assetId;
  clip.inMs = 0;
  clip.outMs = facts.kind === 'image' || facts.durationMs === null ? length : Math.min(length, facts.durationMs);
  clip.endMs = clip.startMs + mediaLength(clip);
  const lasts = clip.endMs - clip.startMs;
  if (clip.transitionIn && clip.transitionIn.durationMs > lasts) {
    return `asset ${assetId} makes clip ${clip.id} last ${lasts} ms, shorter than its ${clip.transitionIn.durationMs} ms transition: give longer media.`;
  }
  return null;
}
