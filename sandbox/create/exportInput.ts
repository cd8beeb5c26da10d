// What POST /exports accepts, and the checks that run before anything is queued: either
// a clip list (spec rule 7: clips of the project's own or attached media, at most 80 clips
// and 30 minutes) or the project's timeline, with output settings. Every refusal names the
// clip (or the field) and says what to change.
import { z } from 'zod';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import type { AssetRow } from '../media/assetStore.ts';
import { RevisionSchema } from '../editor/timelineSchemas.ts';
import { RangeInput, StillInput } from '../editor/renderRequest.ts';
import { DeliveryOutputInput } from '../render/outputSettings.ts';

export const TRANSITIONS = ['none', 'fade', 'dissolve'] as const;
export const MOTIONS = ['none', 'zoom-in', 'zoom-out', 'pan-left', 'pan-right'] as const;
export const FITS = ['contain', 'cover', 'fill'] as const;
export const LOOKS = ['none', 'mono', 'warm', 'cool', 'vivid'] as const;

/** An image clip with no trims is held this long. */
export const IMAGE_DEFAULT_MS = 3000;
/** Shorter clips would be a frame or two: too short to see, and too short to fade. */
export const CLIP_MIN_MS = 100;
export const TITLE_MAX_CHARS = 120;

const { exportMaxClips, exportMaxDurationMs, idMax } = CREATE_LIMITS;

const ms = z
  .number()
  .int('must be a whole number of milliseconds')
  .min(0, 'must be 0 or more')
  .max(exportMaxDurationMs, `must be at most ${exportMaxDurationMs} (30 minutes)`);

export const ClipInput = z.strictObject({
  assetId: z
    .number()
    .int()
    .min(1)
    .max(idMax)
    .describe('An image, video or audio asset of the project, or a brand asset attached to it.'),
  trimStartMs: ms
    .default(0)
    .describe(
      'Where the clip starts in its media, ms (default 0). For an image, the clip lasts trimEndMs - trimStartMs.',
    ),
  trimEndMs: ms
    .optional()
    .describe(
      `Where the clip ends in its media, ms; at most the media's durationMs (default: its end). An image without it is held ${IMAGE_DEFAULT_MS} ms.`,
    ),
  transition: z
    .enum(TRANSITIONS)
    .default('none')
    .describe(
      'How this clip enters: fade (from black) or dissolve (over the held last frame of the clip before), each with its sound fading in, over 0.5 s or a third of the clip if shorter; neither changes the length. Drawn as the timeline transitions of the same names.',
    ),
  motion: z
    .enum(MOTIONS)
    .default('none')
    .describe('A slow 1.2× zoom in or out, or a pan across a 1.2× enlargement, over the whole clip.'),
  fit: z
    .enum(FITS)
    .default('contain')
    .describe(
      "How media of another shape fills the project's frame: contain (letterbox on black), cover (fill and crop), fill (stretch).",
    ),
  look: z
    .enum(LOOKS)
    .default('none')
    .describe(
      'A colour treatment: mono (the saturation effect at 0), vivid (saturation 1.5 then contrast 1.08), warm or cool (a colour balance toward red or blue).',
    ),
  volume: z
    .number()
    .min(0, 'must be from 0 to 2')
    .max(2, 'must be from 0 to 2')
    .default(1)
    .describe('Sound level: 0 silent, 1 unchanged, 2 double.'),
  title: z
    .string()
    .trim()
    .max(TITLE_MAX_CHARS, `must be at most ${TITLE_MAX_CHARS} characters`)
    .optional()
    .describe(
      `Text shown over the lower part of the picture for the whole clip, up to ${TITLE_MAX_CHARS} characters: drawn as a caption of the subtitle style in the Inter font.`,
    ),
});

export const ExportInput = z
  .strictObject({
    projectId: z.number().int().min(1).max(idMax),
    clips: z
      .array(ClipInput)
      .min(1, 'an export needs at least one clip')
      .optional()
      .describe(
        `A sequence of the project's media, played in this order: 1 to ${exportMaxClips} clips lasting at most 30 minutes together. Give clips or timeline.`,
      ),
    timeline: z
      .strictObject({
        revision: RevisionSchema.optional().describe(
          'Export only if the timeline is still at this revision (409 revision.conflict otherwise); the current one by default.',
        ),
        range: RangeInput.optional(),
        still: StillInput.optional(),
      })
      .refine((timeline) => !(timeline.range && timeline.still), {
        message: 'give range (a part of the timeline) or still (one frame), not both',
        path: ['still'],
      })
      .optional()
      .describe(
        "The project's editor timeline, exactly as POST /projects/{id}/editor/render draws and mixes it: the whole of it (of any length: a long timeline is rendered in parts), a range of it, or one still frame. Give clips or timeline.",
      ),
    output: DeliveryOutputInput.optional(),
  })
  .refine((body) => (body.clips === undefined) !== (body.timeline === undefined), {
    message: "give either clips (a sequence of media) or timeline (the project's timeline), not both and not neither",
  })
  .refine(
    (body) => body.timeline || ((body.output?.format ?? 'mp4') === 'mp4' && body.output?.burnCaptions === undefined),
    {
      message:
        'a clip-list export makes an MP4 with its titles drawn: format (other than mp4) and burnCaptions are for a timeline export',
      path: ['output'],
    },
  );

export type ExportInputBody = z.infer<typeof ExportInput>;
type ClipInputBody = z.infer<typeof ClipInput>;

/** A clip as stored and returned: every option filled in, trims resolved against the media. */
export const ClipSchema = z.object({
  assetId: z.number().int(),
  kind: z.enum(['image', 'video', 'audio']),
  trimStartMs: z.number().int(),
  trimEndMs: z.number().int(),
  durationMs: z.number().int().describe('trimEndMs - trimStartMs: how long the clip plays.'),
  transition: z.enum(TRANSITIONS),
  motion: z.enum(MOTIONS),
  fit: z.enum(FITS),
  look: z.enum(LOOKS),
  volume: z.number(),
  title: z.string().nullable(),
});

export type Clip = z.infer<typeof ClipSchema>;

function minutes(totalMs: number): string {
  const m = Math.floor(totalMs / 60_000);
  const s = ((totalMs % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return `${m}:${s}`;
}

function trimError(index: number, asset: AssetRow, problem: string): ApiError {
  return new ApiError('export.invalid_trim', `clips[${index}] (asset ${asset.id}): ${problem}`, {
    details: { clipIndex: index, assetId: asset.id },
  });
}

function resolveTrims(index: number, clip: ClipInputBody, asset: AssetRow): { start: number; end: number } {
  const start = clip.trimStartMs;
  if (asset.kind === 'image') {
    const end = clip.trimEndMs ?? start + IMAGE_DEFAULT_MS;
    if (end <= start)
      throw trimError(
        index,
        asset,
        `trimEndMs (${end}) must be greater than trimStartMs (${start}); an image is held for trimEndMs - trimStartMs.`,
      );
    return { start, end };
  }
  const length = asset.duration_ms;
  if (length === null)
    throw trimError(index, asset, 'the length of this media is unknown, so it cannot be trimmed: upload it again.');
  const end = clip.trimEndMs ?? length;
  if (start >= length)
    throw trimError(index, asset, `trimStartMs (${start}) must be before the end of the media (${length} ms long).`);
  if (end > length)
    throw trimError(index, asset, `trimEndMs (${end}) is past the end of the media: use at most ${length}.`);
  if (end <= start) throw trimError(index, asset, `trimEndMs (${end}) must be greater than trimStartMs (${start}).`);
  return { start, end };
}

/**
 * Checks the clips against the project's media and the limits, and returns them normalised
 * with the export's length. Reads only: call it inside the transaction that inserts the export.
 */
export function checkExportClips(
  ctx: SandboxContext,
  accountId: number,
  body: { projectId: number; clips: ClipInputBody[] },
): { clips: Clip[]; durationMs: number } {
  if (body.clips.length > exportMaxClips) {
    const extra = body.clips.length - exportMaxClips;
    throw new ApiError(
      'export.too_many_clips',
      `An export takes at most ${exportMaxClips} clips; this one has ${body.clips.length}: remove ${extra} clip${extra === 1 ? '' : 's'} or split it into several exports.`,
      { details: { clipCount: body.clips.length, maxClips: exportMaxClips } },
    );
  }
  const clips = body.clips.map((clip, index): Clip => {
    const asset = ctx.db
      .prepare('SELECT * FROM assets WHERE id = ? AND account_id = ?')
      .get(clip.assetId, accountId) as AssetRow | undefined;
    if (!asset || !ctx.assets.usableInProject(body.projectId, clip.assetId)) {
      const why = asset
        ? 'belongs to another project or brand and is not attached to this one'
        : 'does not exist in this account';
      throw new ApiError(
        'export.media_not_in_project',
        `clips[${index}] uses asset ${clip.assetId}, which ${why}: use media of project ${body.projectId}, or attach the brand asset to it first.`,
        { details: { clipIndex: index, assetId: clip.assetId } },
      );
    }
    const { start, end } = resolveTrims(index, clip, asset);
    if (end - start < CLIP_MIN_MS)
      throw trimError(
        index,
        asset,
        `the clip lasts ${end - start} ms; every clip must last at least ${CLIP_MIN_MS} ms.`,
      );
    return {
      assetId: clip.assetId,
      kind: asset.kind,
      trimStartMs: start,
      trimEndMs: end,
      durationMs: end - start,
      transition: clip.transition,
      motion: clip.motion,
      fit: clip.fit,
      look: clip.look,
      volume: clip.volume,
      title: clip.title ? clip.title : null,
    };
  });
  const durationMs = clips.reduce((sum, clip) => sum + clip.durationMs, 0);
  if (durationMs > exportMaxDurationMs) {
    throw new ApiError(
      'export.too_long',
      `The clips last ${minutes(durationMs)} (${durationMs} ms) together; an export can last at most 30:00.000: shorten or remove clips to cut ${minutes(durationMs - exportMaxDurationMs)}.`,
      { details: { durationMs, maxDurationMs: exportMaxDurationMs } },
    );
  }
  return { clips, durationMs };
}
