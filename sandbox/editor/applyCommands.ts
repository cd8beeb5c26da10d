// Applies a command list to a timeline's tracks, in order, on a copy-on-write working copy
// (trackIndex.ts): the stored tracks are never changed, so the first invalid command throws
// and the caller simply drops the copy — a list is applied all or nothing. Every failure
// names the command's index, its type and the field to change.
import { EDITOR_LIMITS } from '../../shared/limits.ts';
import type { ErrorCode } from '../../shared/errorCodes.ts';
import { ApiError } from '../http/apiError.ts';
import {
  captionStyleIds,
  CAPTION_STYLES,
  DEFAULT_FIT,
  DEFAULT_IMAGE_MS,
  defaultProperties,
  effectById,
  fontIds,
  PROPERTIES,
  transitionById,
  type TrackKind,
} from './editorCatalog.ts';
import type { CaptionClip, Clip, Command, MediaClip, Track, Word } from './timelineSchemas.ts';
import { createTrackIndex, type ClipPlaces, type TrackIndex } from './trackIndex.ts';

export interface AssetFacts {
  kind: 'image' | 'video' | 'audio';
  durationMs: number | null;
  /** Belongs to the project or is a brand asset attached to it. */
  usable: boolean;
}

export interface ApplyDeps {
  /** The asset's facts, or undefined when the account has no such asset. */
  asset(id: number): AssetFacts | undefined;
  newId(): string;
}

const ACCEPTS: Record<TrackKind, readonly string[]> = {
  video: ['video', 'image'],
  audio: ['audio', 'video'],
  caption: [],
};

/** How long a media clip lasts on the timeline: its source range at its speed. */
export function mediaLength(clip: MediaClip): number {
  const speed = clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1;
  return Math.max(1, Math.round((clip.outMs - clip.inMs) / speed));
}

/**
 * A caption's word timings after its time changed to [startMs, endMs): words keep their
 * timeline times; those outside are dropped and those across an edge clamped to it.
 */
export function wordsWithin(words: readonly Word[], startMs: number, endMs: number): Word[] {
  const kept: Word[] = [];
  for (const word of words) {
    const from = Math.max(word.startMs, startMs);
    const to = Math.min(word.endMs, endMs);
    const instant = word.startMs === word.endMs && word.startMs >= startMs && word.startMs < endMs;
    if (to > from || instant) kept.push({ text: word.text, startMs: from, endMs: instant ? from : to });
  }
  return kept;
}

/** Sets a caption's words; an empty list leaves it without. */
function setWords(clip: CaptionClip, words: Word[] | undefined): void {
  if (words && words.length > 0) clip.words = words;
  else delete clip.words;
}

/** The working copy with the list applied (its tracks, and what it changed); `places` indexes `stored`. */
export function applyCommands(
  stored: readonly Track[],
  commands: Command[],
  deps: ApplyDeps,
  places?: ClipPlaces,
): TrackIndex {
  const index = createTrackIndex(stored, places);
  commands.forEach((command, i) => applyOne(index, command, i, deps));
  return index;
}

function applyOne(index: TrackIndex, command: Command, i: number, deps: ApplyDeps): void {
  const fail = (code: ErrorCode, field: string | null, message: string): never => {
    throw new ApiError(
      code,
      `commands[${i}] ${command.type}${field ? `, ${field}` : ''}: ${message} Nothing was applied.`,
      {
        details: { commandIndex: i, commandType: command.type, field },
      },
    );
  };
  const trackOf = (id: string, field = 'trackId'): Track =>
    index.track(id) ?? fail('editor.target_not_found', field, `no track ${id} on this timeline.`);
  const unlocked = (track: Track, field = 'trackId'): Track =>
    track.locked ? fail('editor.track_locked', field, `track ${track.id} ("${track.name}") is locked.`) : track;
  const clipOf = (id: string, field = 'clipId') => {
    const entry = index.clip(id) ?? fail('editor.target_not_found', field, `no clip ${id} on this timeline.`);
    unlocked(entry.track, field);
    return entry;
  };
  const mediaOf = (id: string): { clip: MediaClip; track: Track } => {
    const entry = clipOf(id);
    if (entry.clip.kind !== 'media')
      fail('editor.command_invalid', 'clipId', `clip ${id} is a caption; use updateCaption.`);
    return entry as { clip: MediaClip; track: Track };
  };
  const captionOf = (id: string): { clip: CaptionClip; track: Track } => {
    const entry = clipOf(id);
    if (entry.clip.kind !== 'caption') fail('editor.command_invalid', 'clipId', `clip ${id} is media, not a caption.`);
    return entry as { clip: CaptionClip; track: Track };
  };
  const freshClipId = (id: string | undefined, field: string): string => {
    if (id !== undefined && index.has(id))
      fail('editor.command_invalid', field, `clip ID ${id} is already on the timeline; use a new UUID.`);
    if (index.clipCount() >= EDITOR_LIMITS.clipsPerTimeline)
      fail('editor.command_invalid', null, `a timeline holds at most ${EDITOR_LIMITS.clipsPerTimeline} clips.`);
    return id ?? deps.newId();
  };
  const fitsTimeline = (clip: Clip, field: string) => {
    if (clip.endMs > EDITOR_LIMITS.timelineMaxMs)
      fail(
        'editor.command_invalid',
        field,
        `the clip would end at ${clip.endMs} ms, past the timeline's end of ${EDITOR_LIMITS.timelineMaxMs} ms.`,
      );
  };
  const put = (track: Track, clip: Clip, field: string) => {
    fitsTimeline(clip, field);
    const overlap = index.place(track, clip);
    if (overlap) {
      const { other } = overlap;
      fail(
        'editor.clips_overlap',
        field,
        `clip ${clip.id} (${clip.startMs}–${clip.endMs} ms) would overlap clip ${other.id} (${other.startMs}–${other.endMs} ms) on track "${track.name}".`,
      );
    }
  };
  /** Source range checks against the media's own length. */
  const checkRange = (assetId: number, inMs: number, outMs: number, field: string) => {
    if (outMs <= inMs) fail('editor.command_invalid', field, `outMs (${outMs}) must be greater than inMs (${inMs}).`);
    const facts = deps.asset(assetId);
    if (facts && facts.kind !== 'image' && facts.durationMs !== null && outMs > facts.durationMs) {
      fail(
        'editor.command_invalid',
        'outMs',
        `${outMs} ms is past the end of asset ${assetId}, which lasts ${facts.durationMs} ms.`,
      );
    }
  };
  const checkTransitionFits = (clip: MediaClip, field: string) => {
    const length = clip.endMs - clip.startMs;
    if (clip.transitionIn && clip.transitionIn.durationMs > length) {
      fail(
        'editor.command_invalid',
        field,
        `clip ${clip.id} would last ${length} ms, shorter than its ${clip.transitionIn.durationMs} ms transition; shorten or remove the transition first.`,
      );
    }
  };
  /** Takes a media clip off its track, changes it, and puts it back where it now belongs. */
  const reshape = (
    entry: { clip: MediaClip; track: Track },
    change: (clip: MediaClip) => void,
    field: string,
    to = entry.track,
  ) => {
    index.unplace(entry.clip);
    change(entry.clip);
    entry.clip.endMs = entry.clip.startMs + mediaLength(entry.clip);
    checkTransitionFits(entry.clip, field);
    put(to, entry.clip, field);
  };

  switch (command.type) {
    case 'addTrack': {
      if (index.tracks.length >= EDITOR_LIMITS.tracksPerTimeline)
        fail('editor.command_invalid', null, `a timeline holds at most ${EDITOR_LIMITS.tracksPerTimeline} tracks.`);
      if (command.trackId && index.track(command.trackId))
        fail(
          'editor.command_invalid',
          'trackId',
          `track ID ${command.trackId} is already on the timeline; use a new UUID.`,
        );
      const at = command.index ?? index.tracks.length;
      if (at > index.tracks.length)
        fail('editor.command_invalid', 'index', `must be at most ${index.tracks.length} (the number of tracks).`);
      const sameKind = index.tracks.filter((t) => t.kind === command.kind).length;
      // Named as a new timeline's own tracks are: Video 2, Audio 2, Captions 2.
      const label = command.kind === 'caption' ? 'Captions' : command.kind[0]!.toUpperCase() + command.kind.slice(1);
      index.addTrack(
        {
          id: command.trackId ?? deps.newId(),
          kind: command.kind,
          name: command.name ?? `${label} ${sameKind + 1}`,
          muted: false,
          locked: false,
          clips: [],
        },
        at,
      );
      return;
    }
    case 'removeTrack':
      index.removeTrack(unlocked(trackOf(command.trackId)));
      return;
    case 'updateTrack': {
      const track = trackOf(command.trackId);
      if (command.name === undefined && command.muted === undefined && command.locked === undefined)
        fail('editor.command_invalid', null, 'name at least one of name, muted, locked.');
      if (command.name !== undefined) track.name = command.name;
      if (command.muted !== undefined) track.muted = command.muted;
      if (command.locked !== undefined) track.locked = command.locked;
      return;
    }
    case 'moveTrack': {
      const track = trackOf(command.trackId);
      if (command.index > index.tracks.length - 1)
        fail(
          'editor.command_invalid',
          'index',
          `must be at most ${index.tracks.length - 1} (the last track's position).`,
        );
      index.moveTrack(track, command.index);
      return;
    }
    case 'addClip': {
      const track = unlocked(trackOf(command.trackId));
      if (track.kind === 'caption')
        fail(
          'editor.command_invalid',
          'trackId',
          `track "${track.name}" is a caption track; media goes on a video or audio track, captions use addCaption.`,
        );
      const facts =
        deps.asset(command.assetId) ??
        fail('editor.media_not_usable', 'assetId', `there is no asset ${command.assetId} in this account.`);
      if (!facts.usable)
        fail(
          'editor.media_not_usable',
          'assetId',
          `asset ${command.assetId} neither belongs to this project nor is attached to it.`,
        );
      if (!ACCEPTS[track.kind].includes(facts.kind))
        fail(
          'editor.command_invalid',
          'assetId',
          `asset ${command.assetId} is ${facts.kind}; a ${track.kind} track takes ${ACCEPTS[track.kind].join(' or ')}.`,
        );
      const inMs = command.inMs ?? 0;
      const outMs =
        command.outMs ??
        (facts.kind === 'image'
          ? inMs + DEFAULT_IMAGE_MS
          : (facts.durationMs ??
            fail('editor.command_invalid', 'outMs', `asset ${command.assetId} has no known length: give outMs.`)));
      checkRange(command.assetId, inMs, outMs, 'inMs');
      const clip: MediaClip = {
        id: freshClipId(command.clipId, 'clipId'),
        kind: 'media',
        assetId: command.assetId,
        startMs: command.startMs,
        endMs: command.startMs + (outMs - inMs),
        inMs,
        outMs,
        properties: defaultProperties(),
        effects: [],
        transitionIn: null,
        fit: DEFAULT_FIT,
      };
      put(track, clip, 'startMs');
      return;
    }
    case 'moveClip': {
      const entry = clipOf(command.clipId);
      const to = command.trackId === undefined ? entry.track : unlocked(trackOf(command.trackId));
      if (to.kind !== entry.track.kind)
        fail(
          'editor.command_invalid',
          'trackId',
          `a clip of a ${entry.track.kind} track cannot move to ${to.kind} track "${to.name}".`,
        );
      index.unplace(entry.clip);
      const length = entry.clip.endMs - entry.clip.startMs;
      const shift = command.startMs - entry.clip.startMs;
      entry.clip.startMs = command.startMs;
      entry.clip.endMs = command.startMs + length;
      if (entry.clip.kind === 'caption' && entry.clip.words)
        entry.clip.words = entry.clip.words.map((w) => ({ ...w, startMs: w.startMs + shift, endMs: w.endMs + shift }));
      put(to, entry.clip, 'startMs');
      return;
    }
    case 'trimClip': {
      const entry = mediaOf(command.clipId);
      if (command.inMs === undefined && command.outMs === undefined && command.startMs === undefined)
        fail('editor.command_invalid', null, 'name at least one of inMs, outMs, startMs.');
      const inMs = command.inMs ?? entry.clip.inMs;
      const outMs = command.outMs ?? entry.clip.outMs;
      checkRange(entry.clip.assetId, inMs, outMs, command.inMs !== undefined ? 'inMs' : 'outMs');
      reshape(
        entry,
        (clip) => Object.assign(clip, { inMs, outMs, startMs: command.startMs ?? clip.startMs }),
        'startMs',
      );
      return;
    }
    case 'splitClip': {
      const { clip, track } = clipOf(command.clipId);
      if (command.atMs <= clip.startMs || command.atMs >= clip.endMs)
        fail(
          'editor.command_invalid',
          'atMs',
          `${command.atMs} ms is not inside clip ${clip.id} (${clip.startMs}–${clip.endMs} ms).`,
        );
      const rightId = freshClipId(command.newClipId, 'newClipId');
      index.unplace(clip);
      let right: Clip;
      if (clip.kind === 'media') {
        const speed = clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1;
        const cut = clip.inMs + Math.round((command.atMs - clip.startMs) * speed);
        if (cut <= clip.inMs || cut >= clip.outMs)
          fail(
            'editor.command_invalid',
            'atMs',
            `${command.atMs} ms is too close to an edge of clip ${clip.id} to split it.`,
          );
        right = { ...structuredClone(clip), id: rightId, inMs: cut, transitionIn: null };
        clip.outMs = cut;
        clip.endMs = clip.startMs + mediaLength(clip);
        right.startMs = clip.endMs;
        right.endMs = right.startMs + mediaLength(right);
        checkTransitionFits(clip, 'atMs');
      } else {
        right = { ...clip, id: rightId, startMs: command.atMs };
        setWords(right, wordsWithin(clip.words ?? [], right.startMs, right.endMs));
        clip.endMs = command.atMs;
        setWords(clip, wordsWithin(clip.words ?? [], clip.startMs, clip.endMs));
      }
      put(track, clip, 'atMs');
      put(track, right, 'atMs');
      return;
    }
    case 'removeClip': {
      const { clip, track } = clipOf(command.clipId);
      const at = index.unplace(clip);
      if (command.ripple) {
        const gap = clip.endMs - clip.startMs;
        for (let k = at; k < track.clips.length; k++) {
          const later = index.clipAt(track, k);
          later.startMs -= gap;
          later.endMs -= gap;
          // A caption's word timings move with it, as in a move.
          if (later.kind === 'caption' && later.words)
            later.words = later.words.map((w) => ({ ...w, startMs: w.startMs - gap, endMs: w.endMs - gap }));
        }
      }
      return;
    }
    case 'setClipProperties': {
      const entry = mediaOf(command.clipId);
      for (const [name, value] of Object.entries(command.properties)) {
        const def = PROPERTIES.find((p) => p.name === name)!;
        if (!def.appliesTo.includes(entry.track.kind))
          fail(
            'editor.command_invalid',
            `properties.${name}`,
            `${name} does not apply to clips of a ${entry.track.kind} track.`,
          );
        entry.clip.properties[name] = value as number;
      }
      return;
    }
    case 'applyEffect': {
      const entry = mediaOf(command.clipId);
      const def =
        effectById.get(command.effectId) ??
        fail(
          'editor.command_invalid',
          'effectId',
          `unknown effect "${command.effectId}"; the catalog has ${[...effectById.keys()].join(', ')}.`,
        );
      if (!def.appliesTo.includes(entry.track.kind))
        fail('editor.command_invalid', 'effectId', `${def.id} does not apply to clips of a ${entry.track.kind} track.`);
      const existing = entry.clip.effects.find((e) => e.effectId === def.id);
      const params: Record<string, number> = {
        ...Object.fromEntries(def.params.map((p) => [p.name, p.default])),
        ...existing?.params,
      };
      for (const [name, value] of Object.entries(command.params ?? {})) {
        const param =
          def.params.find((p) => p.name === name) ??
          fail(
            'editor.command_invalid',
            `params.${name}`,
            `${def.id} has no parameter "${name}"; it takes ${def.params.map((p) => p.name).join(', ')}.`,
          );
        if (value < param.min || value > param.max)
          fail('editor.command_invalid', `params.${name}`, `${value} is outside ${param.min} to ${param.max}.`);
        params[name] = value;
      }
      reshape(
        entry,
        (clip) => {
          if (existing) existing.params = params;
          else clip.effects.push({ effectId: def.id, params });
        },
        'params',
      );
      return;
    }
    case 'removeEffect': {
      const entry = mediaOf(command.clipId);
      const at = entry.clip.effects.findIndex((e) => e.effectId === command.effectId);
      if (at < 0)
        fail('editor.target_not_found', 'effectId', `clip ${entry.clip.id} has no ${command.effectId} effect.`);
      reshape(entry, (clip) => void clip.effects.splice(at, 1), 'effectId');
      return;
    }
    case 'setClipFit': {
      const entry = mediaOf(command.clipId);
      if (entry.track.kind !== 'video')
        fail('editor.command_invalid', 'fit', `fit does not apply to clips of a ${entry.track.kind} track.`);
      entry.clip.fit = command.fit;
      return;
    }
    case 'setTransition': {
      const entry = mediaOf(command.clipId);
      if (command.transitionId === null) {
        entry.clip.transitionIn = null;
        return;
      }
      const def =
        transitionById.get(command.transitionId) ??
        fail(
          'editor.command_invalid',
          'transitionId',
          `unknown transition "${command.transitionId}"; the catalog has ${[...transitionById.keys()].join(', ')}.`,
        );
      const durationMs = command.durationMs ?? def.defaultDurationMs;
      if (durationMs < def.minDurationMs || durationMs > def.maxDurationMs)
        fail(
          'editor.command_invalid',
          'durationMs',
          `a ${def.id} lasts ${def.minDurationMs} to ${def.maxDurationMs} ms.`,
        );
      entry.clip.transitionIn = { transitionId: def.id, durationMs };
      checkTransitionFits(entry.clip, 'durationMs');
      return;
    }
    case 'addCaption': {
      const track = unlocked(trackOf(command.trackId));
      if (track.kind !== 'caption')
        fail(
          'editor.command_invalid',
          'trackId',
          `track "${track.name}" is a ${track.kind} track; captions go on a caption track.`,
        );
      const style = checkStyle(command.style ?? 'subtitle');
      const clip: CaptionClip = {
        id: freshClipId(command.clipId, 'clipId'),
        kind: 'caption',
        startMs: command.startMs,
        endMs: command.endMs,
        text: command.text,
        style,
        font: checkFont(command.font ?? CAPTION_STYLES.find((s) => s.id === style)!.defaultFontId),
      };
      if (clip.endMs <= clip.startMs)
        fail('editor.command_invalid', 'endMs', `must be greater than startMs (${clip.startMs}).`);
      setWords(clip, checkWords(command.words, clip));
      put(track, clip, 'startMs');
      return;
    }
    case 'updateCaption': {
      const { clip, track } = captionOf(command.clipId);
      const startMs = command.startMs ?? clip.startMs;
      const endMs = command.endMs ?? clip.endMs;
      if (endMs <= startMs) fail('editor.command_invalid', 'endMs', `must be greater than startMs (${startMs}).`);
      const style = command.style === undefined ? clip.style : checkStyle(command.style);
      const font = command.font === undefined ? clip.font : checkFont(command.font);
      index.unplace(clip);
      // Timings belong to the words of the text they were made for.
      const kept = command.text !== undefined && command.text !== clip.text ? [] : (clip.words ?? []);
      Object.assign(clip, { startMs, endMs, style, font, text: command.text ?? clip.text });
      setWords(clip, command.words !== undefined ? checkWords(command.words, clip) : wordsWithin(kept, startMs, endMs));
      put(track, clip, 'startMs');
      return;
    }
  }

  /** Given word timings must lie inside the caption, each ending at or after it starts, in order. */
  function checkWords(words: Word[] | undefined, clip: CaptionClip): Word[] | undefined {
    words?.forEach((word, k) => {
      const field = `words[${k}]`;
      if (word.endMs < word.startMs)
        fail('editor.command_invalid', field, `endMs (${word.endMs}) must not be before startMs (${word.startMs}).`);
      if (word.startMs < clip.startMs || word.endMs > clip.endMs)
        fail(
          'editor.command_invalid',
          field,
          `"${word.text}" (${word.startMs}–${word.endMs} ms) must lie inside the caption (${clip.startMs}–${clip.endMs} ms).`,
        );
      if (k > 0 && word.startMs < words[k - 1]!.startMs)
        fail('editor.command_invalid', field, 'words must be in order: each starts at or after the one before.');
    });
    return words?.map((w) => ({ text: w.text, startMs: w.startMs, endMs: w.endMs }));
  }
  function checkStyle(style: string): string {
    return captionStyleIds.has(style)
      ? style
      : fail(
          'editor.command_invalid',
          'style',
          `unknown caption style "${style}"; the catalog has ${[...captionStyleIds].join(', ')}.`,
        );
  }
  function checkFont(font: string): string {
    return fontIds.has(font)
      ? font
      : fail('editor.command_invalid', 'font', `unknown font "${font}"; the catalog has ${[...fontIds].join(', ')}.`);
  }
}
