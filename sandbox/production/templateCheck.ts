// What a template must satisfy before it is published: every binding names a slot, a clip
// of the frozen timeline and a property that clip has and the slot's type can set; no
// clip property is bound twice; and every default fits its slot.
import { ApiError } from '../http/apiError.ts';
import { PROPERTIES } from '../editor/editorCatalog.ts';
import type { Clip, Track } from '../editor/timelineSchemas.ts';
import { checkValue, TRACK_ACCEPTS, type AssetLookup } from './slotValues.ts';
import type { TemplateBody } from './templateSchemas.ts';

function invalid(field: string, message: string): ApiError {
  return new ApiError('template.invalid', `${field}: ${message} Nothing was published.`, { details: { field } });
}

export function checkTemplate(body: TemplateBody, tracks: Track[], asset: AssetLookup): void {
  const clips = new Map<string, { clip: Clip; track: Track }>();
  for (const track of tracks) for (const clip of track.clips) clips.set(clip.id, { clip, track });
  if (clips.size === 0)
    throw invalid(
      'projectId',
      `project ${body.projectId}'s timeline has no clips: add the clips the template is made of, then publish it.`,
    );

  const bound = new Set<string>();
  body.bindings.forEach((binding, i) => {
    const at = `bindings[${i}]`;
    const slot = body.slots.find((s) => s.name === binding.slot);
    if (!slot)
      throw invalid(
        `${at}.slot`,
        `there is no slot "${binding.slot}"; the slots are ${body.slots.map((s) => s.name).join(', ')}.`,
      );
    const entry = clips.get(binding.clipId);
    if (!entry)
      throw invalid(`${at}.clipId`, `there is no clip ${binding.clipId} on project ${body.projectId}'s timeline.`);
    const { clip, track } = entry;
    const key = `${binding.clipId} ${binding.property}`;
    if (bound.has(key))
      throw invalid(
        `${at}.property`,
        `${binding.property} of clip ${binding.clipId} is already bound to a slot; bind each clip property once.`,
      );
    bound.add(key);
    const mismatch = (why: string) => invalid(`${at}.property`, `slot "${slot.name}" is ${slot.type}: ${why}`);

    if (binding.property === 'text') {
      if (clip.kind !== 'caption')
        throw invalid(`${at}.property`, `clip ${clip.id} is media; "text" binds to a caption clip.`);
      if (slot.type !== 'text') throw mismatch("a caption's text takes a text slot.");
    } else if (binding.property === 'asset') {
      if (clip.kind !== 'media')
        throw invalid(
          `${at}.property`,
          `clip ${clip.id} is a caption; "asset" binds to a media clip (use "text" for a caption).`,
        );
      if (slot.type !== 'image' && slot.type !== 'video' && slot.type !== 'audio')
        throw mismatch("a clip's asset takes an image, video or audio slot.");
      if (!TRACK_ACCEPTS[track.kind].includes(slot.type)) {
        throw mismatch(
          `clip ${clip.id} is on ${track.kind} track "${track.name}", which shows ${TRACK_ACCEPTS[track.kind].join(' or ')}.`,
        );
      }
    } else {
      const name = binding.property.slice('properties.'.length);
      const def = PROPERTIES.find((p) => p.name === name);
      if (!def)
        throw invalid(
          `${at}.property`,
          `there is no clip property "${name}"; the catalog has ${PROPERTIES.map((p) => p.name).join(', ')}.`,
        );
      if (clip.kind !== 'media' || !def.appliesTo.includes(track.kind))
        throw invalid(
          `${at}.property`,
          `${name} does not apply to clip ${clip.id} (on ${track.kind} track "${track.name}").`,
        );
      if (slot.type !== 'number') throw mismatch(`a clip property is a number and takes a number slot.`);
    }
  });

  body.slots.forEach((slot, i) => {
    if (slot.default === undefined) return;
    const problem = checkValue(slot, slot.default, body.bindings, asset);
    if (problem) throw invalid(`slots[${i}].default`, problem);
  });
}
