// Transcriptions (spec: "Word-timed transcripts and caption files"): POST /assets/{id}/transcriptions
// starts a charged, asynchronous job on a video or audio asset; GET polls it; the caption
// files are served once it completed. Speech work is charged (spec principle 5): per
// second of audio at TRANSCRIPTION_CREDITS_PER_MINUTE, refunded if the job fails or is
// cancelled. A video without a sound track costs nothing and reads as an empty transcript.
// The words come from a real offline recogniser (speechRecognizer.ts: PocketSphinx, US
// English); a language it does not understand is refused before anything is charged.
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { microsPerCredit } from '../create/modelCatalog.ts';
import { ApiError } from '../http/apiError.ts';
import { HANDLED, route, type Route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import type { AssetRow } from '../media/assetStore.ts';
import { decodedSoundMs, ffmpeg, probe } from '../media/ffmpeg.ts';
import { PAID_SLOTS } from '../jobs/jobRunner.ts';
import { jobTempFolder } from '../jobs/jobTemp.ts';
import { isTerminal } from '../jobs/jobLifecycle.ts';
import { groupingOf, transcriptCaptionFile, WordGroupQuery } from './captions.ts';
import {
  chunkParallelism,
  createTranscriptChunkStore,
  DEFAULT_TRANSCRIBE_CHUNK_MS,
  partialTranscript,
  transcribeInChunks,
  type TranscriptChunkStore,
} from './chunkedTranscription.ts';
import { registerMediaJob } from './mediaJob.ts';
import { assetJobListRoute, jobReadRoutes, type JobResource } from './mediaJobResource.ts';
import { createMediaJobStore, mediaJobFields, mediaJobShape, type MediaJobRow } from './mediaJobStore.ts';
import { RECOGNIZER } from './speechRecognizer.ts';
import { isEnglish, type Word } from './transcriptWords.ts';

const OPERATION = 'POST /assets/{id}/transcriptions';
/** The longest sound transcribed, as decoded. */
export const TRANSCRIPTION_MAX_MS = 3 * 3_600_000;
/** Sound decoded past the billed length before the work stops: the billed length is a decoded one, so this is slack only. */
const DECODE_MARGIN_MS = 2_000;
/** What the recogniser reads: 16 kHz mono 16-bit, 32,000 bytes a second. */
const RECOGNIZER_BYTES_PER_SECOND = 32_000;
/** $0.006 a minute at the base credit price, billed per started second of audio. */
export const TRANSCRIPTION_CREDITS_PER_MINUTE = 0.6;

const TranscriptionInput = z
  .strictObject({
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'must be a BCP-47 language tag such as "en" or "pt-BR"')
      .default('en')
      .describe(
        `The spoken language, as a BCP-47 tag; "en" by default. This service's recogniser understands ${RECOGNIZER.languages.join(', ')}: English, as "en" or a regional tag such as "en-US" or "en-GB" (its model is US English). Any other language is refused with 400 transcription.language_unsupported.`,
      ),
  })
  .prefault({});

type TranscriptionInputBody = z.infer<typeof TranscriptionInput>;

const WordSchema = z.object({
  text: z.string().describe('The word in lower case, as the recogniser\'s dictionary spells it (e.g. "mr", "don\'t").'),
  startMs: z
    .number()
    .int()
    .describe(
      "When the word starts, in milliseconds from the start of the asset's media (the recogniser works in 10 ms frames).",
    ),
  endMs: z
    .number()
    .int()
    .describe(
      "When the word ends (the end of its last frame). A gap between one word's endMs and the next startMs is a pause: silence or sound that is not speech.",
    ),
  confidence: z.number().describe("0 to 1: the recogniser's posterior probability of the word."),
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
    .enum([RECOGNIZER.id, 'synthetic'])
    .describe(
      `What heard the words. ${RECOGNIZER.id}: ${RECOGNIZER.summary}; it hears fillers ("um", "uh") when they are spoken, and leaves silence and noise out of the words. synthetic: a transcription made by an earlier version of this service, whose words were placeholders at the times of the sound.`,
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
  partial: z
    .object({
      words: z.array(WordSchema).describe('The words of the chunks recognised so far, in time order.'),
      doneMs: z.number().int().describe('How much of the sound those chunks cover, in milliseconds.'),
      chunks: z
        .object({ done: z.number().int(), total: z.number().int() })
        .describe(
          'The sound is recognised in chunks of about 45 s cut in silences, several at once; done of total are finished (stored: a job resumed after a restart of the service recognises only the rest).',
        ),
    })
    .nullable()
    .describe(
      'While the transcription is queued or running: the words so far and the progress (doneMs / transcript length); null before the first chunk is finished and once the job ended (then see transcript).',
    ),
  captions: z
    .object({ srt: z.string(), vtt: z.string() })
    .nullable()
    .describe('Paths (relative to the API base) of the caption files; null until completed.'),
});

function toTranscription(row: MediaJobRow, chunks: TranscriptChunkStore): z.infer<typeof TranscriptionSchema> {
  const input = JSON.parse(row.input) as { language: string; billedSeconds: number; recognizer?: typeof RECOGNIZER.id };
  const completed = row.state === 'completed' && row.result !== null;
  return {
    ...mediaJobFields(row),
    language: input.language,
    recognizer: input.recognizer ?? 'synthetic',
    billedSeconds: input.billedSeconds,
    transcript: completed ? (JSON.parse(row.result!) as TranscriptResult) : null,
    partial: isTerminal(row.state) ? null : partialTranscript(chunks, row.id),
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
  const chunks = createTranscriptChunkStore(ctx.db);
  const toApi = (row: MediaJobRow) => toTranscription(row, chunks);
  // A finished, failed or cancelled job's chunks are no longer needed: its words are in its result or discarded.
  ctx.jobs.onTransition((kind, id, to) => {
    if (kind === 'transcription' && isTerminal(to)) chunks.forget(id);
  });
  const resource: JobResource = {
    kind: 'transcription',
    store,
    basePath: '/transcriptions',
    tag: 'Transcriptions',
    schema: TranscriptionSchema,
    toApi,
  };

  registerMediaJob<TranscriptResult>(ctx, {
    kind: 'transcription',
    store,
    async work(row, signal) {
      const asset = ctx.assets.get(row.account_id, row.asset_id);
      const input = JSON.parse(row.input) as { soundMs?: number };
      const info = await probe(asset.storage_path);
      // Jobs accepted before the sound was measured at submission keep the probe's length.
      const durationMs = input.soundMs ?? info?.durationMs ?? asset.duration_ms ?? 0;
      if (!info?.hasAudio || durationMs === 0) return { durationMs, text: '', words: [] };
      // The recogniser reads a copy bounded by the billed (decoded) length, in the data folder:
      // never more sound than was paid for, never a temporary file without a size.
      const limitMs = durationMs + DECODE_MARGIN_MS;
      return jobTempFolder(ctx, `transcription-${row.id}`, async (dir) => {
        const pcmPath = join(dir, 'sound.s16le');
        await ffmpeg(
          [
            ...['-i', asset.storage_path, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000', '-f', 's16le'],
            ...[
              '-t',
              String(limitMs / 1000),
              '-fs',
              String(Math.ceil((limitMs / 1000) * RECOGNIZER_BYTES_PER_SECOND) + 4096),
              pcmPath,
            ],
          ],
          { signal },
        );
        const words = await transcribeInChunks({
          id: row.id,
          pcmPath,
          dir,
          chunkMs: ctx.options.transcribeChunkMs ?? DEFAULT_TRANSCRIBE_CHUNK_MS,
          parallel: chunkParallelism(PAID_SLOTS),
          store: chunks,
          signal,
          log: (line) => ctx.log(line),
        });
        return { durationMs, text: words.map((w) => w.text).join(' '), words };
      });
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
      query: WordGroupQuery,
      responses: {
        200: {
          description: `The caption file (${contentType.split(';')[0]}); empty of cues for silent media`,
          contentType: contentType.split(';')[0]!,
        },
        409: { description: 'transcription.not_ready: the transcription has not completed' },
      },
      handler({ principal, params, query, res, requestId }) {
        const row = store.get(principal.accountId, params.id as number);
        const text = transcriptCaptionFile(
          completedWords(row),
          format,
          groupingOf(query as z.infer<typeof WordGroupQuery>),
        );
        return sendText(res, requestId, contentType, `transcription-${row.id}.${format}`, text);
      },
    });
  }

  /**
   * The sound's length as decoded, which is what is billed and transcribed: a header that says
   * 1 s over 49.5 s of speech is not believed. Over TRANSCRIPTION_MAX_MS: 413, nothing charged.
   */
  async function measuredSound(asset: AssetRow): Promise<number> {
    const info = await probe(asset.storage_path);
    if (!info?.hasAudio) return 0;
    const { ms, capped } = await decodedSoundMs(asset.storage_path, TRANSCRIPTION_MAX_MS);
    if (capped) {
      throw new ApiError(
        'media.limit_exceeded',
        `Asset ${asset.id} holds at least ${TRANSCRIPTION_MAX_MS / 3_600_000} hours of sound once decoded, the most transcribed in one job: cut it into shorter assets. Nothing was charged.`,
        { details: { maxSeconds: TRANSCRIPTION_MAX_MS / 1000 } },
      );
    }
    return ms;
  }

  /** 400 unless the recogniser understands the language. */
  function requireKnownLanguage(language: string): void {
    if (isEnglish(language)) return;
    throw new ApiError(
      'transcription.language_unsupported',
      `language: this service's recogniser (${RECOGNIZER.id}) understands English only ("en", or a regional tag such as "en-US"), not "${language}": transcribe English speech, or speech in ${language} with a service that understands it.`,
      { details: { language, languages: [...RECOGNIZER.languages] } },
    );
  }

  return [
    route<TranscriptionInputBody>({
      method: 'POST',
      path: '/assets/{id}/transcriptions',
      auth: 'any',
      tag: 'Transcriptions',
      summary: `Transcribe a video or audio asset into timed words and caption files. Charged as speech work: ${TRANSCRIPTION_CREDITS_PER_MINUTE} credits per minute of audio (US$0.006 at the base credit price), billed per started second, when accepted; refunded if it fails or is cancelled. This service's recogniser: ${RECOGNIZER.summary}; it understands English (${RECOGNIZER.languages.join(', ')}). Word times are milliseconds from the start of the asset's media`,
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
            'request.invalid (language is not a BCP-47 tag), transcription.language_unsupported (a language the recogniser does not understand: error.languages lists those it does), media.kind_not_supported (an image), idempotency.key_missing or idempotency.key_invalid',
        },
        403: { description: 'wallet.insufficient_balance: nothing was created or charged' },
        413: {
          description:
            'media.limit_exceeded: the sound, decoded, is longer than 3 hours (billing and the work follow the decoded length, not the header)',
        },
        404: { description: 'resource.not_found: no such asset in this account' },
        409: { description: 'idempotency.key_reused: this key was used with other inputs' },
      },
      async handler({ principal, params, body, idempotencyKey }) {
        const { accountId } = principal;
        const asset = ctx.assets.get(accountId, params.id as number);
        requireTimedMedia(asset, 'transcription');
        requireKnownLanguage(body.language);
        const soundMs = await measuredSound(asset);
        const billedSeconds = Math.ceil(soundMs / 1000);
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
              input: { language: body.language, billedSeconds, soundMs, recognizer: RECOGNIZER.id },
              costMicros: micros,
            });
          },
        );
        if (!outcome.replay) ctx.jobs.enqueue('transcription', outcome.id);
        return { status: outcome.replay ? 200 : 202, data: toApi(store.get(accountId, outcome.id)) };
      },
    }),
    assetJobListRoute(ctx, { ...resource, plural: 'transcriptions' }),
    ...jobReadRoutes(ctx, resource),
    captionRoute('srt'),
    captionRoute('vtt'),
  ];
}
