// Linked clips (a picture and its sound): clips that share a linkId act together. linkClips
// gives clips one link, unlinkClips takes them out of theirs. A split keeps links: the left
// part keeps the clip's link and the right part gets the link derived from it and the cut's
// time, so splitting each linked clip at the same moment leaves the left parts linked to
// each other and the right parts to each other (the app and the service derive the same ID).
import type { CommandStep } from './commandStep.ts';
import type { CommandOf } from './editorCommands.ts';

function distinct(s: CommandStep, clipIds: readonly string[]): void {
  const seen = new Set<string>();
  clipIds.forEach((id, k) => {
    if (seen.has(id))
      s.fail('editor.command_invalid', `clipIds[${k}]`, `clip ${id} is named twice; name each clip once.`);
    seen.add(id);
  });
}

export function linkClips(s: CommandStep<CommandOf<'linkClips'>>): void {
  const { clipIds, linkId } = s.command;
  distinct(s, clipIds);
  if (clipIds.length < 2 && linkId === undefined)
    s.fail(
      'editor.command_invalid',
      'clipIds',
      'name at least two clips to link (or give linkId to add one clip to an existing link).',
      'Select at least two clips to link.',
    );
  const link = linkId ?? s.ctx.newId();
  clipIds.forEach((id, k) => {
    s.clipOf(id, `clipIds[${k}]`).clip.linkId = link;
  });
}

export function unlinkClips(s: CommandStep<CommandOf<'unlinkClips'>>): void {
  const { clipIds } = s.command;
  distinct(s, clipIds);
  clipIds.forEach((id, k) => {
    delete s.clipOf(id, `clipIds[${k}]`).clip.linkId;
  });
}

/** 32-bit FNV-1a of `text`, started from `seed`. */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The link of the right part of a clip of link `linkId` cut at `atMs`: a UUID, the same wherever it is worked out. */
export function linkAfterSplit(linkId: string, atMs: number): string {
  const text = `${linkId}@${atMs}`;
  const hex = [0x811c9dc5, 0x01234567, 0x89abcdef, 0x5bd1e995]
    .map((seed) => fnv1a(text, seed).toString(16).padStart(8, '0'))
    .join('');
  // Shaped as an RFC 9562 name-based UUID (version 5, variant 10), so every UUID check takes it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
