// The client's copy of what the service does with a command list, so an edit shows at once
// (optimistic) and an edit the service would refuse is refused here before it is sent.
// All or nothing, like the service: the first command that cannot apply throws
// EditRejected naming it, and the caller keeps the timeline it had.
import { shiftWords, withWords, wordsProblem, wordsWithin } from './captionWords.ts';
import type { EditorCommand } from './editorCommands.ts';
import type { Catalog, CaptionClip, Clip, MediaClip, Timeline, Track, TrackKind } from './timelineTypes.ts';
import { WorkingTimeline } from './workingTimeline.ts';

export interface AssetFacts {
  readonly kind: string;
  readonly durationMs: number | null;
}

export interface ApplyContext {
  readonly catalog: Catalog | null;
  /** What the app knows of an asset; undefined when it does not know it (the service decides). */
  asset(id: number): AssetFacts | undefined;
  newId(): string;
}

export class EditRejected extends Error {
  readonly commandIndex: number;
  readonly commandType: string;
  constructor(commandIndex: number, commandType: string, message: string) {
    super(message);
    this.name = 'EditRejected';
    this.commandIndex = commandIndex;
    this.commandType = commandType;
  }
}

const ACCEPTS: Record<TrackKind, readonly string[]> = {
  video: ['video', 'image'],
  audio: ['audio', 'video'],
  caption: [],
};
const DEFAULT_IMAGE_MS = 5000;
const DEFAULT_PROPERTIES: Record<string, number> = {
  volume: 1,
  opacity: 1,
  scale: 1,
  positionX: 0,
  positionY: 0,
  rotation: 0,
};

/** How long a media clip lasts on the timeline: its source range at its speed. */
export function mediaLength(clip: Pick<MediaClip, 'inMs' | 'outMs' | 'effects'>): number {
  const speed = clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1;
  return Math.max(1, Math.round((clip.outMs - clip.inMs) / speed));
}

export function defaultProperties(catalog: Catalog | null): Record<string, number> {
  return catalog ? Object.fromEntries(catalog.properties.map((p) => [p.name, p.default])) : { ...DEFAULT_PROPERTIES };
}

export function applyCommands(timeline: Timeline, commands: readonly EditorCommand[], ctx: ApplyContext): Timeline {
  const working = new WorkingTimeline(timeline);
  commands.forEach((command, i) => applyOne(working, command, i, ctx));
  return working.result();
}

export function applyOne(w: WorkingTimeline, command: EditorCommand, i: number, ctx: ApplyContext): void {
  const fail = (message: string): never => {
    throw new EditRejected(i, command.type, message);
  };
  const trackOf = (id: string): Track => w.track(id) ?? fail(`There is no track ${id} on this timeline any more.`);
  const unlocked = (track: Track): Track => (track.locked ? fail(`Track "${track.name}" is locked.`) : track);
  const clipOf = (id: string) => {
    const entry = w.clip(id) ?? fail('The clip is no longer on the timeline.');
    unlocked(entry.track);
    return entry;
  };
  const mediaOf = (id: string) => {
    const entry = clipOf(id);
    return entry.clip.kind === 'media'
      ? { clip: entry.clip, track: entry.track }
      : fail('That is a caption, not media.');
  };
  const captionOf = (id: string) => {
    const entry = clipOf(id);
    return entry.clip.kind === 'caption'
      ? { clip: entry.clip, track: entry.track }
      : fail('That is media, not a caption.');
  };
  const maxMs = ctx.catalog?.limits?.timelineMaxMs ?? Infinity;
  const put = (track: Track, clip: Clip) => {
    if (clip.startMs < 0) fail('A clip cannot start before the beginning of the timeline.');
    if (clip.endMs > maxMs) fail('The clip would end past the end of the timeline (6 hours).');
    const other = w.place(track, clip);
    if (other) fail(`The clip would overlap another clip on track "${track.name}".`);
  };
  const freshId = (id: string | undefined) => {
    if (id !== undefined && w.clip(id)) fail('That clip ID is already on the timeline.');
    const most = ctx.catalog?.limits?.clipsPerTimeline ?? Infinity;
    if (w.clipCount() >= most) fail(`A timeline holds at most ${most} clips.`);
    return id ?? ctx.newId();
  };
  const checkRange = (assetId: number, inMs: number, outMs: number) => {
    if (outMs <= inMs) fail('The clip would end before it starts: trim less.');
    const facts = ctx.asset(assetId);
    if (facts && facts.kind !== 'image' && facts.durationMs !== null && outMs > facts.durationMs)
      fail(`The media lasts only ${facts.durationMs} ms: trim within it.`);
  };
  const checkTransition = (clip: MediaClip) => {
    if (clip.transitionIn && clip.transitionIn.durationMs > clip.endMs - clip.startMs)
      fail('The clip would be shorter than its transition: shorten or remove the transition first.');
  };
  /** Takes a media clip off, changes a copy, and puts the copy back where it now belongs. */
  const reshape = (entry: { clip: MediaClip; track: Track }, change: (clip: MediaClip) => MediaClip) => {
    w.unplace(entry.track, entry.clip);
    const next = change({ ...entry.clip });
    next.endMs = next.startMs + mediaLength(next);
    checkTransition(next);
    put(w.track(entry.track.id)!, next);
  };

  switch (command.type) {
    case 'addTrack': {
      const most = ctx.catalog?.limits?.tracksPerTimeline ?? Infinity;
      if (w.tracks.length >= most) fail(`A timeline holds at most ${most} tracks.`);
      if (command.trackId && w.track(command.trackId)) fail('That track ID is already on the timeline.');
      const at = command.index ?? w.tracks.length;
      if (at > w.tracks.length) fail(`A track can go at most at position ${w.tracks.length} (the end).`);
      const sameKind = w.tracks.filter((t) => t.kind === command.kind).length;
      const label = command.kind === 'caption' ? 'Captions' : command.kind[0]!.toUpperCase() + command.kind.slice(1);
      w.addTrack(
        {
          id: command.trackId ?? ctx.newId(),
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
      w.removeTrack(unlocked(trackOf(command.trackId)));
      return;
    case 'updateTrack': {
      const track = trackOf(command.trackId);
      if (command.name === undefined && command.muted === undefined && command.locked === undefined)
        fail('Say what changes: the name, mute or lock.');
      const next = { ...track };
      if (command.name !== undefined) next.name = command.name;
      if (command.muted !== undefined) next.muted = command.muted;
      if (command.locked !== undefined) next.locked = command.locked;
      w.replaceTrack(track, next);
      return;
    }
    case 'moveTrack': {
      const track = trackOf(command.trackId);
      if (command.index > w.tracks.length - 1)
        fail(`A track can go at most at position ${w.tracks.length - 1} (the last).`);
      w.moveTrack(track, command.index);
      return;
    }
    case 'addClip': {
      const track = unlocked(trackOf(command.trackId));
      if (track.kind === 'caption') fail('Media goes on a video or audio track, not a caption track.');
      const facts = ctx.asset(command.assetId);
      if (facts && !ACCEPTS[track.kind].includes(facts.kind))
        fail(`A ${track.kind} track does not take ${facts.kind}.`);
      const inMs = command.inMs ?? 0;
      const outMs =
        command.outMs ??
        (facts?.kind === 'image'
          ? inMs + (ctx.catalog?.defaultImageDurationMs ?? DEFAULT_IMAGE_MS)
          : (facts?.durationMs ?? fail('The media has no known length.')));
      checkRange(command.assetId, inMs, outMs);
      const clip: MediaClip = {
        id: freshId(command.clipId),
        kind: 'media',
        assetId: command.assetId,
        startMs: command.startMs,
        endMs: command.startMs + (outMs - inMs),
        inMs,
        outMs,
        properties: defaultProperties(ctx.catalog),
        effects: [],
        transitionIn: null,
        fit: 'contain',
      };
      put(track, clip);
      return;
    }
    case 'moveClip': {
      const entry = clipOf(command.clipId);
      const to = command.trackId === undefined ? entry.track : unlocked(trackOf(command.trackId));
      if (to.kind !== entry.track.kind) fail(`A ${entry.track.kind} clip cannot move to a ${to.kind} track.`);
      w.unplace(entry.track, entry.clip);
      const length = entry.clip.endMs - entry.clip.startMs;
      const moved = { ...entry.clip, startMs: command.startMs, endMs: command.startMs + length };
      const shift = command.startMs - entry.clip.startMs;
      put(
        w.track(to.id)!,
        moved.kind === 'caption' && moved.words ? withWords(moved, shiftWords(moved.words, shift)) : moved,
      );
      return;
    }
    case 'trimClip': {
      const entry = mediaOf(command.clipId);
      const inMs = command.inMs ?? entry.clip.inMs;
      const outMs = command.outMs ?? entry.clip.outMs;
      checkRange(entry.clip.assetId, inMs, outMs);
      reshape(entry, (clip) => ({ ...clip, inMs, outMs, startMs: command.startMs ?? clip.startMs }));
      return;
    }
    case 'splitClip': {
      const { clip, track } = clipOf(command.clipId);
      if (command.atMs <= clip.startMs || command.atMs >= clip.endMs) fail('The playhead is not inside the clip.');
      const rightId = freshId(command.newClipId);
      w.unplace(track, clip);
      const owned = w.track(track.id)!;
      if (clip.kind === 'media') {
        const speed = clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1;
        const cut = clip.inMs + Math.round((command.atMs - clip.startMs) * speed);
        if (cut <= clip.inMs || cut >= clip.outMs)
          fail('The playhead is too close to an edge of the clip to split it.');
        const left: MediaClip = { ...clip, outMs: cut };
        left.endMs = left.startMs + mediaLength(left);
        const right: MediaClip = {
          ...structuredClone(clip),
          id: rightId,
          inMs: cut,
          transitionIn: null,
          startMs: left.endMs,
        };
        right.endMs = right.startMs + mediaLength(right);
        checkTransition(left);
        put(owned, left);
        put(owned, right);
      } else {
        const words = clip.words ?? [];
        put(owned, withWords({ ...clip, endMs: command.atMs }, wordsWithin(words, clip.startMs, command.atMs)));
        put(
          owned,
          withWords({ ...clip, id: rightId, startMs: command.atMs }, wordsWithin(words, command.atMs, clip.endMs)),
        );
      }
      return;
    }
    case 'removeClip': {
      const { clip, track } = clipOf(command.clipId);
      const at = w.unplace(track, clip);
      if (command.ripple) {
        const owned = w.track(track.id)!;
        const gap = clip.endMs - clip.startMs;
        for (let k = at; k < owned.clips.length; k++) {
          const later = owned.clips[k]!;
          const shifted = { ...later, startMs: later.startMs - gap, endMs: later.endMs - gap };
          // A caption's word timings move with it, as in a move.
          owned.clips[k] =
            shifted.kind === 'caption' && shifted.words ? withWords(shifted, shiftWords(shifted.words, -gap)) : shifted;
        }
      }
      return;
    }
    case 'setClipProperties': {
      const entry = mediaOf(command.clipId);
      const properties = { ...entry.clip.properties };
      for (const [name, value] of Object.entries(command.properties)) {
        const def = ctx.catalog?.properties.find((p) => p.name === name);
        if (ctx.catalog && !def) fail(`There is no clip property "${name}".`);
        if (def && !def.appliesTo.includes(entry.track.kind))
          fail(`${name} does not apply to clips of a ${entry.track.kind} track.`);
        if (def && (value < def.min || value > def.max)) fail(`${name} must be from ${def.min} to ${def.max}.`);
        properties[name] = value;
      }
      w.replace(entry.track, { ...entry.clip, properties });
      return;
    }
    case 'applyEffect': {
      const entry = mediaOf(command.clipId);
      const def = ctx.catalog?.effects.find((e) => e.id === command.effectId);
      if (ctx.catalog && !def) fail(`There is no effect "${command.effectId}".`);
      if (def && !def.appliesTo.includes(entry.track.kind))
        fail(`${def.name} does not apply to clips of a ${entry.track.kind} track.`);
      const existing = entry.clip.effects.find((e) => e.effectId === command.effectId);
      const params: Record<string, number> = {
        ...Object.fromEntries((def?.params ?? []).map((p) => [p.name, p.default])),
        ...existing?.params,
      };
      for (const [name, value] of Object.entries(command.params ?? {})) {
        const param = def?.params.find((p) => p.name === name);
        if (def && !param) fail(`${def.name} has no parameter "${name}".`);
        if (param && (value < param.min || value > param.max))
          fail(`${name} must be from ${param.min} to ${param.max}.`);
        params[name] = value;
      }
      reshape(entry, (clip) => ({
        ...clip,
        effects: existing
          ? clip.effects.map((e) => (e.effectId === command.effectId ? { ...e, params } : e))
          : [...clip.effects, { effectId: command.effectId, params }],
      }));
      return;
    }
    case 'removeEffect': {
      const entry = mediaOf(command.clipId);
      if (!entry.clip.effects.some((e) => e.effectId === command.effectId))
        fail(`The clip has no ${command.effectId} effect.`);
      reshape(entry, (clip) => ({ ...clip, effects: clip.effects.filter((e) => e.effectId !== command.effectId) }));
      return;
    }
    case 'setClipFit': {
      const entry = mediaOf(command.clipId);
      if (entry.track.kind !== 'video') fail(`Fit does not apply to clips of a ${entry.track.kind} track.`);
      w.replace(entry.track, { ...entry.clip, fit: command.fit });
      return;
    }
    case 'setTransition': {
      const entry = mediaOf(command.clipId);
      if (command.transitionId === null) {
        w.replace(entry.track, { ...entry.clip, transitionIn: null });
        return;
      }
      const def = ctx.catalog?.transitions.find((t) => t.id === command.transitionId);
      if (ctx.catalog && !def) fail(`There is no transition "${command.transitionId}".`);
      const durationMs = command.durationMs ?? def?.defaultDurationMs ?? 500;
      if (def && (durationMs < def.minDurationMs || durationMs > def.maxDurationMs))
        fail(`A ${def.name} lasts ${def.minDurationMs} to ${def.maxDurationMs} ms.`);
      const next: MediaClip = { ...entry.clip, transitionIn: { transitionId: command.transitionId, durationMs } };
      checkTransition(next);
      w.replace(entry.track, next);
      return;
    }
    case 'addCaption': {
      const track = unlocked(trackOf(command.trackId));
      if (track.kind !== 'caption') fail('Captions go on a caption track.');
      if (command.endMs <= command.startMs) fail('A caption must end after it starts.');
      const style = command.style ?? 'subtitle';
      const styleDef = ctx.catalog?.captionStyles.find((s) => s.id === style);
      if (ctx.catalog && !styleDef) fail(`There is no caption style "${style}".`);
      const font = command.font ?? styleDef?.defaultFontId ?? 'inter';
      if (ctx.catalog && !ctx.catalog.fonts.some((f) => f.id === font)) fail(`There is no font "${font}".`);
      const words = command.words ?? [];
      const problem = wordsProblem(words, command.startMs, command.endMs);
      if (problem) fail(problem);
      const clip = withWords<CaptionClip>(
        {
          id: freshId(command.clipId),
          kind: 'caption',
          startMs: command.startMs,
          endMs: command.endMs,
          text: command.text,
          style,
          font,
        },
        words,
      );
      put(track, clip);
      return;
    }
    case 'updateCaption': {
      const { clip, track } = captionOf(command.clipId);
      const retimed: CaptionClip = {
        ...clip,
        text: command.text ?? clip.text,
        startMs: command.startMs ?? clip.startMs,
        endMs: command.endMs ?? clip.endMs,
        style: command.style ?? clip.style,
        font: command.font ?? clip.font,
      };
      if (retimed.endMs <= retimed.startMs) fail('A caption must end after it starts.');
      // Timings belong to the words of the text they were made for.
      const kept = command.text !== undefined && command.text !== clip.text ? [] : (clip.words ?? []);
      if (command.words) {
        const problem = wordsProblem(command.words, retimed.startMs, retimed.endMs);
        if (problem) fail(problem);
      }
      const next = withWords(retimed, command.words ?? wordsWithin(kept, retimed.startMs, retimed.endMs));
      if (ctx.catalog && command.style !== undefined && !ctx.catalog.captionStyles.some((s) => s.id === command.style))
        fail(`There is no caption style "${command.style}".`);
      if (ctx.catalog && command.font !== undefined && !ctx.catalog.fonts.some((f) => f.id === command.font))
        fail(`There is no font "${command.font}".`);
      w.unplace(track, clip);
      put(w.track(track.id)!, next);
      return;
    }
  }
}
