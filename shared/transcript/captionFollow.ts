// Captions follow the words they show. After an edit changed media clips (a cut from the
// transcript, an accepted speech edit, a trim, a ripple delete, a move), each caption made
// from a transcript (one with a timing for each of its words) is traced to the recording it
// shows (captionSources.ts) and laid again where those words play now:
// - a word no longer played leaves the caption (its text and its timing);
// - words that play apart now (another clip between them) make a caption each;
// - a caption stays inside the clips that play its words, never over another clip;
// - words brought back (a restored passage, a clip made longer) join the caption they sit
//   in, or the caption they continue when it still fits a cue (two lines of 42 characters,
//   six seconds), or become captions of their own beside it.
// The app adds these commands to the edit's own list: one edit, one undo entry, and any
// service that takes editor commands does the same (it needs no notion of a "linked" caption).
import { CUE_RULES, cuesOf, cueText } from '../production/captionCommands.ts';
import { applyCommands, EditRejected, type ApplyContext } from '../timeline/applyCommands.ts';
import type { EditorCommand } from '../timeline/editorCommands.ts';
import type { CaptionClip, MediaClip, Timeline, Track, Word } from '../timeline/timelineTypes.ts';
import {
  captionSource,
  MediaIndex,
  timelineMs,
  transcriptBetween,
  type CaptionSource,
  type SourcedWord,
} from './captionSources.ts';
import type { Transcripts } from './timelineTranscript.ts';

export interface FollowInput {
  readonly before: Timeline;
  /** `before` with the edit's own commands applied. */
  readonly after: Timeline;
  /** Clips the edit's own commands name: a caption among them is the edit's business. */
  readonly touched: ReadonlySet<string>;
  readonly transcripts: Transcripts;
  readonly ctx: ApplyContext;
}

export interface FollowResult {
  readonly commands: EditorCommand[];
  /** Why captions could not follow (they would overlap a caption that does not follow), or null. */
  readonly problem: string | null;
}

/** A word where it plays now. */
interface PlacedWord {
  readonly text: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly clip: MediaClip;
  readonly index: number | null;
  readonly sourceStartMs: number;
}

interface Piece {
  readonly startMs: number;
  readonly endMs: number;
  readonly words: PlacedWord[];
}

interface Followed {
  readonly caption: CaptionClip;
  readonly track: Track;
  readonly source: CaptionSource;
  pieces: Piece[];
}

/** The clip IDs a command list names. */
export function clipsNamed(commands: readonly EditorCommand[]): Set<string> {
  const ids = new Set<string>();
  for (const command of commands) {
    if ('clipId' in command && command.clipId) ids.add(command.clipId);
    if ('newClipId' in command && command.newClipId) ids.add(command.newClipId);
  }
  return ids;
}

/** A caption carries its words' timing (it was made from a transcript). */
function hasWordTimedCaptions(timeline: Timeline): boolean {
  return timeline.tracks.some(
    (t) => t.kind === 'caption' && t.clips.some((c) => c.kind === 'caption' && !!c.words?.length),
  );
}

function mediaChanged(before: Timeline, after: Timeline): boolean {
  const old = new Map(before.tracks.map((t) => [t.id, t]));
  for (const track of after.tracks) {
    if (track.kind === 'caption') continue;
    if (old.get(track.id)?.clips !== track.clips) return true;
  }
  return before.tracks.some((t) => t.kind !== 'caption' && !after.tracks.some((a) => a.id === t.id));
}

/** Two placed words play on together: on one clip, or on two pieces that touch on one track. */
function together(a: PlacedWord, b: PlacedWord, track: (clip: MediaClip) => string | undefined): boolean {
  if (b.startMs < a.endMs - 1) return false;
  return a.clip.id === b.clip.id || (a.clip.endMs === b.clip.startMs && track(a.clip) === track(b.clip));
}

function splitApart(words: PlacedWord[], track: (clip: MediaClip) => string | undefined): PlacedWord[][] {
  const runs: PlacedWord[][] = [];
  for (const word of words) {
    const run = runs.at(-1);
    if (run && together(run.at(-1)!, word, track)) run.push(word);
    else runs.push([word]);
  }
  return runs;
}

/** Timings kept inside [startMs, endMs], in order. */
function timings(words: readonly PlacedWord[], startMs: number, endMs: number): Word[] {
  return words.map((w) => {
    const from = Math.min(Math.max(w.startMs, startMs), endMs);
    return { text: w.text, startMs: from, endMs: Math.max(from, Math.min(w.endMs, endMs)) };
  });
}

/** Words that would make one cue as cuesOf makes them: no long pause inside, two lines, six seconds. */
const fitsOneCue = (words: readonly PlacedWord[]) =>
  words.every((w, i) => i === 0 || w.startMs - words[i - 1]!.endMs <= CUE_RULES.breakAtPauseMs) &&
  cueText(words.map((w) => w.text)).split('\n').length <= CUE_RULES.lines &&
  words.at(-1)!.endMs - words[0]!.startMs <= CUE_RULES.maxCueMs;

export function followCaptions(input: FollowInput): FollowResult {
  const { before, after, touched, transcripts, ctx } = input;
  const none = { commands: [], problem: null };
  // Most timelines have no caption made from a transcript: no need to index their clips.
  if (!hasWordTimedCaptions(before) || !mediaChanged(before, after)) return none;
  const was = new MediaIndex(before);
  const now = new MediaIndex(after);
  const trackOf = (clip: MediaClip) => now.byId(clip.id)?.track.id;
  const followed: Followed[] = [];
  for (const track of after.tracks) {
    const old = before.tracks.find((t) => t.id === track.id);
    if (track.kind !== 'caption' || track.locked || !old) continue;
    const present = new Map(track.clips.map((c) => [c.id, c]));
    for (const caption of old.clips) {
      if (caption.kind !== 'caption' || !caption.words?.length || touched.has(caption.id)) continue;
      const still = present.get(caption.id);
      if (!still || still.startMs !== caption.startMs || still.endMs !== caption.endMs) continue;
      const source = captionSource(caption, was, transcripts);
      if (source?.words.some((w) => w !== null)) followed.push({ caption, track, source, pieces: [] });
    }
  }
  if (followed.length === 0) return none;

  const place = (word: SourcedWord, source: CaptionSource, nearMs: number): PlacedWord | null => {
    const mid = (word.sourceStartMs + word.sourceEndMs) / 2;
    const clip = now.find(source.trackId, source.assetId, mid, word.clipId, nearMs);
    if (!clip) return null;
    const startMs = Math.max(clip.startMs, timelineMs(clip, word.sourceStartMs));
    const endMs = Math.min(clip.endMs, Math.max(startMs, timelineMs(clip, word.sourceEndMs)));
    return { text: word.text, startMs, endMs, clip, index: word.index, sourceStartMs: word.sourceStartMs };
  };
  /** Transcript words the edit brought onto the chain (played now, not before). */
  const broughtBack = (source: CaptionSource, fromMs: number, toMs: number, nearMs: number): PlacedWord[] => {
    const words = transcripts.get(source.assetId);
    if (!words) return [];
    return transcriptBetween(words, fromMs, toMs).flatMap(({ word, index }) => {
      const mid = (word.startMs + word.endMs) / 2;
      if (was.plays(source.trackId, source.assetId, mid) || !now.plays(source.trackId, source.assetId, mid)) return [];
      const sourced = { text: word.text, sourceStartMs: word.startMs, sourceEndMs: word.endMs, index, clipId: '' };
      const placed = place(sourced, source, nearMs);
      return placed ? [placed] : [];
    });
  };

  // Each caption's words where they play now, with the words brought back inside its span.
  const shown = new Set<string>();
  for (const f of followed) {
    const sourced = f.source.words.filter((w): w is SourcedWord => w !== null);
    const kept = sourced.flatMap((w) => place(w, f.source, f.caption.startMs) ?? []);
    const spanFrom = sourced[0]!.sourceStartMs;
    const spanTo = sourced.at(-1)!.sourceEndMs;
    const known = new Set(sourced.map((w) => w.index).filter((i) => i !== null));
    const back = broughtBack(f.source, spanFrom, spanTo, f.caption.startMs).filter((w) => !known.has(w.index!));
    const words = [...kept, ...back].sort((a, b) => a.sourceStartMs - b.sourceStartMs || a.startMs - b.startMs);
    for (const w of words) if (w.index !== null) shown.add(`${f.source.assetId}:${w.index}`);
    f.pieces = splitApart(words, trackOf).map((run) => ({
      startMs: run[0]!.startMs,
      endMs: run.at(-1)!.endMs,
      words: run,
    }));
  }
  attachBroughtBack(followed, shown, transcripts, broughtBack, trackOf);
  return commandsFor(followed, after, ctx);
}

/**
 * Words brought back next to a caption rather than inside it: they join the caption they
 * continue (its last word is the transcript word just before them, or its first the one
 * just after) while it still fits one cue; the rest become captions of their own.
 */
function attachBroughtBack(
  followed: Followed[],
  shown: Set<string>,
  transcripts: Transcripts,
  broughtBack: (source: CaptionSource, fromMs: number, toMs: number, nearMs: number) => PlacedWord[],
  trackOf: (clip: MediaClip) => string | undefined,
): void {
  const chains = new Map<string, Followed[]>();
  for (const f of followed) {
    const key = `${f.source.trackId}:${f.source.assetId}`;
    chains.set(key, [...(chains.get(key) ?? []), f]);
  }
  for (const members of chains.values()) {
    const source = members[0]!.source;
    const words = transcripts.get(source.assetId);
    if (!words || words.length === 0) continue;
    const back = broughtBack(source, words[0]!.startMs, words.at(-1)!.endMs, members[0]!.caption.startMs).filter(
      (w) => !shown.has(`${source.assetId}:${w.index}`),
    );
    for (const run of splitApart(back, trackOf)) {
      const firstIndex = run[0]!.index!;
      const lastIndex = run.at(-1)!.index!;
      const ends = (p: Piece) => p.words.at(-1)?.index === firstIndex - 1;
      const starts = (p: Piece) => p.words[0]?.index === lastIndex + 1;
      const before = members.find((f) => f.pieces.at(-1) && ends(f.pieces.at(-1)!));
      const after = members.find((f) => f.pieces[0] && starts(f.pieces[0]));
      const joinedBefore = before && [...before.pieces.at(-1)!.words, ...run];
      const joinedAfter = after && [...run, ...after.pieces[0]!.words];
      if (
        before &&
        joinedBefore &&
        together(before.pieces.at(-1)!.words.at(-1)!, run[0]!, trackOf) &&
        fitsOneCue(joinedBefore)
      ) {
        const last = before.pieces.at(-1)!;
        before.pieces[before.pieces.length - 1] = {
          startMs: last.startMs,
          endMs: run.at(-1)!.endMs,
          words: joinedBefore,
        };
      } else if (
        after &&
        joinedAfter &&
        together(run.at(-1)!, after.pieces[0]!.words[0]!, trackOf) &&
        fitsOneCue(joinedAfter)
      ) {
        after.pieces[0] = { startMs: run[0]!.startMs, endMs: after.pieces[0]!.endMs, words: joinedAfter };
      } else {
        // Captions of their own, on the track of the captions around them.
        const host = before ?? after ?? members[0]!;
        let at = 0;
        for (const cue of cuesOf(run)) {
          const cueWords = run.slice(at, at + cue.words!.length);
          at += cueWords.length;
          host.pieces.push({ startMs: cue.startMs, endMs: cue.endMs, words: cueWords });
        }
      }
    }
  }
}

/** The commands that make every followed caption as planned, in an order that never overlaps on the way. */
function commandsFor(followed: Followed[], after: Timeline, ctx: ApplyContext): FollowResult {
  const removals: EditorCommand[] = [];
  const moves: { command: EditorCommand; from: number; to: number }[] = [];
  const adds: EditorCommand[] = [];
  const rebuilt: EditorCommand[] = [];
  for (const { caption, track, pieces } of followed) {
    pieces.sort((a, b) => a.startMs - b.startMs);
    const sameWords =
      pieces.length === 1 &&
      pieces[0]!.words.length === caption.words!.length &&
      pieces[0]!.words.every((w, i) => w.text === caption.words![i]!.text);
    const made = pieces.map((piece, i) => {
      const startMs = Math.max(piece.startMs, pieces[i - 1]?.endMs ?? 0);
      const endMs = Math.max(piece.endMs, startMs + 1);
      return {
        startMs,
        endMs,
        words: timings(piece.words, startMs, endMs),
        text: sameWords ? caption.text : cueText(piece.words.map((w) => w.text)),
      };
    });
    if (made.length === 0) {
      removals.push({ type: 'removeClip', clipId: caption.id });
      continue;
    }
    const [first, ...rest] = made;
    const unchanged =
      rest.length === 0 &&
      first!.startMs === caption.startMs &&
      first!.endMs === caption.endMs &&
      first!.text === caption.text &&
      first!.words.every((w, i) => w.startMs === caption.words![i]?.startMs && w.endMs === caption.words![i]?.endMs);
    if (!unchanged) {
      const update: EditorCommand = {
        type: 'updateCaption',
        clipId: caption.id,
        startMs: first!.startMs,
        endMs: first!.endMs,
        ...(first!.text !== caption.text && { text: first!.text }),
        words: first!.words,
      };
      moves.push({ command: update, from: caption.startMs, to: first!.startMs });
      rebuilt.push(
        { type: 'removeClip', clipId: caption.id },
        {
          type: 'addCaption',
          trackId: track.id,
          clipId: caption.id,
          ...first!,
          style: caption.style,
          font: caption.font,
        },
      );
    }
    for (const piece of rest)
      adds.push({
        type: 'addCaption',
        trackId: track.id,
        clipId: ctx.newId(),
        ...piece,
        style: caption.style,
        font: caption.font,
      });
  }
  // Captions moving earlier go first from the earliest, those moving later from the latest.
  const earlier = moves.filter((m) => m.to < m.from).sort((a, b) => a.to - b.to);
  const later = moves.filter((m) => m.to >= m.from).sort((a, b) => b.to - a.to);
  const inOrder = [...removals, ...[...earlier, ...later].map((m) => m.command)];
  // Moves that would cross on the way: all taken off first, then put back.
  const offAndOn = [
    ...removals,
    ...rebuilt.filter((c) => c.type === 'removeClip'),
    ...rebuilt.filter((c) => c.type === 'addCaption'),
  ];
  const applies = (commands: EditorCommand[]) => {
    try {
      applyCommands(after, commands, ctx);
      return true;
    } catch (err) {
      if (!(err instanceof EditRejected)) throw err;
      return false;
    }
  };
  for (const base of [inOrder, offAndOn]) {
    if (applies([...base, ...adds])) return { commands: [...base, ...adds], problem: null };
    if (adds.length > 0 && applies(base))
      return {
        commands: base,
        problem: 'Some words brought back would overlap other captions: they were left uncaptioned.',
      };
  }
  return {
    commands: [],
    problem: 'The captions made from the transcript could not follow the cut: they would overlap other captions.',
  };
}
