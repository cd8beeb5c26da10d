// Reviews (spec: "Review frames, sound, motion and captions"): POST /assets/{id}/reviews
// starts an asynchronous check of a video or audio asset; GET polls it. Not charged: it is
// media analysis, and the spec charges generation, text and speech work. Each final state
// is announced as a webhook event: review.completed, review.failed or review.cancelled.
import { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { route, type Route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import { probe } from '../media/ffmpeg.ts';
import { measureForReview, type ReviewMeasurements } from './mediaAnalysis.ts';
import { jobFailure, registerMediaJob } from './mediaJob.ts';
import { assetJobListRoute, jobReadRoutes, type JobResource } from './mediaJobResource.ts';
import { createMediaJobStore, mediaJobFields, mediaJobShape, type MediaJobRow } from './mediaJobStore.ts';
import {
  byTime,
  captionFindings,
  frameFindings,
  motionFindings,
  REVIEW_ASPECTS,
  soundFindings,
  type Finding,
  type ReviewAspect,
} from './reviewFindings.ts';
import { completedWords, createTranscriptionStore, requireTimedMedia } from './transcriptions.ts';

const OPERATION = 'POST /assets/{id}/reviews';
const PICTURE_ASPECTS: readonly ReviewAspect[] = ['frames', 'motion'];

const ReviewInput = z
  .strictObject({
    aspects: z
      .array(z.enum(REVIEW_ASPECTS))
      .min(1, 'name at least one aspect, or leave aspects out to review every aspect that applies')
      .refine((list) => new Set(list).size === list.length, 'must not name an aspect twice')
      .optional()
      .describe(
        'What to review: frames (black frames), sound (silence, loudness, clipping), motion (frozen picture), captions (the latest completed transcription). Left out: every aspect that applies to the media (audio: sound and captions).',
      ),
  })
  .prefault({});

type ReviewInputBody = z.infer<typeof ReviewInput>;

interface ReviewResult {
  durationMs: number;
  findings: Finding[];
  /** The transcription whose captions were checked, if any. */
  transcriptionId: number | null;
}

const FindingSchema = z.object({
  aspect: z.enum(REVIEW_ASPECTS),
  severity: z.enum(['info', 'warning', 'error']),
  startMs: z.number().int(),
  endMs: z.number().int(),
  message: z.string().describe('What is wrong and what to do about it.'),
});

export const ReviewSchema = z.object({
  ...mediaJobShape,
  costUsd: z.number().describe('Always 0: reviews are not charged.'),
  aspects: z.array(z.enum(REVIEW_ASPECTS)).describe('The aspects reviewed.'),
  findings: z
    .array(FindingSchema)
    .nullable()
    .describe('In time order; an empty list means nothing to fix. Null until completed.'),
  transcriptionId: z
    .number()
    .int()
    .nullable()
    .describe(
      'The transcription whose captions were checked; null when there was none (or captions were not reviewed, or not yet completed).',
    ),
});

function toReview(row: MediaJobRow): z.infer<typeof ReviewSchema> {
  const { aspects } = JSON.parse(row.input) as { aspects: ReviewAspect[] };
  const result = row.state === 'completed' && row.result !== null ? (JSON.parse(row.result) as ReviewResult) : null;
  return {
    ...mediaJobFields(row),
    aspects,
    findings: result?.findings ?? null,
    transcriptionId: result?.transcriptionId ?? null,
  };
}

export function reviewRoutes(ctx: SandboxContext): Route[] {
  const store = createMediaJobStore(ctx, 'reviews', 'review');
  const transcriptions = createTranscriptionStore(ctx);
  const resource: JobResource = {
    kind: 'review',
    store,
    basePath: '/reviews',
    tag: 'Reviews',
    schema: ReviewSchema,
    toApi: toReview,
  };

  registerMediaJob<ReviewResult>(ctx, {
    kind: 'review',
    store,
    async work(row) {
      const { aspects } = JSON.parse(row.input) as { aspects: ReviewAspect[] };
      const asset = ctx.assets.get(row.account_id, row.asset_id);
      const info = await probe(asset.storage_path);
      if (!info) throw jobFailure('job.failed', `Asset ${asset.id} can no longer be read as media.`);
      const durationMs = info.durationMs ?? asset.duration_ms ?? 0;
      const wants = (aspect: ReviewAspect) => aspects.includes(aspect);
      const hasVideo = info.hasVideo && asset.kind === 'video';
      const measured: ReviewMeasurements = await measureForReview(asset.storage_path, durationMs, {
        video: hasVideo && (wants('frames') || wants('motion')),
        audio: info.hasAudio && wants('sound'),
      });
      const findings: Finding[] = [];
      if (wants('frames')) findings.push(...frameFindings(measured, durationMs));
      if (wants('motion')) findings.push(...motionFindings(measured, durationMs));
      if (wants('sound')) findings.push(...soundFindings(measured, durationMs, info.hasAudio));
      let transcriptionId: number | null = null;
      if (wants('captions')) {
        const latest = transcriptions.latestCompleted(row.account_id, asset.id);
        transcriptionId = latest?.id ?? null;
        findings.push(
          ...captionFindings(
            latest ? { id: latest.id, words: completedWords(latest) } : undefined,
            asset.id,
            durationMs,
          ),
        );
      }
      return { durationMs, findings: findings.sort(byTime), transcriptionId };
    },
    event(row) {
      const findings = row.result ? (JSON.parse(row.result) as ReviewResult).findings.length : 0;
      return {
        accountId: row.account_id,
        data: {
          kind: 'review',
          id: row.id,
          assetId: row.asset_id,
          projectId: row.project_id,
          state: row.state,
          findingsCount: findings,
        },
      };
    },
  });

  return [
    route<ReviewInputBody>({
      method: 'POST',
      path: '/assets/{id}/reviews',
      auth: 'any',
      tag: 'Reviews',
      summary:
        'Review a video or audio asset: black frames, long silences, loudness and clipping, frozen picture, and caption reading speed (from its latest completed transcription). Not charged. Announced by the webhook events review.completed, review.failed and review.cancelled',
      body: ReviewInput,
      idempotent: true,
      responses: {
        202: {
          description: 'Accepted: poll GET /reviews/{id} until completed, or wait for the review.completed event',
          schema: ReviewSchema,
        },
        200: {
          description: 'A replay of an earlier identical request with this Idempotency-Key: the same review',
          schema: ReviewSchema,
        },
        400: {
          description:
            'request.invalid (aspects; frames and motion need a video), media.kind_not_supported (an image), idempotency.key_missing or idempotency.key_invalid',
        },
        404: { description: 'resource.not_found: no such asset in this account' },
        409: { description: 'idempotency.key_reused: this key was used with other inputs' },
      },
      handler({ principal, params, body, idempotencyKey }) {
        const { accountId } = principal;
        const asset = ctx.assets.get(accountId, params.id as number);
        requireTimedMedia(asset, 'a review');
        const applicable =
          asset.kind === 'video' ? REVIEW_ASPECTS : REVIEW_ASPECTS.filter((a) => !PICTURE_ASPECTS.includes(a));
        const notApplicable = (body.aspects ?? []).filter((a) => !applicable.includes(a));
        if (notApplicable.length > 0) {
          throw new ApiError(
            'request.invalid',
            `Invalid body. aspects: ${notApplicable.join(' and ')} need a picture, and asset ${asset.id} is audio; leave ${notApplicable.length > 1 ? 'them' : 'it'} out (or leave aspects out to review everything that applies).`,
          );
        }
        const aspects = body.aspects ?? [...applicable];
        const outcome = acceptOnce(
          ctx,
          { accountId, idempotencyKey, operation: OPERATION, input: { assetId: asset.id, ...body } },
          () => store.insert({ accountId, assetId: asset.id, projectId: asset.project_id, input: { aspects } }),
        );
        if (!outcome.replay) ctx.jobs.enqueue('review', outcome.id);
        return { status: outcome.replay ? 200 : 202, data: toReview(store.get(accountId, outcome.id)) };
      },
    }),
    assetJobListRoute(ctx, { ...resource, plural: 'reviews' }),
    ...jobReadRoutes(ctx, resource),
  ];
}
