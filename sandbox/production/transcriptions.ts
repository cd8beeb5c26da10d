// Transcriptions (spec: "Word-timed transcripts and caption files"): POST /assets/{id}/transcriptions
// starts a charged, asynchronous job on a video or audio asset; GET polls it; the caption
// files are served once it completed. Speech work is charged (spec principle 5): per
// second of audio at TRANSCRIPTION_CREDITS_PER_MINUTE, refunded if the job fails or is
// cancelled. A video without a sound track costs nothing and reads as an empty transcript.
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { microsPerCredit } from '../create/modelCatalog.ts';
import { ApiError } from '../http/apiError.ts';
import { HANDLED, route, type Route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import type { AssetRow } from '../media/assetStore.ts';
import { probe } from '../media/ffmpeg.ts';
import { buildCues, toSrt, toVtt } from './captions.ts';
import { soundSpans } from './mediaAnalysis.ts';
import { registerMediaJob } from './mediaJob.ts';
import { assetJobListRoute, jobReadRoutes, type JobResource } from './mediaJobRoutes.ts';
import { createMediaJobStore, mediaJobFields, mediaJobShape, type MediaJobRow } from './mediaJobStore.ts';
import { synthesizeWords, type Word } from './syntheticTranscript.ts';

const OPERATION = 'POST /assets/{id}/transcriptions';
/** $0.006 a minute at the base credit price, billed per started second of audio. */
export const TRANSCRIPTION_CREDITS_PER_MINUTE = 0.6;

/** Speech is sound louder than -40 dB lasting 150 ms or more; pauses under 250 ms are gaps between words. */
const SPEECH = { noiseDb: -40, minPauseMs: 250, minSoundMs: 150 } as const;

const TranscriptionInput = z
  .strictObject({
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'must be a BCP-47 language tag such as "en" or "pt-BR"')
      .default('en')
      .describe('The spoken language, as a BCP-47 tag; "en" by default.'),
  })
  .prefault({});

type TranscriptionInputBody = z.infer<typeof TranscriptionInput>;

const WordSchema = z.object({
  text: z.string(),
  startMs: z.number().int(),
  endMs: z.number().int(),
  confidence: z.number().describe('0 to 1.'),
});

interface TranscriptResult {
  durationMs: number;
  text: string;
  words: Word[];
}

export const TranscriptionSchema = z.object({
  ...mediaJobShape,
  language: z.string(),
  recognizer: z
    .literal('synthetic')
    .describe(
      'The sandbox has no speech model: its recogniser finds where the real audio makes sound (ffmpeg silencedetect) and fills those stretches with words from a fixed vocabulary, about 2.5 a second, so the timings are real and the words are not.',
    ),
  billedSeconds: z.number().int().describe('Seconds of audio charged (0 for media without a sound track).'),
  transcript: z
    .object({
      durationMs: z.number().int(),
      text: z.string().describe('The words, space-separated.'),
      words: z.array(WordSchema).describe('In time order; empty for silent media.'),
    })
    .nullable()
    .describe('Null until the transcription completed.'),
  captions: z
    .object({ srt: z.string(), vtt: z.string() })
    .nullable()
    .describe('Paths (relative to the API base) of the caption files; null until completed.'),
});

function toTranscription(row: MediaJobRow): z.infer<typeof TranscriptionSchema> {
  const input = JSON.parse(row.input) as { language: string; billedSeconds: number };
  const completed = row.state === 'completed' && row.result !== null;
  return {
    ...mediaJobFields(row),
    language: input.language,
    recognizer: 'synthetic',
    billedSeconds: input.billedSeconds,
    transcript: completed ? (JSON.parse(row.result!) as TranscriptResult) : null,
    captions: completed
      ? { srt: `/transcriptions/${row.id}/captions.srt`, vtt: `/transcriptions/${row.id}/captions.vtt` }
      : null,
  };
}

/** The words of a completed transcription; 409 transcription.not_ready otherwise. */
export function completedWords(row: MediaJobRow): Word[] {
  if (row.state !== 'completed' || row.result === null) {
    throw new ApiError(
      'transcription.not_ready',
      `Transcription ${row.id} is ${row.state}, not completed: ${row.state === 'queued' || row.state === 'running' ? 'poll it until it completes' : 'transcribe the asset again'}.`,
      { details: { state: row.state } },
    );
  }
  return (JSON.parse(row.result) as TranscriptResult).words;
}

export function createTranscriptionStore(ctx: SandboxContext) {
  return createMediaJobStore(ctx, 'transcriptions', 'transcription');
}

/** 400 unless the asset is video or audio (what `operation` takes). */
export function requireTimedMedia(asset: AssetRow, what: string): void {
  if (asset.kind === 'image') {
    throw new ApiError(
      'media.kind_not_supported',
      `Asset ${asset.id} is an image: ${what} takes video or audio assets.`,
    );
  }
}

function sendText(
  res: ServerResponse,
  requestId: string,
  contentType: string,
  filename: string,
  text: string,
): typeof HANDLED {
  res.writeHead(200, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(text),
    'content-disposition': `inline; filename="${filename}"`,
    'cache-control': 'no-store',
    'x-request-id': requestId,
  });
  res.end(text);
  return HANDLED;
}

export function transcriptionRoutes(ctx: SandboxContext): Route[] {
  const store = createTranscriptionStore(ctx);
  const resource: JobResource = {
    kind: 'transcription',
    store,
    basePath: '/transcriptions',
    tag: 'Transcriptions',
    schema: TranscriptionSchema,
    toApi: toTranscription,
  };

  registerMediaJob<TranscriptResult>(ctx, {
    kind: 'transcription',
    store,
    async work(row) {
      const asset = ctx.assets.get(row.account_id, row.asset_id);
      const info = await probe(asset.storage_path);
      const durationMs = info?.durationMs ?? asset.duration_ms ?? 0;
      if (!info?.hasAudio || durationMs === 0) return { durationMs, text: '', words: [] };
      const spans = await soundSpans(asset.storage_path, durationMs, SPEECH);
      const { language } = JSON.parse(row.input) as { language: string };
      const words = synthesizeWords(spans, language, Number.parseInt(asset.sha256.slice(0, 8), 16));
      return { durationMs, text: words.map((w) => w.text).join(' '), words };
    },
  });

  function captionRoute(format: 'srt' | 'vtt'): Route {
    const contentType = format === 'srt' ? 'text/plain; charset=utf-8' : 'text/vtt; charset=utf-8';
    return route({
      method: 'GET',
      path: `/transcriptions/{id}/captions.${format}`,
      auth: 'any',
      tag: 'Transcriptions',
      summary:
        format === 'srt'
          ? 'Captions as SubRip (SRT): timestamps like 00:00:01,000; at most 2 lines of 42 characters per cue'
          : 'Captions as WebVTT: a WEBVTT header, timestamps like 00:00:01.000; at most 2 lines of 42 characters per cue',
      responses: {
        200: {
          description: `The caption file (${contentType.split(';')[0]}); empty of cues for silent media`,
          contentType: contentType.split(';')[0]!,
        },
        409: { description: 'transcription.not_ready: the transcription has not completed' },
      },
      handler({ principal, params, res, requestId }) {
        const row = store.get(principal.accountId, params.id as number);
        const cues = buildCues(completedWords(row));
        const text = format === 'srt' ? toSrt(cues) : toVtt(cues);
        return sendText(res, requestId, contentType, `transcription-${row.id}.${format}`, text);
      },
    });
  }

  return [
    route<TranscriptionInputBody>({
      method: 'POST',
      path: '/assets/{id}/transcriptions',
      auth: 'any',
      tag: 'Transcriptions',
      summary: `Transcribe a video or audio asset into timed words and caption files. Charged as speech work: ${TRANSCRIPTION_CREDITS_PER_MINUTE} credits per minute of audio (US$0.006 at the base credit price), billed per started second, when accepted; refunded if it fails or is cancelled. The sandbox's recogniser is synthetic: real timings, placeholder words`,
      body: TranscriptionInput,
      idempotent: true,
      responses: {
        202: { description: 'Accepted: poll GET /transcriptions/{id} until completed', schema: TranscriptionSchema },
        200: {
          description:
            'A replay of an earlier identical request with this Idempotency-Key: the same job, not charged again',
          schema: TranscriptionSchema,
        },
        400: {
          description:
            'request.invalid (language), media.kind_not_supported (an image), idempotency.key_missing or idempotency.key_invalid',
        },
        403: { description: 'wallet.insufficient_balance: nothing was created or charged' },
        404: { description: 'resource.not_found: no such asset in this account' },
        409: { description: 'idempotency.key_reused: this key was used with other inputs' },
      },
      async handler({ principal, params, body, idempotencyKey }) {
        const { accountId } = principal;
        const asset = ctx.assets.get(accountId, params.id as number);
        requireTimedMedia(asset, 'transcription');
        const info = await probe(asset.storage_path);
        const billedSeconds = info?.hasAudio ? Math.ceil((info.durationMs ?? asset.duration_ms ?? 0) / 1000) : 0;
        const outcome = acceptOnce(
          ctx,
          { accountId, idempotencyKey, operation: OPERATION, input: { assetId: asset.id, ...body } },
          () => {
            const micros = Math.round(
              ((billedSeconds * TRANSCRIPTION_CREDITS_PER_MINUTE) / 60) *
                microsPerCredit(ctx.wallet.pricingMultiplier(accountId)),
            );
            if (micros > 0) ctx.wallet.charge(accountId, micros, `Transcribing ${billedSeconds} s of audio`);
            return store.insert({
              accountId,
              assetId: asset.id,
              projectId: asset.project_id,
              input: { language: body.language, billedSeconds },
              costMicros: micros,
            });
          },
        );
        if (!outcome.replay) ctx.jobs.enqueue('transcription', outcome.id);
        return { status: outcome.replay ? 200 : 202, data: toTranscription(store.get(accountId, outcome.id)) };
      },
    }),
    assetJobListRoute(ctx, { ...resource, plural: 'transcriptions' }),
    ...jobReadRoutes(ctx, resource),
    captionRoute('srt'),
    captionRoute('vtt'),
  ];
}
