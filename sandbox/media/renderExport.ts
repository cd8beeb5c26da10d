// Renders an export as a real MP4 with one ffmpeg run: every clip becomes a normalised
// segment (same size, 30 fps, 48 kHz stereo) of a whole number of frames, and the
// segments are joined with concat (xfade where a clip dissolves in). Clip lengths are
// cut on the export's frame grid, so audio and video stay in sync over 80 clips and the
// file lasts the sum of its clips to within one frame.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpeg } from './ffmpeg.ts';

export const EXPORT_FPS = 30;
const SAMPLE_RATE = 48_000;
const SAMPLES_PER_FRAME = SAMPLE_RATE / EXPORT_FPS;
/** The long side of the picture; the short side follows the project's aspect ratio. */
const LONG_SIDE = 640;
/** Fades and dissolves last at most this many frames (0.5 s), and at most a third of the clip. */
const MAX_TRANSITION_FRAMES = 15;
/** How far a zoom or pan moves: the picture is magnified up to this factor. */
const MOTION_ZOOM = 1.2;

export const TRANSITIONS = ['none', 'fade', 'dissolve'] as const;
export const MOTIONS = ['none', 'zoom-in', 'zoom-out', 'pan-left', 'pan-right'] as const;
export const FITS = ['contain', 'cover', 'fill'] as const;
export const LOOKS = ['none', 'mono', 'warm', 'cool', 'vivid'] as const;

export interface RenderClip {
  path: string;
  kind: 'image' | 'video' | 'audio';
  /** Whether the source file has a picture / a sound track (an audio clip's cover art is ignored). */
  hasVideo: boolean;
  hasAudio: boolean;
  startMs: number;
  durationMs: number;
  transition: (typeof TRANSITIONS)[number];
  motion: (typeof MOTIONS)[number];
  fit: (typeof FITS)[number];
  look: (typeof LOOKS)[number];
  volume: number;
  title: string | null;
}

export interface RenderPlan {
  /** The project's "W:H". */
  aspectRatio: string;
  clips: RenderClip[];
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/System/Library/Fonts/Supplemental/Arial.ttf',
  'C:\\Windows\\Fonts\\arial.ttf',
];

/** A font drawtext can use, or null: without one, titles are kept in the export's clips only. */
export function findTitleFont(candidates: readonly string[] = FONT_CANDIDATES): string | null {
  return candidates.find((path) => existsSync(path)) ?? null;
}

/** Even pixel dimensions with the long side LONG_SIDE, for "W:H". */
export function outputSize(aspectRatio: string): { width: number; height: number } {
  const [w, h] = aspectRatio.split(':').map(Number) as [number, number];
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  return w >= h
    ? { width: LONG_SIDE, height: even((LONG_SIDE * h) / w) }
    : { width: even((LONG_SIDE * w) / h), height: LONG_SIDE };
}

/** Frames each clip gets: cut on the running total, so rounding never accumulates. */
export function clipFrames(durationsMs: number[]): number[] {
  let elapsedMs = 0;
  return durationsMs.map((ms) => {
    const from = Math.round((elapsedMs * EXPORT_FPS) / 1000);
    elapsedMs += ms;
    return Math.round((elapsedMs * EXPORT_FPS) / 1000) - from;
  });
}

/** Escapes a value for a filter option, then for the filtergraph around it. */
function filterValue(value: string): string {
  const option = value.replace(/[\\':]/g, '\\$&');
  return option.replace(/[\\'[\],;]/g, '\\$&');
}

const seconds = (frames: number) => (frames / EXPORT_FPS).toFixed(6);

function fitFilter(fit: RenderClip['fit'], width: number, height: number): string {
  switch (fit) {
    case 'cover':
      return `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height}`;
    case 'fill':
      return `scale=${width}:${height}`;
    case 'contain':
      return `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black`;
  }
}

function motionFilter(motion: RenderClip['motion'], frames: number, width: number, height: number): string | null {
  if (motion === 'none') return null;
  const last = Math.max(1, frames - 1);
  const progress = `(on/${last})`;
  const extra = (MOTION_ZOOM - 1).toFixed(3);
  const centreY = 'ih/2-(ih/zoom/2)';
  const [zoom, x] = {
    'zoom-in': [`1+${extra}*${progress}`, 'iw/2-(iw/zoom/2)'],
    'zoom-out': [`${MOTION_ZOOM}-${extra}*${progress}`, 'iw/2-(iw/zoom/2)'],
    'pan-left': [String(MOTION_ZOOM), `(iw-iw/zoom)*(1-${progress})`],
    'pan-right': [String(MOTION_ZOOM), `(iw-iw/zoom)*${progress}`],
  }[motion];
  // d=1: one output frame per input frame, so video keeps playing while it moves.
  return `zoompan=z='${zoom}':x='${x}':y='${centreY}':d=1:s=${width}x${height}:fps=${EXPORT_FPS}`;
}

const LOOK_FILTERS: Record<RenderClip['look'], string | null> = {
  none: null,
  mono: 'hue=s=0',
  warm: 'colorbalance=rs=0.12:gs=0.03:bs=-0.12:rm=0.08:bm=-0.08',
  cool: 'colorbalance=rs=-0.12:bs=0.12:rm=-0.08:bm=0.08',
  vivid: 'eq=saturation=1.5:contrast=1.08',
};

function transitionFrames(clip: RenderClip, frames: number): number {
  return clip.transition === 'none' ? 0 : Math.max(1, Math.min(MAX_TRANSITION_FRAMES, Math.floor(frames / 3)));
}

export interface ExportCommand {
  args: string[];
  /** The filtergraph, passed to ffmpeg as a script file (80 clips outgrow one argument). */
  graph: string;
}

/**
 * The ffmpeg arguments for a plan. `titleFiles[i]` is a text file holding clip i's title
 * (drawtext reads it verbatim, so no quoting can break the graph); `font` null skips titles.
 */
export function buildExportCommand(
  plan: RenderPlan,
  opts: { output: string; graphFile: string; font: string | null; titleFiles: (string | null)[] },
): ExportCommand {
  const { width, height } = outputSize(plan.aspectRatio);
  const frames = clipFrames(plan.clips.map((c) => c.durationMs));
  const inputs: string[] = [];
  const chains: string[] = [];

  plan.clips.forEach((clip, i) => {
    const n = frames[i]!;
    // Read a little more than needed: the segment is cut to exactly n frames below.
    const readSeconds = (n / EXPORT_FPS + 0.5).toFixed(3);
    if (clip.kind === 'image')
      inputs.push('-loop', '1', '-framerate', String(EXPORT_FPS), '-t', readSeconds, '-i', clip.path);
    else inputs.push('-ss', (clip.startMs / 1000).toFixed(3), '-t', readSeconds, '-i', clip.path);

    const fade = transitionFrames(clip, n);
    const video: string[] = [];
    if (clip.kind !== 'audio' && clip.hasVideo) {
      video.push(`[${i}:v]setpts=PTS-STARTPTS`, `fps=${EXPORT_FPS}`, fitFilter(clip.fit, width, height));
    } else {
      video.push(`color=c=black:s=${width}x${height}:r=${EXPORT_FPS}`);
    }
    // A source a frame short holds its last frame; then every segment is exactly n frames.
    video.push(
      'setsar=1',
      'format=yuv420p',
      `tpad=stop_mode=clone:stop_duration=${readSeconds}`,
      `trim=end_frame=${n}`,
      'setpts=PTS-STARTPTS',
    );
    const motion = motionFilter(clip.motion, n, width, height);
    if (motion) video.push(motion, 'setpts=PTS-STARTPTS');
    const look = LOOK_FILTERS[clip.look];
    if (look) video.push(look);
    const titleFile = opts.titleFiles[i];
    if (opts.font && clip.title && titleFile) {
      video.push(
        `drawtext=fontfile='${filterValue(opts.font)}':textfile='${filterValue(titleFile)}':expansion=none` +
          `:fontsize=${Math.round(height / 12)}:fontcolor=white:box=1:boxcolor=black@0.5:boxborderw=${Math.round(height / 60)}` +
          ':x=(w-text_w)/2:y=h-text_h-h/10',
      );
    }
    // A dissolve is drawn where the segments meet (below); fade and dissolve both fade the sound in.
    if (clip.transition === 'fade' || (clip.transition === 'dissolve' && i === 0))
      video.push(`fade=t=in:st=0:d=${seconds(fade)}`);
    // One time base everywhere: xfade refuses inputs whose time bases differ.
    video.push(`settb=1/${EXPORT_FPS}`);
    chains.push(`${video.join(',')}[v${i}]`);

    const audio: string[] = [];
    if (clip.hasAudio) {
      audio.push(
        `[${i}:a]asetpts=PTS-STARTPTS`,
        `aresample=${SAMPLE_RATE}`,
        `aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=stereo`,
        'apad',
      );
    } else {
      audio.push(`anullsrc=r=${SAMPLE_RATE}:cl=stereo`);
    }
    audio.push(`atrim=end_sample=${n * SAMPLES_PER_FRAME}`, 'asetpts=PTS-STARTPTS');
    if (clip.volume !== 1) audio.push(`volume=${clip.volume}`);
    if (fade > 0) audio.push(`afade=t=in:st=0:d=${seconds(fade)}`);
    chains.push(`${audio.join(',')}[a${i}]`);
  });

  chains.push(`${plan.clips.map((_c, i) => `[a${i}]`).join('')}concat=n=${plan.clips.length}:v=0:a=1[aout]`);
  chains.push(...joinVideo(plan.clips, frames));

  const args = [
    ...inputs,
    '-filter_complex_script',
    opts.graphFile,
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(EXPORT_FPS),
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ar',
    String(SAMPLE_RATE),
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    opts.output,
  ];
  return { args, graph: chains.join(';\n') };
}

/**
 * Joins the video segments: runs of clips are concatenated; a clip that dissolves in is
 * laid over the picture so far with xfade. The picture so far first holds its last frame
 * for the dissolve's length, so a dissolve never shortens the export.
 */
function joinVideo(clips: RenderClip[], frames: number[]): string[] {
  const chains: string[] = [];
  let current: string | null = null;
  let pending: string[] = [];
  let doneFrames = 0;
  let step = 0;
  const flush = () => {
    const parts = current ? [current, ...pending] : pending;
    if (parts.length > 1) {
      const label = `[j${step++}]`;
      chains.push(`${parts.join('')}concat=n=${parts.length}:v=1:a=0${label}`);
      current = label;
    } else current = parts[0] ?? current;
    pending = [];
  };
  clips.forEach((clip, i) => {
    if (clip.transition === 'dissolve' && i > 0) {
      flush();
      const d = transitionFrames(clip, frames[i]!);
      const held = `[h${step}]`;
      const label = `[j${step++}]`;
      chains.push(`${current}settb=1/${EXPORT_FPS},tpad=stop_mode=clone:stop=${d}${held}`);
      chains.push(`${held}[v${i}]xfade=transition=fade:duration=${seconds(d)}:offset=${seconds(doneFrames)}${label}`);
      current = label;
    } else pending.push(`[v${i}]`);
    doneFrames += frames[i]!;
  });
  flush();
  chains.push(`${current}null[vout]`);
  return chains;
}

/** Renders the plan into `output` (an .mp4). Says whether titles were drawn into the picture. */
export async function renderExport(plan: RenderPlan, output: string): Promise<{ titlesDrawn: boolean }> {
  const font = findTitleFont();
  const work = await mkdtemp(join(tmpdir(), 'clipdesk-export-'));
  try {
    const titleFiles = await Promise.all(
      plan.clips.map(async (clip, i) => {
        if (!font || !clip.title) return null;
        const path = join(work, `title-${i}.txt`);
        await writeFile(path, clip.title);
        return path;
      }),
    );
    const graphFile = join(work, 'graph.txt');
    const command = buildExportCommand(plan, { output, graphFile, font, titleFiles });
    await writeFile(graphFile, command.graph);
    await ffmpeg(command.args);
    return { titlesDrawn: font !== null && plan.clips.some((c) => c.title) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
