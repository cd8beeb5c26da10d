// Finishes (spec: "Normalize audio into a new derivative"): POST /assets/{id}/finishes
// normalises the loudness of an audio asset, or of a video's sound, into a NEW asset of
// the same project or brand (source "finish"); the source asset is never changed. Not
// charged: it is media processing, and the spec charges generation, text and speech work.
import { rm } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { route, type Route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import { isTerminal } from '../jobs/jobLifecycle.ts';
import { probe } from '../media/ffmpeg.ts';
import { FINISH_RANGE_LU, finishFormat, finishLoudness, type FinishMeasurements } from './loudnessFinish.ts';
import type { Loudness } from './mediaAnalysis.ts';
import { registerMediaJob } from './mediaJob.ts';
import { assetJobListRoute, jobReadRoutes, type JobResource } from './mediaJobResource.ts';
import { createMediaJobStore, mediaJobFields, mediaJobShape, type MediaJobRow } from './mediaJobStore.ts';
import { requireTimedMedia } from './transcriptions.ts';

const OPERATION = 'POST /assets/{id}/finishes';

const FinishInput = z
  .strictObject({
    targetLufs: z
      .number()
      .min(-70, 'must be at least -70')
      .max(-5, 'must be at most -5')
      .default(-16)
      .describe(
        'Integrated loudness to reach, LUFS, -70 to -5; -16 by default (a common target for online video; broadcast uses -23).',
      ),
    truePeakDb: z
      .number()
      .min(-9, 'must be at least -9')
      .max(0, 'must be at most 0')
      .default(-1.5)
      .describe('Highest true peak allowed, dBTP, -9 to 0; -1.5 by default.'),
  })
  .prefault({});

type FinishInputBody = z.infer<typeof FinishInput>;

interface FinishResult extends FinishMeasurements {
  outputAssetId: number;
}

const LoudnessSchema = z.object({
  integratedLufs: z.number().nullable(),
  truePeakDb: z.number().nullable(),
  rangeLu: z.number().nullable().describe('Loudness range (LRA).'),
});

export const FinishSchema = z.object({
  ...mediaJobShape,
  assetId: z.number().int().describe('The source asset; it is not changed.'),
  costUsd: z.number().describe('Always 0: finishes are not charged.'),
  targetLufs: z.number(),
  truePeakDb: z.number(),
  outputAssetId: z
    .number()
    .int()
    .nullable()
    .describe('The new, normalised asset (source "finish", same project or brand); null until completed.'),
  loudness: z
    .object({
      input: LoudnessSchema.describe('The source as measured by the first loudnorm pass.'),
      output: LoudnessSchema.describe('The new asset, measured again after it was made.'),
      normalization: z
        .string()
        .describe(
          'linear: one gain for the whole file; dynamic: loudnorm had to vary the gain (wide loudness range, or the peak limit); limited: loudnorm fell more than 1 LU short, so a gain into a true-peak limiter was used.',
        ),
      shortfall: z
        .string()
        .nullable()
        .describe(
          'Why the new asset is more than 1 LU from the target (how far it got, why, and what to change), in words; null when it is within 1 LU.',
        ),
    })
    .nullable()
    .describe('Null until completed.'),
});

/** Two decimals; null for "no sound" (-inf), which JSON cannot carry. */
function shown(loudness: Loudness): z.infer<typeof LoudnessSchema> {
  const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 100) / 100 : null);
  return {
    integratedLufs: round(loudness.integratedLufs),
    truePeakDb: round(loudness.truePeakDb),
    rangeLu: round(loudness.rangeLu),
  };
}

function toFinish(row: MediaJobRow): z.infer<typeof FinishSchema> {
  const input = JSON.parse(row.input) as FinishInputBody;
  const result = row.state === 'completed' && row.result !== null ? (JSON.parse(row.result) as FinishResult) : null;
  return {
    ...mediaJobFields(row),
    targetLufs: input.targetLufs,
    truePeakDb: input.truePeakDb,
    outputAssetId: result?.outputAssetId ?? null,
    loudness: result
      ? {
          input: shown(result.input),
          output: shown(result.output),
          normalization: result.normalization,
          shortfall: result.shortfall ?? null,
        }
      : null,
  };
}

export function finishRoutes(ctx: SandboxContext): Route[] {
  const store = createMediaJobStore(ctx, 'finishes', 'finish');
  const resource: JobResource = {
    kind: 'finish',
    store,
    basePath: '/finishes',
    tag: 'Finishes',
    schema: FinishSchema,
    toApi: toFinish,
  };

  registerMediaJob<FinishResult | null>(ctx, {
    kind: 'finish',
    store,
    async work(row) {
      const input = JSON.parse(row.input) as FinishInputBody;
      const source = ctx.assets.get(row.account_id, row.asset_id);
      const format = finishFormat(source.content_type);
      const path = ctx.assets.newPath(format.extension);
      try {
        const measured = await finishLoudness(source.storage_path, path, {
          withVideo: source.kind === 'video',
          format,
          integratedLufs: input.targetLufs,
          truePeakDb: input.truePeakDb,
        });
        if (isTerminal(store.byId(row.id)!.state)) {
          await rm(path, { force: true }); // cancelled meanwhile: keep nothing
          return null;
        }
        const stem = basename(source.filename, extname(source.filename)) || `asset-${source.id}`;
        const asset = await ctx.assets.register({
          accountId: row.account_id,
          projectId: source.project_id,
          brandId: source.brand_id,
          kind: source.kind,
          filename: `${stem}-finished.${format.extension}`,
          contentType: format.contentType,
          source: 'finish',
          filePath: path,
        });
        return { outputAssetId: asset.id, ...measured };
      } catch (err) {
        await rm(path, { force: true });
        throw err;
      }
    },
  });

  return [
    route<FinishInputBody>({
      method: 'POST',
      path: '/assets/{id}/finishes',
      auth: 'any',
      tag: 'Finishes',
      summary: `Normalise the loudness of an audio asset, or of a video's sound, into a new asset (two-pass EBU R128 loudnorm, loudness range ${FINISH_RANGE_LU} LU, 48 kHz; video copied unchanged), within 1 LU of the target or with loudness.shortfall saying why. The source asset is not changed. Not charged`,
      body: FinishInput,
      idempotent: true,
      responses: {
        202: {
          description: 'Accepted: poll GET /finishes/{id} until completed, then use outputAssetId',
          schema: FinishSchema,
        },
        200: {
          description: 'A replay of an earlier identical request with this Idempotency-Key: the same finish',
          schema: FinishSchema,
        },
        400: {
          description:
            'request.invalid (targetLufs, truePeakDb), media.kind_not_supported (an image), media.no_audio (a video without sound), idempotency.key_missing or idempotency.key_invalid',
        },
        404: { description: 'resource.not_found: no such asset in this account' },
        409: { description: 'idempotency.key_reused: this key was used with other inputs' },
      },
      async handler({ principal, params, body, idempotencyKey }) {
        const { accountId } = principal;
        const asset = ctx.assets.get(accountId, params.id as number);
        requireTimedMedia(asset, 'a finish');
        const info = await probe(asset.storage_path);
        if (!info?.hasAudio)
          throw new ApiError(
            'media.no_audio',
            `Asset ${asset.id} is a video without a sound track: there is no sound to normalise.`,
          );
        const outcome = acceptOnce(
          ctx,
          { accountId, idempotencyKey, operation: OPERATION, input: { assetId: asset.id, ...body } },
          () => store.insert({ accountId, assetId: asset.id, projectId: asset.project_id, input: body }),
        );
        if (!outcome.replay) ctx.jobs.enqueue('finish', outcome.id);
        return { status: outcome.replay ? 200 : 202, data: toFinish(store.get(accountId, outcome.id)) };
      },
    }),
    assetJobListRoute(ctx, { ...resource, plural: 'finishes' }),
    ...jobReadRoutes(ctx, resource),
  ];
}
