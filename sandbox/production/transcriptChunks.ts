// How a long recording is cut for the recogniser (issue 26, "Long transcription"): the 16 kHz
// PCM is cut into chunks of about `targetMs`, each cut in the middle of a measured silence
// near the target, so no word is split and the recogniser can run on several chunks at once.
// A chunk's words are timed from the start of the recording (its start added). Where no
// silence is near (continuous speech or music), the cut falls at the window's end; the join
// guard then drops a word heard twice, once at the end of each chunk.
import type { Silence } from './speechSilences.ts';
import type { Word } from './transcriptWords.ts';

export interface Chunk {
  startMs: number;
  endMs: number;
}

/**
 * Chunks covering 0..durationMs, in order. Each cut is the middle of the silence whose middle
 * is nearest `targetMs` after the chunk's start, within half a target either way (ties: the
 * longer silence); a last piece of at most 1.5 targets is not cut again.
 */
export function planChunks(silences: readonly Silence[], durationMs: number, targetMs: number): Chunk[] {
  const chunks: Chunk[] = [];
  let startMs = 0;
  while (durationMs - startMs > targetMs * 1.5) {
    const aim = startMs + targetMs;
    let best: { at: number; off: number; length: number } | null = null;
    for (const s of silences) {
      const at = Math.round((s.startMs + s.endMs) / 2);
      const off = Math.abs(at - aim);
      if (off > targetMs / 2 || at <= startMs) continue;
      const length = s.endMs - s.startMs;
      if (!best || off < best.off || (off === best.off && length > best.length)) best = { at, off, length };
    }
    const endMs = best?.at ?? Math.round(startMs + targetMs * 1.5);
    chunks.push({ startMs, endMs });
    startMs = endMs;
  }
  if (durationMs > startMs || chunks.length === 0) chunks.push({ startMs, endMs: durationMs });
  return chunks;
}

/** A chunk's words (timed from the chunk's start) timed from the recording's start. */
export function offsetWords(words: readonly Word[], offsetMs: number): Word[] {
  return words.map((w) => ({ ...w, startMs: w.startMs + offsetMs, endMs: w.endMs + offsetMs }));
}

/**
 * The chunks' words (already offset) as one list. The join guard: a chunk's first words that
 * repeat the previous chunk's last word at an overlapping time are that word heard twice
 * across the cut, and are dropped.
 */
export function joinChunkWords(chunks: readonly (readonly Word[])[]): Word[] {
  const joined: Word[] = [];
  for (const words of chunks) {
    let i = 0;
    const last = joined.at(-1);
    while (last && i < words.length && words[i]!.text === last.text && words[i]!.startMs < last.endMs) i++;
    joined.push(...words.slice(i));
  }
  return joined;
}
